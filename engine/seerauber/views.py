"""What each reader may see of a Seeräuber game: the summary, per-player views, the result.

Everything but the order of the undrawn ships is public [S6], and the summary
shows only how many there are, so a view is the summary itself.
"""

from __future__ import annotations

from typing import Any

from engine.base import by_json, scores, winners
from engine.seerauber import board
from engine.seerauber.rules import to_move_seat
from engine.seerauber.state import State


def to_move(state: State) -> list[str]:
    """The one player to move, as a list (``[]`` once over)."""
    return [] if state.over else [state.players[to_move_seat(state)]]


def _pending(state: State) -> dict[str, str] | None:
    """The captain and who is asked about a mutiny or has mutinied (neither once over)."""
    captain = state.players[state.turn]
    if state.asked is not None:
        return {"captain": captain, "mutiny_asked": state.players[state.asked]}
    if state.mutiny_by is not None:
        return {"captain": captain, "mutiny_by": state.players[state.mutiny_by]}
    return None


def summary(state: State) -> dict[str, Any]:
    """The omniscient summary of ``docs/record-format.md``."""
    names = state.players
    free: list[list[str]] = [[] for _ in names]
    stacks = {}
    for name, pirates in state.stacks.items():
        if len(pirates) == 1:
            free[board.owner(name)].append(name)
        else:
            stacks[name] = {"pirates": list(pirates), "captain": names[board.owner(name)]}
    return {
        "over": state.over,
        "to_move": None if state.over else names[to_move_seat(state)],
        "winners": winners(state),
        "scores": scores(state),
        "players": {
            name: {
                "ducats": state.ducats[seat],
                "booty": dict(state.booty[seat]),
                "free": by_json(free[seat]),
            }
            for seat, name in enumerate(names)
        },
        "table": {
            "stacks": stacks,
            "display": list(state.display),
            "deck": state.deck_left(),
            "boarded": {name: sorted(state.boarded[seat]) for seat, name in enumerate(names)},
            "pending": _pending(state),
        },
        "end_reason": state.end_reason,
        "moves": state.moves,
    }


def view(state: State, player: str | None) -> dict[str, Any]:
    """What ``player`` may see (``None``: a spectator): everything in the summary [S6]."""
    if player is not None:
        state.seat(player)
    seen = summary(state)
    seen["viewer"] = player
    return seen
