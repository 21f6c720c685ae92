"""Standing answers to the Seeräuber question asked off a player's turn: the mutiny (§6).

A standing answer is a rule its player sets in advance; when the question comes it is
played at once as his move. The rule reads only the player's view (everything in
Seeräuber is public), so it decides exactly as the player could at that moment.

The rule is ``{"mutiny": "always"}``, ``{"mutiny": "never"}``, or
``{"mutiny": "wages", "ducats": N}``: mutiny only when the player's pirates in the
captain's stack earn at least ``N`` ducats in wages on every displayed ship the stack
could board (the captain chooses the ship, so the worst case counts).
"""

from __future__ import annotations

from typing import Any

from engine.base import Move
from engine.seerauber import board

QUESTIONS = ("mutiny",)
"""The questions a Seeräuber player may answer in advance."""
AT_THE_START: tuple[str, ...] = ()
"""The questions asked of every player as the game begins: none in Seeräuber."""
ANSWERS = ("always", "never", "wages")
MOST_DUCATS = 99
"""The highest wage threshold a rule may name."""


def rule_error(question: str, rule: object) -> str | None:
    """Why ``rule`` is no standing answer to ``question`` (``None``: it is one)."""
    if question not in QUESTIONS:
        return f"Seeräuber asks in advance only about: {', '.join(QUESTIONS)}."
    if not isinstance(rule, dict) or rule.get("mutiny") not in ANSWERS:
        return "A mutiny answer is always, never or wages (with ducats)."
    if rule["mutiny"] != "wages":
        return None if set(rule) == {"mutiny"} else "Only wages takes ducats."
    ducats = rule.get("ducats")
    if set(rule) != {"mutiny", "ducats"} or type(ducats) is not int:
        return "A wages answer names its ducats, a whole number."
    if not 0 <= ducats <= MOST_DUCATS:
        return f"The ducats are 0 to {MOST_DUCATS}."
    return None


def question(view: dict[str, Any], player: str) -> str | None:
    """The question ``view`` asks of ``player`` now that he may answer in advance."""
    pending = view["table"]["pending"]
    if pending is not None and pending.get("mutiny_asked") == player:
        return "mutiny"
    return None


def _colour(view: dict[str, Any], player: str) -> str:
    """``player``'s colour letter: the view lists the players in seat order."""
    return board.COLOURS[list(view["players"]).index(player)]


def _mutiny_stack(view: dict[str, Any], player: str) -> str:
    """The captain's stack ``player`` is asked to mutiny on: one holding enough of his pirates
    and big enough to board a displayed ship (§6)."""
    colour = _colour(view, player)
    captain = view["table"]["pending"]["captain"]
    for name, stack in sorted(view["table"]["stacks"].items()):
        mine = [p for p in stack["pirates"] if p[0] == colour]
        if stack["captain"] == captain and len(mine) >= board.MUTINY_PIRATES:
            crew = len(stack["pirates"])
            if any(board.SHIPS[ship].crew <= crew for ship in view["table"]["display"]):
                return str(name)
    raise ValueError(f"{player} is asked about no stack")


def _worst_wages(view: dict[str, Any], player: str, stack: str) -> int:
    """What ``player``'s pirates in ``stack`` earn on the worst ship it could board."""
    colour = _colour(view, player)
    pirates = view["table"]["stacks"][stack]["pirates"]
    mine = [p for p in pirates if p[0] == colour]
    ships = [board.SHIPS[s] for s in view["table"]["display"]]
    return min(
        sum(board.wage(p, ship) for p in mine) for ship in ships if ship.crew <= len(pirates)
    )


def answer(view: dict[str, Any], player: str, rule: dict[str, Any]) -> Move:
    """The move ``rule`` makes for ``player`` on the mutiny question of ``view``."""
    stack = _mutiny_stack(view, player)
    join = rule["mutiny"] == "always" or (
        rule["mutiny"] == "wages" and _worst_wages(view, player, stack) >= rule["ducats"]
    )
    return {"type": "mutiny", "stack": stack} if join else {"type": "no_mutiny"}
