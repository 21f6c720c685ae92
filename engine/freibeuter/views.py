"""What each reader may see of a Freibeuter game: the summary, per-player views, the result.

The summary is omniscient (the record format's ``replay`` output). A view
follows rules §9: the board, money, ships and discard piles are public; a
hand is seen only by its holder, and the decks' order by nobody until the
game is over.
"""

from __future__ import annotations

import json
from typing import Any

from engine.base import Result, top_scorers
from engine.freibeuter import board
from engine.freibeuter.state import State


def _by_json(items: list[str]) -> list[str]:
    return sorted(items, key=json.dumps)


def seat_scores(state: State) -> list[int]:
    """Score per seat if the game ended now (rules §8)."""
    doubled = {board.DOUBLES[d] for d in state.doubles}
    result = []
    for seat in range(len(state.players)):
        ships = 0
        for ship in state.ships[seat]:
            value = board.SHIPS[ship][0]
            ships += 2 * value if value in doubled else value
        result.append(state.chests[seat] + ships - 2 * state.credit[seat])
    return result


def scores(state: State) -> dict[str, int]:
    """Each player's score if the game ended now, by name (the summary's ``scores``)."""
    return dict(zip(state.players, seat_scores(state), strict=True))


def winners(state: State) -> list[str]:
    """The players sharing the highest score, in seat order (``[]`` while under way) [D8]."""
    if not state.over:
        return []
    return top_scorers(state.players, seat_scores(state))


def to_move(state: State) -> list[str]:
    return [] if state.over else [state.players[state.turn]]


def _player(state: State, seat: int) -> dict[str, Any]:
    hand = state.hands[seat]
    dutchman = sum(1 for card in hand if board.is_dutchman_card(card))
    return {
        "seat": seat,
        "chests": state.chests[seat],
        "credit": state.credit[seat],
        "supply": state.supply[seat],
        "ships": _by_json(state.ships[seat]),
        "hand": _by_json(hand),
        "hand_size": {"sea": len(hand) - dutchman, "dutchman": dutchman},
    }


def _name(names: tuple[str, ...], seat: int | None) -> str | None:
    return None if seat is None else names[seat]


def summary(state: State) -> dict[str, Any]:
    """The omniscient summary of ``docs/record-format.md``."""
    names = state.players
    points = seat_scores(state)
    return {
        "over": state.over,
        "to_move": None if state.over else names[state.turn],
        "winners": winners(state),
        "scores": dict(zip(names, points, strict=True)),
        "players": {name: _player(state, seat) for seat, name in enumerate(names)},
        "board": {
            "fields": {
                board.FIELD_NAMES[f]: [names[p] for p in owners]
                for f, owners in enumerate(state.fields)
                if owners
            },
            "tiles": {
                board.TILE_NAMES[t]: {
                    "tile": tile,
                    "boarded_by": _name(names, state.boarded[t]),
                }
                for t, tile in enumerate(state.tiles)
                if tile is not None
            },
        },
        "set_aside": {"lairs": state.lairs, "doubles": _by_json(state.doubles)},
        "decks": {"sea": state.sea_left(), "dutchman": state.dutchman_left()},
        "discards": {"sea": len(state.sea_discard), "dutchman": len(state.dutchman_discard)},
        "end_reason": state.end_reason,
        "moves": state.moves,
    }


def view(state: State, player: str | None) -> dict[str, Any]:
    """What ``player`` may see (``None``: a spectator) [D9].

    While the game is under way every hand but the viewer's own is reduced to
    its size. Once the game is over nothing is secret any more.
    """
    seen = summary(state)
    viewer = None if player is None else state.seat(player)
    if not state.over:
        for seat, name in enumerate(state.players):
            if seat != viewer:
                del seen["players"][name]["hand"]
    seen["viewer"] = player
    seen["discard_piles"] = {
        "sea": list(state.sea_discard),
        "dutchman": list(state.dutchman_discard),
    }
    return seen


def result(state: State) -> Result | None:
    if not state.over:
        return None
    assert state.end_reason is not None
    return {
        "winners": winners(state),
        "scores": scores(state),
        "reason": state.end_reason,
    }
