"""Checking and carrying out Freibeuter moves (rules §3–§7).

A move is checked completely before anything changes (:func:`plan`), then
carried out (:func:`execute`), so an illegal move never leaves a half-made
state behind.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from engine.base import IllegalMove, Move
from engine.freibeuter import board
from engine.freibeuter.state import State

MOVE_TYPES = ("board", "place", "dutchman")
DRAWS = ("sea", "dutchman")


@dataclass(frozen=True, slots=True)
class Plan:
    """A checked move, ready to be carried out."""

    seat: int
    kind: str
    card: str | None = None
    field: int | None = None
    tile: int | None = None
    boat: bool = False
    order: tuple[int, ...] = ()
    draw: str | None = None
    ends_by_lair: bool = False


def _check_turn(state: State, player: object) -> int:
    if state.over:
        raise IllegalMove("game_over", "The game is over; no more moves can be made.")
    if not isinstance(player, str):
        raise IllegalMove("unknown_player", "A move must name the player who makes it.")
    seat = state.seat(player)
    if seat != state.turn:
        raise IllegalMove(
            "not_your_turn", f"It is {state.players[state.turn]}'s turn, not {player}'s."
        )
    return seat


def surrounded_by(state: State, field: int) -> list[int]:
    """List the tiles (row-major) that a first occupant on the empty ``field`` would surround."""
    fields = state.fields
    tiles = state.tiles
    return [
        t
        for t, (a, b, c) in board.SURROUND_CHECKS[field]
        if tiles[t] is not None and fields[a] and fields[b] and fields[c]
    ]


def _check_order(move: Move, surrounded: list[int]) -> tuple[int, ...]:
    if "order" not in move:
        return tuple(surrounded)
    order = move["order"]
    expected = ", ".join(board.TILE_NAMES[t] for t in surrounded) or "none"
    if (
        not isinstance(order, list)
        or not all(isinstance(name, str) and name in board.TILE_INDEX for name in order)
        or sorted(board.TILE_INDEX[name] for name in order) != surrounded
    ):
        raise IllegalMove(
            "invalid_order",
            f"The order must list each surrounded tile exactly once ({expected}), not {order!r}.",
        )
    return tuple(board.TILE_INDEX[name] for name in order)


def _ends_by_lair(state: State, surrounded: tuple[int, ...]) -> bool:
    new_lairs = sum(1 for t in surrounded if state.tiles[t] == board.LAIR)
    return new_lairs > 0 and state.lairs + new_lairs >= board.LAIRS


def _sea_cards(hand: list[str]) -> int:
    return sum(1 for card in hand if not board.is_dutchman_card(card))


def allowed_draws(state: State, seat: int, played: str) -> tuple[str, ...]:
    """The decks ``seat`` may draw from after playing ``played`` (rules §3d)."""
    return _draws_after(state, seat, dutchman=board.is_dutchman_card(played))


def _draws_after(state: State, seat: int, *, dutchman: bool) -> tuple[str, ...]:
    """The decks ``seat`` may draw from after playing a Dutchman card or a sea card."""
    sea_left_in_hand = _sea_cards(state.hands[seat]) - (0 if dutchman else 1)
    if sea_left_in_hand <= 0 or state.dutchman_left() == 0:
        return ("sea",)
    return DRAWS


def _check_draw(state: State, seat: int, move: Move, played: str) -> str:
    if "draw" not in move:
        raise IllegalMove("missing_draw", "Say which deck you draw from: sea or dutchman.")
    draw = move["draw"]
    if draw not in DRAWS:
        raise IllegalMove("bad_draw", f"You draw from 'sea' or 'dutchman', not {draw!r}.")
    if draw not in allowed_draws(state, seat, played):
        if state.dutchman_left() == 0:
            reason = "the Dutchman deck is empty"
        else:
            reason = "you would hold no sea card otherwise"
        raise IllegalMove("must_draw_sea", f"You must draw a sea card: {reason}.")
    return str(draw)


def _card_from_hand(state: State, seat: int, move: Move, dutchman: bool) -> str:
    card = move.get("card")
    kind = "Dutchman card" if dutchman else "sea card"
    if not isinstance(card, str):
        raise IllegalMove("bad_move", f"Name the {kind} you play.")
    if card not in board.SEA_CARDS and not board.is_dutchman_card(card):
        raise IllegalMove("unknown_card", f"{card!r} is not a card of this game.")
    if board.is_dutchman_card(card) != dutchman:
        if dutchman:
            raise IllegalMove("bad_card", f"{card} is a sea card; play it with a place move.")
        raise IllegalMove("bad_card", f"{card} is a Dutchman card; play it with a dutchman move.")
    if card not in state.hands[seat]:
        if dutchman:
            line = card.replace("col", "column")
            raise IllegalMove("card_not_in_hand", f"You hold no Dutchman card for {line}.")
        raise IllegalMove("card_not_in_hand", f"You hold no sea card {card}.")
    return card


def _plan_board(state: State, seat: int, move: Move) -> Plan:
    name = move.get("tile")
    if not isinstance(name, str) or name not in board.TILE_INDEX:
        raise IllegalMove("bad_tile", f"{name!r} is not a tile; tiles are written like B3-C4.")
    t = board.TILE_INDEX[name]
    tile = state.tiles[t]
    if tile is None:
        raise IllegalMove("tile_gone", f"The tile at {name} has already left the board.")
    if tile not in board.SHIPS:
        what = "a pirate lair" if tile == board.LAIR else f"the double value {tile}"
        raise IllegalMove("not_a_ship", f"{name} is {what}; only ships can be boarded.")
    owner = state.boarded[t]
    if owner is not None:
        raise IllegalMove(
            "already_boarded", f"The {tile} at {name} is already boarded by {state.players[owner]}."
        )
    return Plan(seat=seat, kind="board", tile=t)


def _plan_place(state: State, seat: int, move: Move) -> Plan:
    card = _card_from_hand(state, seat, move, dutchman=False)
    f = board.FIELD_INDEX[card]
    boat = move.get("boat")
    if not isinstance(boat, bool):
        raise IllegalMove("bad_move", "Say whether you place a boat: boat must be true or false.")
    occupants = len(state.fields[f])
    if not boat and occupants == 0:
        raise IllegalMove(
            "field_empty_must_place", f"{card} is empty, so you must place a boat there."
        )
    if boat and occupants >= board.CAPACITY[f]:
        held = "one boat" if board.CAPACITY[f] == 1 else "two boats"
        raise IllegalMove("field_full", f"{card} already holds {held}; take 2 chests instead.")
    surrounded = surrounded_by(state, f) if boat and occupants == 0 else []
    order = _check_order(move, surrounded)
    ends = _ends_by_lair(state, order)
    draw = None if ends else _check_draw(state, seat, move, card)
    return Plan(
        seat=seat,
        kind="place",
        card=card,
        field=f,
        boat=boat,
        order=order,
        draw=draw,
        ends_by_lair=ends,
    )


def _plan_dutchman(state: State, seat: int, move: Move) -> Plan:
    card = _card_from_hand(state, seat, move, dutchman=True)
    name = move.get("field")
    if not isinstance(name, str) or name not in board.FIELD_INDEX:
        raise IllegalMove("bad_field", f"{name!r} is not a field; fields are written like C3.")
    f = board.FIELD_INDEX[name]
    if f not in board.DUTCHMAN_FIELDS[card]:
        line = card.replace("col", "column")
        raise IllegalMove("field_not_on_line", f"{name} is not in {line}.")
    if state.fields[f]:
        raise IllegalMove(
            "field_occupied",
            f"{name} holds a boat; the Flying Dutchman can only surround from an empty field.",
        )
    surrounded = surrounded_by(state, f)
    if not surrounded:
        raise IllegalMove(
            "dutchman_surrounds_nothing",
            f"The Flying Dutchman on {name} would surround no tile, so it may not go there.",
        )
    order = _check_order(move, surrounded)
    ends = _ends_by_lair(state, order)
    draw = None if ends else _check_draw(state, seat, move, card)
    return Plan(
        seat=seat, kind="dutchman", card=card, field=f, order=order, draw=draw, ends_by_lair=ends
    )


_PLANNERS = {"board": _plan_board, "place": _plan_place, "dutchman": _plan_dutchman}


def plan(state: State, player: object, move: object) -> Plan:
    """Check ``move`` by ``player`` against every rule; raise ``IllegalMove`` if it breaks one."""
    seat = _check_turn(state, player)
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", "A move must be an object with a type.")
    kind = move.get("type")
    if not isinstance(kind, str) or kind not in _PLANNERS:
        raise IllegalMove(
            "bad_move", f"A move's type must be board, place or dutchman, not {kind!r}."
        )
    return _PLANNERS[kind](state, seat, move)


def _resolve(state: State, seat: int, t: int) -> None:
    """Carry out the surround of tile ``t`` (rules §5–§6)."""
    tile = state.tiles[t]
    owner = state.boarded[t]
    state.tiles[t] = None
    state.boarded[t] = None
    around = [p for f in board.TILE_FIELDS[t] for p in state.fields[f]]
    if tile == board.LAIR:
        state.lairs += 1
        for p in around:
            state.chests[p] += board.LAIR_REWARD
    elif tile in board.DOUBLES:
        state.doubles.append(tile)
    elif owner is not None:
        assert tile is not None
        payout = board.SHIPS[tile][1]
        total = payout * sum(1 for p in around if p != owner)
        shortfall = total - state.chests[owner]
        state.supply[owner] += 1
        if shortfall > 0:
            if state.credit[owner] == 0:
                state.supply[owner] -= 1
            state.credit[owner] += shortfall
            state.chests[owner] += shortfall
        state.chests[owner] -= total
        for p in around:
            if p != owner:
                state.chests[p] += payout
        state.ships[owner].append(tile)


def execute(state: State, step: Plan) -> None:
    """Carry out a checked move on ``state`` in place."""
    seat = step.seat
    if step.kind == "board":
        assert step.tile is not None
        state.supply[seat] -= 1
        state.boarded[step.tile] = seat
    else:
        assert step.card is not None and step.field is not None
        state.hands[seat].remove(step.card)
        if step.kind == "dutchman":
            state.dutchman_discard.append(step.card)
        else:
            state.sea_discard.append(step.card)
            if step.boat:
                state.fields[step.field] = (*state.fields[step.field], seat)
                state.supply[seat] -= 1
            else:
                state.chests[seat] += board.CHESTS_INSTEAD_OF_BOAT
        for t in step.order:
            _resolve(state, seat, t)
        if step.ends_by_lair:
            state.end_reason = "last_lair"
        elif step.draw == "sea":
            if state.sea_left() == 0:
                state.end_reason = "sea_deck_empty"
            else:
                state.hands[seat].append(state.sea_deck[state.sea_top])
                state.sea_top += 1
        else:
            state.hands[seat].append(state.dutchman_deck[state.dutchman_top])
            state.dutchman_top += 1
    state.moves += 1
    if state.end_reason is None:
        state.turn = (state.turn + 1) % len(state.players)
        if state.supply[state.turn] == 0:
            state.end_reason = "no_boats"


def apply(state: State, player: str, move: Move) -> State:
    """Return the state after ``player`` makes ``move``; ``state`` itself is unchanged."""
    step = plan(state, player, move)
    new = state.copy()
    execute(new, step)
    return new


def apply_in_place(state: State, player: str, move: Move) -> None:
    """Make ``move`` on ``state`` itself; an illegal move raises and leaves ``state`` unchanged."""
    execute(state, plan(state, player, move))


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
    return sorted(moves, key=lambda move: json.dumps(move, sort_keys=True))


_LISTABLE = _listable_moves()
# Each listable move's position in _LISTABLE: legal_moves sorts these integers, not JSON text.
_PLACE_RANK = {
    (board.FIELD_INDEX[m["card"]], m["boat"], m["draw"]): rank
    for rank, m in enumerate(_LISTABLE)
    if m["type"] == "place"
}
_DUTCHMAN_RANK = {
    (m["card"], board.FIELD_INDEX[m["field"]], m["draw"]): rank
    for rank, m in enumerate(_LISTABLE)
    if m["type"] == "dutchman"
}
_BOARD_RANK = {
    board.TILE_INDEX[m["tile"]]: rank for rank, m in enumerate(_LISTABLE) if m["type"] == "board"
}


def legal_moves(state: State, player: str | None = None) -> list[Move]:
    """List every legal move of the player to move, sorted by JSON text (``[]`` if over)."""
    if state.over or (player is not None and player != state.players[state.turn]):
        return []
    seat = state.turn
    hand = state.hands[seat]
    fields = state.fields
    after_dutchman = _draws_after(state, seat, dutchman=True)
    after_sea = _draws_after(state, seat, dutchman=False)
    ranks: list[int] = []
    for card in set(hand):
        if board.is_dutchman_card(card):
            for f in board.DUTCHMAN_FIELDS[card]:
                if not fields[f] and surrounded_by(state, f):
                    ranks += [_DUTCHMAN_RANK[card, f, draw] for draw in after_dutchman]
        else:
            f = board.FIELD_INDEX[card]
            occupants = len(fields[f])
            if occupants < board.CAPACITY[f]:
                ranks += [_PLACE_RANK[f, True, draw] for draw in after_sea]
            if occupants > 0:
                ranks += [_PLACE_RANK[f, False, draw] for draw in after_sea]
    boarded = state.boarded
    for t, tile in enumerate(state.tiles):
        if tile in board.SHIPS and boarded[t] is None:
            ranks.append(_BOARD_RANK[t])
    ranks.sort()
    return [dict(_LISTABLE[rank]) for rank in ranks]
