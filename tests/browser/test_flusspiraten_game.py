"""Flußpiraten played to its end on a phone, in German and in French, by the page's controls.

A 3-player game with a rowing test is played at
360 px wide, one seat by clicks on its page (an option, then "Confirm move"
in the confirmation that says the move in words; a path by tapping where it
ends on the river, then its way where several lead there; a walk onto a
taken ford in two parts, the waiting pirate's bank tapped on the river too),
the other seats by the bot through the service. Every move control and river
target on the clicker's pages is 44 × 44 CSS px at least, the path step
passes axe-core, and a path confirmed on a stale page is refused with its
error in view. Each click
is the move the bot would make for that seat, so the seeded game is known
to end soon and to hold a rowing test early. At the rowing test the page
names the three choices; once the clicking seat has chosen it says he waits
for the other rower, and the other rower's page shows nothing of his choice.
Every page has no word broken across lines (hashes and salts, longer than
any word, may break) and river labels of 11 px or more; the finished game
is shown at 360 and 1280 px and its history at 360 px (screenshots in
``var/screenshots/``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from engine.base import Move
from games.models import Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from tests.browser.checks import (
    axe_violations,
    broken_words,
    small_targets,
    smallest_svg_text,
    stale_confirmation_refused,
)

PLAYERS = ("Volker", "Birgit", "Dieter")
PHONE = {"width": 360, "height": 800}
WIDE = {"width": 1280, "height": 900}
WORDS = {
    "en": {
        "choices": ("Row (die)", "Empty hand", "Club"),
        "test": "Rowing test: choose in secret",
        "waiting": "You have chosen. Waiting for the other rower.",
        "this move": "This move:",
        "over": "The game is over.",
        "source": "source",
    },
    "de": {
        "choices": ("Rudern (Würfel)", "Leere Hand", "Keule"),
        "test": "Ruderprobe: geheim wählen",
        "waiting": "Du hast gewählt. Warte auf den anderen Ruderer.",
        "this move": "Dieser Zug:",
        "over": "Das Spiel ist zu Ende.",
        "source": "Quelle",
    },
    "fr": {
        "choices": ("Ramer (dé)", "Main vide", "Massue"),
        "test": "Épreuve d’aviron : choisissez en secret",
        "waiting": "Vous avez choisi. En attente de l’autre rameur.",
        "this move": "Ce coup :",
        "over": "La partie est terminée.",
        "source": "source",
    },
}


def _serve(game: Game, name: str) -> None:
    """The bot's move for ``name``, made through the service as a player's would be."""
    move = engine_for(game).bot_move(load_state(game), name)
    seat = game.seats.get(display_name=name)
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
    game.refresh_from_db()


def _wait_for_seq(page: Any, game: Game, seq: int) -> None:
    for _ in range(200):
        game.refresh_from_db()
        if game.last_seq > seq:
            return
        page.wait_for_timeout(25)
    raise AssertionError(f"no move was stored after seq {seq}")


def _check_layout(page: Any) -> None:
    """No word of the page broken across lines; no label of the river it shows under 11 px."""
    assert broken_words(page) == []
    smallest = smallest_svg_text(page, "svg.river text")
    assert smallest is not None and smallest >= 11, f"a river label of {smallest} px"


def _tap_river(page: Any, **selection: str) -> None:
    """Tap the river's target that selects ``selection`` (``move=…`` or ``field=…``)."""
    with page.expect_navigation():
        page.locator(f'svg.river-down a.target[href="?{urlencode(selection)}"]').click()


def _choose_path(page: Any, engine: Any, move: Move) -> None:
    """Tap where the path ends on the river, then its way if several lead there; a walk onto
    a taken ford in two parts, the waiting pirate's bank tapped on the river too."""
    if "evict" in move:
        part = engine.format_move({key: value for key, value in move.items() if key != "evict"})
        if page.locator(f'svg.river-down a.target[href="?{urlencode({"move": part})}"]').count():
            _tap_river(page, move=part)
        else:
            _tap_river(page, field=move["steps"][-1])
            page.locator(f'section.fp-controls a[data-move="{part}"]').click()
            page.wait_for_url(f"**{urlencode({'move': part})}")
        assert small_targets(page) == []
        _tap_river(page, move=engine.format_move(move))
        return
    notation = engine.format_move(move)
    if page.locator(f'svg.river-down a.target[href="?{urlencode({"move": notation})}"]').count():
        _tap_river(page, move=notation)
        return
    _tap_river(page, field=move["steps"][-1])
    assert small_targets(page) == []
    page.locator(f'section.fp-controls a[data-move="{notation}"]').click()


