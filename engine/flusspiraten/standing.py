"""Standing answers to the Flußpiraten questions asked off a player's turn.

A standing answer is set in advance and played at once, as the player's move, when its
question comes; it reads only the player's view. These questions come off one's turn:

- ``deploy``: every player's split of his pirates at the start (§2), ``{"left": n}``
  pirates on ``SL`` and the rest on ``SR``, ``n`` from 0 to 5 [F21].
- ``choose``: the partner's sealed choice in a rowing test (§4), ``{"choice": "die"}``
  (or ``empty``, ``club``). It is played as a chosen one is, so it stays sealed the same.
- ``path``: the partner's path when he rows alone after the helmsman's ``club`` against
  his ``die`` [F10]. ``{"path": "furthest"}`` takes the legal path that ends nearest the
  source (the source itself first); of paths ending level, the first in legal order. It
  is never a harbour departure's path: the helmsman, whose turn it is, chooses that one.
- ``wish``: the partner's wish after a departure (§4), ``{"turn": true}`` or ``false``.
- ``pile``: the pirate waiting at a ford when boats end a move there (§6, [F13]),
  ``{"pile": "board"}`` or ``{"pile": "stay"}``. The offered boats all stand level with
  the ford, so none is nearer the source: "board" takes the one on the weaker current
  (it drifts back less while it waits to be rowed), and of those the lowest-numbered.

A waiting pirate or a rower whose own turn it is answers himself: only questions asked
off a player's turn are answered in advance.
"""

from __future__ import annotations

from random import Random
from typing import Any

from engine.base import Move
from engine.flusspiraten import board
from engine.flusspiraten.rules import legal_moves
from engine.flusspiraten.worlds import sample_state

QUESTIONS = ("deploy", "choose", "path", "wish", "pile")
"""The questions a Flußpiraten player may answer in advance."""
AT_THE_START = ("deploy",)
"""The questions asked of every player as the game begins: answered before the deal too."""
PILE_ANSWERS = ("board", "stay")
PATH_ANSWERS = ("furthest",)


def rule_error(question: str, rule: object) -> str | None:
    """Why ``rule`` is no standing answer to ``question`` (``None``: it is one)."""
    if question not in QUESTIONS:
        return f"Flußpiraten asks in advance only about: {', '.join(QUESTIONS)}."
    if not isinstance(rule, dict):
        return "A standing answer is a JSON object."
    if question == "deploy":
        left = rule.get("left")
        if set(rule) != {"left"} or type(left) is not int or not 0 <= left <= board.PIRATES:
            return f"A deploy answer is left: the pirates kept on SL, 0 to {board.PIRATES}."
    elif question == "choose":
        if set(rule) != {"choice"} or rule["choice"] not in board.CHOICES:
            return "A rowing-test answer is a choice: die, empty or club."
    elif question == "path":
        if set(rule) != {"path"} or rule["path"] not in PATH_ANSWERS:
            return "A path answer is path: furthest."
    elif question == "wish":
        if set(rule) != {"turn"} or not isinstance(rule["turn"], bool):
            return "A wish answer is turn: true or false."
    elif set(rule) != {"pile"} or rule["pile"] not in PILE_ANSWERS:
        return "A ford answer is pile: board or stay."
    return None


def question(view: dict[str, Any], player: str) -> str | None:
    """The question ``view`` asks of ``player`` now, off his turn, that he may answer ahead."""
    step = view["step"]
    if step is None or step["turn"] == player or player not in view["to_move"]:
        return None
    kind = step["kind"]
    if kind == "deploy":
        return "deploy"
    if kind == "choose" and step["partner"] == player:
        return "choose"
    if kind in ("path", "wish", "pile") and step["player"] == player:
        return str(kind)
    return None


def _height(space: str) -> int:
    """How far upriver a boat path's last space is: 1 to 17, the source above them all."""
    if space == board.SOURCE:
        return board.LENGTH + 1
    return board.RIVER_INDEX[space] % board.LENGTH + 1


def _furthest(view: dict[str, Any], player: str) -> Move:
    """The legal path of ``player`` ending nearest the source, the first of those that tie."""
    state = sample_state(view, Random(0))
    paths = legal_moves(state, player)
    return max(paths, key=lambda move: _height(move["steps"][-1]))


def _boarded(view: dict[str, Any]) -> Move:
    """The offered boat on the weaker current, the lowest-numbered of those that tie."""

    def current(boat: int) -> int:
        return board.CURRENT[board.RIVER_INDEX[view["boats"][str(boat)]["at"]]]

    boat = min(view["step"]["boats"], key=lambda b: (current(b), b))
    return {"type": "pile", "boat": boat}


def answer(view: dict[str, Any], player: str, rule: dict[str, Any]) -> Move:
    """The move ``rule`` makes for ``player`` on the question of ``view``."""
    kind = view["step"]["kind"]
    if kind == "deploy":
        return {"type": "deploy", "left": rule["left"]}
    if kind == "choose":
        return {"type": "choose", "choice": rule["choice"]}
    if kind == "path":
        return _furthest(view, player)
    if kind == "wish":
        return {"type": "wish", "turn": rule["turn"]}
    if rule["pile"] == "stay":
        return {"type": "stay"}
    return _boarded(view)
