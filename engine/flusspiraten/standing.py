"""Standing answers to the Flußpiraten questions asked off a player's turn.

A standing answer is set in advance and played at once, as the player's move, when its
question comes; it reads only the player's view. Two questions come off one's turn:

- ``choose``: the partner's sealed choice in a rowing test (§4), ``{"choice": "die"}``
  (or ``empty``, ``club``). It is played as a chosen one is, so it stays sealed the same.
- ``wish``: the partner's wish after a departure (§4), ``{"turn": true}`` or ``false``.
"""

from __future__ import annotations

from typing import Any

from engine.base import Move
from engine.flusspiraten import board

QUESTIONS = ("choose", "wish")
"""The questions a Flußpiraten player may answer in advance."""


def rule_error(question: str, rule: object) -> str | None:
    """Why ``rule`` is no standing answer to ``question`` (``None``: it is one)."""
    if question not in QUESTIONS:
        return f"Flußpiraten asks in advance only about: {', '.join(QUESTIONS)}."
    if question == "choose":
        if (
            not isinstance(rule, dict)
            or set(rule) != {"choice"}
            or rule["choice"] not in board.CHOICES
        ):
            return "A rowing-test answer is a choice: die, empty or club."
        return None
    if not isinstance(rule, dict) or set(rule) != {"turn"} or not isinstance(rule["turn"], bool):
        return "A wish answer is turn: true or false."
    return None


def question(view: dict[str, Any], player: str) -> str | None:
    """The question ``view`` asks of ``player`` now, off his turn, that he may answer ahead."""
    step = view["step"]
    if step is None or step["turn"] == player or player not in view["to_move"]:
        return None
    if step["kind"] == "choose" and step["partner"] == player:
        return "choose"
    if step["kind"] == "wish" and step["player"] == player:
        return "wish"
    return None


def answer(view: dict[str, Any], player: str, rule: dict[str, Any]) -> Move:
    """The move ``rule`` makes for ``player`` on the question of ``view``."""
    if view["step"]["kind"] == "choose":
        return {"type": "choose", "choice": rule["choice"]}
    return {"type": "wish", "turn": rule["turn"]}