def _click_move(page: Any, game: Game, move: Move, words: dict[str, Any]) -> None:
    """Choose ``move`` by its option, a path by the river, then confirm it."""
    engine = engine_for(game)
    notation = engine.format_move(move)
    assert small_targets(page) == []
    if move["type"] == "path":
        _choose_path(page, engine, move)
    else:
        page.locator(f'section.fp-controls a[data-move="{notation}"]').click()
    confirm = page.locator("#confirm .confirm-box")
    confirm.wait_for()
    assert words["this move"] in confirm.inner_text()
    assert confirm.locator("code.notation").inner_text() == notation
    seq = game.last_seq
    confirm.locator("button.primary").click()
    _wait_for_seq(page, game, seq)


def _refused_in_view(page: Any, game: Game, move: Move, url: str) -> None:
    """A path confirmed on a page gone stale is refused, its error in view; the page again."""
    _choose_path(page, engine_for(game), move)
    page.locator("#confirm .confirm-box").wait_for()
    assert stale_confirmation_refused(page) == ""
    page.goto(url)


def _outside_controls(page: Any) -> str:
    return str(
        page.evaluate(
            "() => { const area = document.querySelector('#play-area').cloneNode(true);"
            " area.querySelector('section.fp-controls')?.remove(); return area.innerText; }"
        )
    )


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("language", "seed", "clicker"),
    [("en", 10, "Volker"), ("de", 10, "Volker"), ("fr", 19, "Dieter")],
)
def test_a_game_with_a_rowing_test_is_played_to_its_end_at_360_px(
    live_server: Any,
    browser: Any,
    console: Any,
    screenshots: Path,
    language: str,
    seed: int,
    clicker: str,
) -> None:
    words = WORDS[language]
    players = [PlayerSpec(name=name, language=language) for name in PLAYERS]
    game = game_create(kind="flusspiraten", players=players, seed=seed)
    engine = engine_for(game)
    urls = {
        seat.display_name: f"{live_server.url}/play/{seat_token(seat)}/"
        for seat in game.seats.all()
    }
    page = console.watch(browser.new_context(viewport=PHONE).new_page())
    tests = paths = 0
    while game.status == Game.Status.ACTIVE:
        if clicker not in game.to_move:
            _serve(game, game.to_move[0])
            continue
        step = engine.summary(load_state(game))["step"]
        page.goto(urls[clicker])
        if step["kind"] == "choose" and not step["chosen"]:
            tests += 1
            assert words["test"] in page.inner_text("section.fp-controls")
            for name in words["choices"]:
                assert page.locator("section.fp-controls .option-label", has_text=name).count()
            page.screenshot(path=str(screenshots / f"flusspiraten-{language}-test.png"))
        elif step["kind"] == "path" and not paths:
            paths += 1
            page.screenshot(path=str(screenshots / f"flusspiraten-{language}-path.png"))
            assert axe_violations(page) == []
            _refused_in_view(page, game, engine.bot_move(load_state(game), clicker), urls[clicker])
        if tests == 1 and step["kind"] == "choose":
            _check_layout(page)
        _click_move(page, game, engine.bot_move(load_state(game), clicker), words)
        step = engine.summary(load_state(game))["step"] or {}
        if step.get("kind") == "choose" and clicker in step["chosen"]:
            page.goto(urls[clicker])
            assert page.locator("[data-waiting=rower]").inner_text() == words["waiting"]
            other = console.watch(page.context.new_page())
            (rower,) = game.to_move
            other.goto(urls[rower])
            assert other.locator("section.fp-controls a.option").count() == 3
            assert not any(name in _outside_controls(other) for name in words["choices"])
            other.close()
    assert tests > 0 and paths > 0

    page.goto(urls[clicker])
    assert words["over"] in page.inner_text(".banner")
    assert page.locator("section.fp-controls").count() == 0
    _check_layout(page)
    page.screenshot(path=str(screenshots / f"flusspiraten-{language}-end.png"), full_page=True)
    page.goto(f"{urls[clicker]}history/")
    assert words["source"] in page.locator("svg.river-down").text_content()
    _check_layout(page)
    page.screenshot(path=str(screenshots / f"flusspiraten-{language}-history.png"), full_page=True)
    wide = console.watch(browser.new_context(viewport=WIDE).new_page())
    wide.goto(urls[clicker])
    assert wide.locator("svg.river-across").is_visible()
    _check_layout(wide)
    wide.screenshot(path=str(screenshots / f"flusspiraten-{language}-1280.png"), full_page=True)
    for context in (page.context, wide.context):
        context.close()  # no polling page holds a database connection at teardown
    assert console.errors == []
