"""What each reader may see of a Flußpiraten game: the summary, per-player views, the result.

Everything is public (§8) except a rowing-test choice until both rowers have
chosen: the summary holds the choices made so far in ``step.choices``, and a
player's view keeps only his own.
"""

from __future__ import annotations

from typing import Any

from engine.base import by_json, scores, winners
from engine.flusspiraten import board
from engine.flusspiraten.rules import to_move_seats
from engine.flusspiraten.state import State


def _where(state: State, boat: int) -> str:
    at = state.at[boat]
    return board.RIVER_NAMES[at] if at >= 0 else board.BERTH_NAMES[-1 - at]


def to_move(state: State) -> list[str]:
    """The players who may move now, in seat order from the player whose turn it is [F28]."""
    return [state.players[s] for s in to_move_seats(state)]


def _player(state: State, seat: int) -> dict[str, Any]:
    spaces = [board.WALK_NAMES[s] for s in state.walkers[seat]]
    return {
        "score": state.scores[seat],
        "deployed": state.deployed[seat],
        "SL": spaces.count("SL"),
        "SR": spaces.count("SR"),
        "banks": by_json([s for s in spaces if s[0] in "XLR"]),
        "fords": by_json([s for s in spaces if s[0] == "F"]),
        "boats": [b + 1 for b, crew in enumerate(state.crew) if seat in crew],
        "finished": state.finished[seat],
    }


def _step(state: State) -> dict[str, Any] | None:
    kind = state.step
    if kind is None:
        return None
    names = state.players
    step: dict[str, Any] = {"kind": kind, "turn": names[state.turn] if state.turn >= 0 else None}
    if kind == "choose":
        helmsman = state.turn
        partner = next(s for s in state.crew[state.boat] if s != helmsman)
        order = [s for s in (helmsman, partner) if s in state.choices]
        step.update(
            boat=state.boat + 1,
            helmsman=names[helmsman],
            partner=names[partner],
            chosen=[names[s] for s in order],
            choices={names[s]: state.choices[s] for s in order},
        )
    elif kind == "path":
        walk = state.walk_from >= 0
        step.update(
            player=names[state.rower],
            boat=None if walk else state.boat + 1,
            points=state.points,
            **{"from": board.WALK_NAMES[state.walk_from] if walk else None},
        )
    elif kind == "wish":
        step.update(player=names[state.rower], boat=state.boat + 1)
    elif kind == "pile":
        step.update(
            player=names[state.waiter],
            ford=board.WALK_NAMES[state.ford],
            boats=[b + 1 for b in state.pile_boats],
        )
    return step


def summary(state: State) -> dict[str, Any]:
    """The omniscient summary of the record format (sealed choices included)."""
    names = state.players
    return {
        "over": state.over,
        "to_move": to_move(state),
        "winners": winners(state),
        "scores": scores(state),
        "turntable": state.turntable,
        "players": {name: _player(state, seat) for seat, name in enumerate(names)},
        "boats": {
            str(b + 1): {"at": _where(state, b), "crew": [names[s] for s in state.crew[b]]}
            for b in range(board.BOATS)
        },
        "step": _step(state),
        "end_reason": state.end_reason,
    }


def view(state: State, player: str | None) -> dict[str, Any]:
    """The summary less the sealed choices of anyone but ``player`` (``None``: a spectator)."""
    seen = summary(state)
    step = seen["step"]
    if step is not None and "choices" in step:
        step["choices"] = {p: c for p, c in step["choices"].items() if p == player}
    return seen
