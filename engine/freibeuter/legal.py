"""Listing the legal moves of a Freibeuter position (rules §3, §10), sorted by JSON text.

A module apart from checking and carrying out moves (:mod:`engine.freibeuter.rules`),
which a replay needs alone.
"""

from __future__ import annotations

from functools import cache

from engine.base import Move, by_json
from engine.freibeuter import board
from engine.freibeuter.board import FIELD_INDEX
from engine.freibeuter.rules import DRAWS, draws_after, surrounded_by
from engine.freibeuter.state import State


def _listable_moves() -> list[Move]:
    """Every move :func:`legal_moves` can ever list, sorted by JSON text as it must list them."""
    moves: list[Move] = []
    for card in board.SEA_CARDS:
        for boat in (True, False):
            moves += [{"type": "place", "card": card, "boat": boat, "draw": d} for d in DRAWS]
    for card, line in board.DUTCHMAN_FIELDS.items():
        for f in line:
            field = board.FIELD_NAMES[f]
            moves += [{"type": "dutchman", "card": card, "field": field, "draw": d} for d in DRAWS]
    moves += [{"type": "board", "tile": name} for name in board.TILE_NAMES]
    return by_json(moves)


_Ranks = tuple[
    list[Move],
    dict[tuple[int, bool, str], int],
    dict[tuple[str, int, str], int],
    dict[int, int],
]


@cache
def _ranks() -> _Ranks:
    """The listable moves, and each one's position among them, per kind of move.

    ``legal_moves`` sorts these integers, not JSON text. Built on the first
    call, so a process that only replays never pays for it.
    """
    listable = _listable_moves()
    place = {
        (FIELD_INDEX[m["card"]], m["boat"], m["draw"]): rank
        for rank, m in enumerate(listable)
        if m["type"] == "place"
    }
    dutchman = {
        (m["card"], FIELD_INDEX[m["field"]], m["draw"]): rank
        for rank, m in enumerate(listable)
        if m["type"] == "dutchman"
    }
    boarding = {
        board.TILE_INDEX[m["tile"]]: rank for rank, m in enumerate(listable) if m["type"] == "board"
    }
    return listable, place, dutchman, boarding


def legal_moves(state: State, player: str | None = None) -> list[Move]:
    """List every legal move of the player to move, sorted by JSON text (``[]`` if over)."""
    if state.over or (player is not None and player != state.players[state.turn]):
        return []
    listable, place_rank, dutchman_rank, board_rank = _ranks()
    seat = state.turn
    hand = state.hands[seat]
    fields = state.fields
    after_dutchman = draws_after(state, seat, dutchman=True)
    after_sea = draws_after(state, seat, dutchman=False)
    ranks: list[int] = []
    for card in set(hand):
        if board.is_dutchman_card(card):
            for f in board.DUTCHMAN_FIELDS[card]:
                if not fields[f] and surrounded_by(state, f):
                    ranks += [dutchman_rank[card, f, draw] for draw in after_dutchman]
        else:
            f = board.FIELD_INDEX[card]
            occupants = len(fields[f])
            if occupants < board.CAPACITY[f]:
                ranks += [place_rank[f, True, draw] for draw in after_sea]
            if occupants > 0:
                ranks += [place_rank[f, False, draw] for draw in after_sea]
    boarded = state.boarded
    for t, tile in enumerate(state.tiles):
        if tile in board.SHIPS and boarded[t] is None:
            ranks.append(board_rank[t])
    ranks.sort()
    return [dict(listable[rank]) for rank in ranks]
