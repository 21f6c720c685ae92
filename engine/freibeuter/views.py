"""What each reader may see of a Freibeuter game: the summary, per-player views, the result.

The summary is omniscient (the record format's ``replay`` output). A view
follows rules §9: the board, money, ships and discard piles are public; a
hand is seen only by its holder, and the decks' order by nobody until the
game is over.
"""

from __future__ import annotations

from typing import Any

from engine.base import by_json, scores, winners
from engine.freibeuter import board
from engine.freibeuter.state import State


def to_move(state: State) -> list[str]:
    return [] if state.over else [state.players[state.turn]]


def _player(state: State, seat: int) -> dict[str, Any]:
    hand = state.hands[seat]
    dutchman = board.dutchman_cards_in(hand)
    return {
        "seat": seat,
        "chests": state.chests[seat],
        "credit": state.credit[seat],
        "supply": state.supply[seat],
        "ships": by_json(state.ships[seat]),
        "hand": by_json(hand),
        "hand_size": {"sea": len(hand) - dutchman, "dutchman": dutchman},
    }


def _name(names: tuple[str, ...], seat: int | None) -> str | None:
    return None if seat is None else names[seat]


def summary(state: State) -> dict[str, Any]:
    """The omniscient summary of ``docs/record-format.md``."""
    names = state.players
    return {
        "over": state.over,
        "to_move": None if state.over else names[state.turn],
        "winners": winners(state),
        "scores": scores(state),
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
        "set_aside": {"lairs": state.lairs, "doubles": by_json(state.doubles)},
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
