"""Checking and carrying out Freibeuter moves (rules §3–§7).

A move is checked completely before anything changes, then carried out, so an
illegal move never leaves a half-made state behind. :func:`apply` copies only
the parts of the state that the move changes and shares the rest with the
state it was given; :func:`apply_in_place`, for a caller that owns the state (a
replay), copies nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.base import IllegalMove, Move
from engine.freibeuter import board
from engine.freibeuter.board import CAPACITY, DUTCHMAN_FIELDS, FIELD_INDEX, SURROUND_CHECKS
from engine.freibeuter.state import State

DRAWS = ("sea", "dutchman")


def _turn_error(state: State, player: object) -> IllegalMove:
    """Why ``player``, who is not the player to move, may not move."""
    if not isinstance(player, str):
        return IllegalMove("unknown_player", "A move must name the player who makes it.")
    state.seat(player)  # raises unknown_player for a name that does not play
    return IllegalMove(
        "not_your_turn", f"It is {state.players[state.turn]}'s turn, not {player}'s."
    )


def surrounded_by(state: State, field: int) -> list[int]:
    """List the tiles (row-major) that a first occupant on the empty ``field`` would surround."""
    fields = state.fields
    tiles = state.tiles
    found = []
    # Empty fields are the common miss, so they are tested first.
    for t, a, b, c in SURROUND_CHECKS[field]:
        if fields[a] and fields[b] and fields[c] and tiles[t] is not None:
            found.append(t)
    return found


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


def draws_after(state: State, seat: int, *, dutchman: bool) -> tuple[str, ...]:
    """The decks ``seat`` may draw from after playing a Dutchman card or a sea card (§3d)."""
    hand = state.hands[seat]
    sea_in_hand = len(hand) - board.dutchman_cards_in(hand)
    if sea_in_hand - (0 if dutchman else 1) <= 0 or state.dutchman_left() == 0:
        return ("sea",)
    return DRAWS


def _draw(
    state: State, seat: int, move: Move, order: tuple[int, ...], *, dutchman: bool
) -> str | None:
    """Check the deck ``move`` draws from; ``None`` when surrounding ``order`` takes the last
    pirate lair, which ends the game before the draw (§3d). A sea card can always be drawn."""
    if order:
        new_lairs = sum(state.tiles[t] == board.LAIR for t in order)
        if new_lairs and state.lairs + new_lairs >= board.LAIRS:
            return None
    draw = move.get("draw")
    if draw == "sea":
        return "sea"
    if "draw" not in move:
        raise IllegalMove("missing_draw", "Say which deck you draw from: sea or dutchman.")
    if draw != "dutchman":
        raise IllegalMove("bad_draw", f"You draw from 'sea' or 'dutchman', not {draw!r}.")
    if draw not in draws_after(state, seat, dutchman=dutchman):
        if state.dutchman_left() == 0:
            reason = "the Dutchman deck is empty"
        else:
            reason = "you would hold no sea card otherwise"
        raise IllegalMove("must_draw_sea", f"You must draw a sea card: {reason}.")
    return "dutchman"


def _card_error(state: State, seat: int, card: object, *, dutchman: bool) -> IllegalMove:
    """Why ``card`` may not be played by ``seat`` with a Dutchman (or a place) move.

    The makers test a legal card in one expression and ask here only when it fails.
    """
    if not isinstance(card, str):
        kind = "Dutchman card" if dutchman else "sea card"
        return IllegalMove("bad_move", f"Name the {kind} you play.")
    if card not in (DUTCHMAN_FIELDS if dutchman else FIELD_INDEX):
        if card not in FIELD_INDEX and card not in DUTCHMAN_FIELDS:
            return IllegalMove("unknown_card", f"{card!r} is not a card of this game.")
        if dutchman:
            return IllegalMove("bad_card", f"{card} is a sea card; play it with a place move.")
        return IllegalMove("bad_card", f"{card} is a Dutchman card; play it with a dutchman move.")
    # What is left to refuse it is the hand.
    if dutchman:
        line = card.replace("col", "column")
        return IllegalMove("card_not_in_hand", f"You hold no Dutchman card for {line}.")
    return IllegalMove("card_not_in_hand", f"You hold no sea card {card}.")


def _board(state: State, seat: int, move: Move, copy: bool) -> State:
    name = move.get("tile")
    t = board.TILE_INDEX.get(name) if isinstance(name, str) else None
    if t is None:
        raise IllegalMove("bad_tile", f"{name!r} is not a tile; tiles are written like B3-C4.")
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
    if copy:
        state = state.shared_copy()
        state.supply = state.supply[:]
        state.boarded = state.boarded[:]
    state.supply[seat] -= 1
    state.boarded[t] = seat
    return state


def _place(state: State, seat: int, move: Move, copy: bool) -> State:
    card = move.get("card")
    if not (isinstance(card, str) and card in FIELD_INDEX and card in state.hands[seat]):
        raise _card_error(state, seat, card, dutchman=False)
    f = FIELD_INDEX[card]
    boat = move.get("boat")
    if not isinstance(boat, bool):
        raise IllegalMove("bad_move", "Say whether you place a boat: boat must be true or false.")
    occupants = state.fields[f]
    surrounded: list[int] = []
    if not boat:
        if not occupants:
            raise IllegalMove(
                "field_empty_must_place", f"{card} is empty, so you must place a boat there."
            )
    elif not occupants:  # only a field's first boat can surround a tile
        surrounded = surrounded_by(state, f)
    elif len(occupants) >= CAPACITY[f]:
        held = "one boat" if CAPACITY[f] == 1 else "two boats"
        raise IllegalMove("field_full", f"{card} already holds {held}; take 2 chests instead.")
    # Most placements surround nothing and name no order: nothing to check then.
    order = _check_order(move, surrounded) if surrounded or "order" in move else ()
    draw = _draw(state, seat, move, order, dutchman=False)
    if copy:
        state = _hand_copied(state, seat)
        state.sea_discard = state.sea_discard[:]
        if boat:
            state.fields = state.fields[:]
            state.supply = state.supply[:]
        else:
            state.chests = state.chests[:]
        if order:
            _copy_surround_parts(state)
    state.sea_discard.append(card)
    if boat:
        state.fields[f] = occupants + (seat,)
        state.supply[seat] -= 1
    else:
        state.chests[seat] += board.CHESTS_INSTEAD_OF_BOAT
    return _finish_card(state, seat, card, order, draw)


def _dutchman(state: State, seat: int, move: Move, copy: bool) -> State:
    card = move.get("card")
    if not (isinstance(card, str) and card in DUTCHMAN_FIELDS and card in state.hands[seat]):
        raise _card_error(state, seat, card, dutchman=True)
    name = move.get("field")
    if not isinstance(name, str) or name not in FIELD_INDEX:
        raise IllegalMove("bad_field", f"{name!r} is not a field; fields are written like C3.")
    f = FIELD_INDEX[name]
    if f not in DUTCHMAN_FIELDS[card]:
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
    draw = _draw(state, seat, move, order, dutchman=True)
    if copy:
        state = _hand_copied(state, seat)
        state.dutchman_discard = state.dutchman_discard[:]
        _copy_surround_parts(state)
    state.dutchman_discard.append(card)
    return _finish_card(state, seat, card, order, draw)


def _hand_copied(state: State, seat: int) -> State:
    """A new state sharing every part with ``state`` but the hands, ``seat``'s hand copied."""
    new = state.shared_copy()
    new.hands = state.hands[:]
    new.hands[seat] = state.hands[seat][:]
    return new


