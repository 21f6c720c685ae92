// The history page's replay slider follows the board the page shows: after Previous,
// Next or the slider itself swaps in a board, the server names its move in a
// "replay-moved" event (and pushes its ?at=N to the address bar), and the slider and
// the list of moves move there. Loaded with the page, so registered only once.
(function () {
  "use strict";
  if (window.replaySliderFollows) { return; }
  window.replaySliderFollows = true;

  document.addEventListener("replay-moved", function (event) {
    var at = event.detail.at;
    var slider = document.getElementById("at");
    if (slider) {
      slider.value = at;
      slider.setAttribute("value", at);
      slider.setAttribute("aria-valuetext", event.detail.label);
    }
    document.querySelectorAll(".moves-list li.current").forEach(function (item) {
      item.classList.remove("current");
    });
    var current = document.getElementById("move-" + at);
    if (current) { current.classList.add("current"); }
  });
})();