def _copy_surround_parts(state: State) -> None:
    """Give ``state`` its own copies of what surrounding a tile changes (:func:`_resolve`)."""
    state.tiles = state.tiles[:]
    state.boarded = state.boarded[:]
    state.chests = state.chests[:]
    state.credit = state.credit[:]
    state.supply = state.supply[:]
    state.doubles = state.doubles[:]
    state.ships = state.ships[:]


def _resolve(state: State, t: int) -> None:
    """Carry out the surround of tile ``t`` (rules §5–§6)."""
    tiles = state.tiles
    boarded = state.boarded
    tile = tiles[t]
    owner = boarded[t]
    tiles[t] = None
    boarded[t] = None
    fields = state.fields
    a, b, c, d = board.TILE_FIELDS[t]
    around = fields[a] + fields[b] + fields[c] + fields[d]
    chests = state.chests
    if tile == board.LAIR:
        state.lairs += 1
        for p in around:
            chests[p] += board.LAIR_REWARD
    elif tile in board.DOUBLES:
        state.doubles.append(tile)
    elif owner is not None:
        assert tile is not None
        payout = board.SHIPS[tile][1]
        own = around.count(owner)
        total = payout * (len(around) - own)
        shortfall = total - chests[owner]
        state.supply[owner] += 1
        if shortfall > 0:
            if state.credit[owner] == 0:
                state.supply[owner] -= 1
            state.credit[owner] += shortfall
            chests[owner] += shortfall
        # Every boat around is paid, the owner's own too: his pay for those comes straight back.
        chests[owner] -= total + payout * own
        for p in around:
            chests[p] += payout
        state.ships[owner] = [*state.ships[owner], tile]  # a new list: apply shares the old one


def _finish_card(
    state: State, seat: int, card: str, order: tuple[int, ...], draw: str | None
) -> State:
    """Take ``card`` from the hand, resolve the surrounds, draw a card (``None``: the end)."""
    hand = state.hands[seat]
    hand.remove(card)
    for t in order:
        _resolve(state, t)
    if draw is None:
        state.end_reason = "last_lair"
    elif draw == "sea":
        top = state.sea_top
        if top == len(state.sea_deck):
            state.end_reason = "sea_deck_empty"
        else:
            hand.append(state.sea_deck[top])
            state.sea_top = top + 1
    else:
        top = state.dutchman_top
        hand.append(state.dutchman_deck[top])
        state.dutchman_top = top + 1
    return state


_MAKERS: dict[object, Callable[[State, int, Move, bool], State]] = {
    "place": _place,
    "board": _board,
    "dutchman": _dutchman,
}


def _make(state: State, player: object, move: object, copy: bool) -> State:
    if state.end_reason is not None:
        raise IllegalMove("game_over", "The game is over; no more moves can be made.")
    if not (isinstance(player, str) and player == state.players[state.turn]):
        raise _turn_error(state, player)
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", "A move must be an object with a type.")
    kind = move.get("type")
    try:
        make = _MAKERS[kind]
    except (KeyError, TypeError):  # TypeError: an unhashable type, such as a list
        raise IllegalMove(
            "bad_move", f"A move's type must be board, place or dutchman, not {kind!r}."
        ) from None
    state = make(state, state.turn, move, copy)
    state.moves += 1
    if state.end_reason is None:
        state.turn = turn = (state.turn + 1) % len(state.players)
        if state.supply[turn] == 0:
            state.end_reason = "no_boats"
    return state


def apply(state: State, player: str, move: Move) -> State:
    """Return the state after ``player`` makes ``move``; ``state`` itself is unchanged.

    The new state shares with ``state`` every part the move leaves as it was,
    so neither may be changed in place while the other is still in use.
    """
    return _make(state, player, move, True)


def apply_in_place(state: State, player: str, move: Move) -> None:
    """Make ``move`` on ``state`` itself; an illegal move raises and leaves ``state`` unchanged."""
    _make(state, player, move, False)
