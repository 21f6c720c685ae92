"""Every illegal move is refused with a stable code and a message naming its parts (rules §3–§10).

Each case names a position, the player who tries, the move, the code, and
words the message must contain. An illegal move never changes the state.
"""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

import pytest
from positions import PLAYERS, deal, fill, play, position, slip_into_hand

from engine.base import IllegalMove
from engine.freibeuter import State, apply, apply_in_place, legal_moves, start, summary

TILES = {"A1-B2": "5/1", "B3-C4": "15/3", "C3-D4": "lair", "D3-E4": "x2:10"}


@functools.cache
def opening() -> State:
    """Volker to move, holding F4, C3, A1, B2 and row 3; nothing on the board."""
    hands = {
        "Volker": ["F4", "C3", "A1", "B2", "row 3"],
        "Birgit": ["D5", "E6", "E7", "G7", "col B"],
    }
    return start(PLAYERS, deal(PLAYERS, tiles=TILES, hands=hands))


@functools.cache
def midgame() -> State:
    """Volker to move, holding row 4, C3 and F4.

    He has boarded the 15/3 at B3-C4; the 5/1 at A1-B2 has escaped; the lair at
    C3-D4 waits for its fourth field, D4; C4 holds Birgit's boat.
    """
    moves = ["board B3-C4", *fill(["A1", "B1", "A2", "B2", "C3", "D3", "C4", "G7"])]
    then = ["dutchman row 4 D4 draw sea", "place C3 draw sea", "place F4 draw sea"]
    return position(moves, then=then, tiles=TILES)


@functools.cache
def short_of_sea_cards() -> State:
    """Volker to move with one sea card (A7) and four Dutchman cards."""
    moves = [
        "place A1 draw dutchman", "place G1 draw sea", "place D1 draw sea",
        "place A3 draw dutchman", "place G3 draw sea", "place D3 draw sea",
        "place A5 draw dutchman", "place G5 draw sea", "place D5 draw sea",
    ]  # fmt: skip
    return position(moves, then=["place A7 draw sea"])


@functools.cache
def full_field() -> State:
    """Dieter to move, holding (by an edit, see ``slip_into_hand``) a third F4 card."""
    state = position(fill(["F4", "F4"]))
    slip_into_hand(state, "Dieter", "F4")
    return state


@functools.cache
def finished() -> State:
    """A game that is over: the players always make the first legal move."""
    state = opening()
    while legal_moves(state):
        state = play(state, legal_moves(state)[0])
    return state


def place(card: Any, **more: Any) -> dict[str, Any]:
    return {"type": "place", "card": card, "boat": True, "draw": "sea", **more}


def dutchman(card: Any, field: Any, **more: Any) -> dict[str, Any]:
    return {"type": "dutchman", "card": card, "field": field, "draw": "sea", **more}


def board(tile: Any) -> dict[str, Any]:
    return {"type": "board", "tile": tile}


CASES = [
    # who moves
    ("not_your_turn", opening, "Birgit", place("D5"), ["Volker", "Birgit"]),
    ("unknown_player", opening, "Mallory", place("F4"), ["Mallory"]),
    ("unknown_player", opening, None, place("F4"), ["player"]),
    ("unknown_player", opening, 0, place("F4"), ["player"]),
    ("unknown_player", opening, ["Volker"], place("F4"), ["player"]),
    ("game_over", finished, "Volker", place("F4"), ["over"]),
    ("game_over", finished, "Mallory", board("B3-C4"), ["over"]),
    # the shape of a move
    ("bad_move", opening, "Volker", "place F4 draw sea", ["object"]),
    ("bad_move", opening, "Volker", None, ["object"]),
    ("bad_move", opening, "Volker", ["place", "F4"], ["object"]),
    ("bad_move", opening, "Volker", {"card": "F4"}, ["board, place or dutchman", "None"]),
    ("bad_move", opening, "Volker", {"type": "attack"}, ["board, place or dutchman", "'attack'"]),
    ("bad_move", opening, "Volker", {"type": 3}, ["board, place or dutchman"]),
    ("bad_move", opening, "Volker", {"type": ["place"]}, ["board, place or dutchman", "['place']"]),
    ("bad_move", opening, "Volker", {"type": "place", "boat": True, "draw": "sea"}, ["sea card"]),
    ("bad_move", opening, "Volker", place(["F4"]), ["sea card"]),
    ("bad_move", opening, "Volker", {"type": "place", "card": "F4", "draw": "sea"}, ["boat"]),
    ("bad_move", opening, "Volker", place("F4", boat="yes"), ["boat must be true or false"]),
    ("bad_move", opening, "Volker", place("F4", boat=1), ["boat must be true or false"]),
    ("bad_move", opening, "Volker", dutchman(None, "C3"), ["Dutchman card"]),
    # cards
    ("unknown_card", opening, "Volker", place("Z9"), ["'Z9'"]),
    ("unknown_card", opening, "Volker", place("f4"), ["'f4'"]),
    ("unknown_card", opening, "Volker", dutchman("row 9", "C9"), ["'row 9'"]),
    ("bad_card", opening, "Volker", place("row 3"), ["row 3", "dutchman move"]),
    ("bad_card", opening, "Volker", dutchman("F4", "F4"), ["F4", "place move"]),
    ("card_not_in_hand", opening, "Volker", place("D5"), ["D5"]),
    ("card_not_in_hand", opening, "Volker", dutchman("col B", "B2"), ["column B"]),
    # placing
    ("field_empty_must_place", opening, "Volker", place("F4", boat=False), ["F4", "must place"]),
    ("field_full", full_field, "Dieter", place("F4"), ["F4", "two boats", "2 chests"]),
    # drawing
    ("missing_draw", opening, "Volker", {"type": "place", "card": "F4", "boat": True}, ["sea"]),
    ("bad_draw", opening, "Volker", place("F4", draw="up"), ["'up'"]),
    ("bad_draw", opening, "Volker", place("F4", draw=None), ["None"]),
    ("bad_draw", opening, "Volker", place("F4", draw=["sea"]), ["['sea']"]),
    ("must_draw_sea", short_of_sea_cards, "Volker", place("A7", draw="dutchman"), ["no sea card"]),
    # the Flying Dutchman
    ("bad_field", midgame, "Volker", dutchman("row 4", "H4"), ["'H4'"]),
    ("bad_field", midgame, "Volker", {"type": "dutchman", "card": "row 4"}, ["None"]),
    ("field_not_on_line", midgame, "Volker", dutchman("row 4", "D3"), ["D3", "row 4"]),
    ("field_occupied", midgame, "Volker", dutchman("row 4", "C4"), ["C4"]),
    ("dutchman_surrounds_nothing", midgame, "Volker", dutchman("row 4", "E4"), ["E4"]),
    ("dutchman_surrounds_nothing", opening, "Volker", dutchman("row 3", "C3"), ["C3"]),
    # orders
    ("invalid_order", midgame, "Volker", dutchman("row 4", "D4", order=[]), ["C3-D4", "[]"]),
    ("invalid_order", midgame, "Volker", dutchman("row 4", "D4", order=["B3-C4"]), ["C3-D4"]),
    ("invalid_order", midgame, "Volker", place("F4", order=["C3-D4"]), ["none", "C3-D4"]),
    ("invalid_order", midgame, "Volker", place("F4", order="C3-D4"), ["'C3-D4'"]),
    # boarding
    ("bad_tile", opening, "Volker", board("Z9-Z10"), ["'Z9-Z10'", "B3-C4"]),
    ("bad_tile", opening, "Volker", board("C4-B3"), ["'C4-B3'"]),
    ("bad_tile", opening, "Volker", board(None), ["None"]),
    ("bad_tile", opening, "Volker", board(["B3-C4"]), ["['B3-C4']"]),
    ("bad_tile", opening, "Volker", {"type": "board"}, ["None"]),
    ("tile_gone", midgame, "Volker", board("A1-B2"), ["A1-B2"]),
    ("not_a_ship", opening, "Volker", board("C3-D4"), ["C3-D4", "pirate lair"]),
    ("not_a_ship", opening, "Volker", board("D3-E4"), ["D3-E4", "x2:10"]),
    ("already_boarded", midgame, "Volker", board("B3-C4"), ["B3-C4", "Volker"]),
]


@pytest.mark.parametrize(
    "code, state, who, move, words",
    CASES,
    ids=[f"{case[0]}-{i}" for i, case in enumerate(CASES)],
)
def test_an_illegal_move_is_refused_with_a_stable_code_and_a_clear_message(
    code, state, who, move, words
):
    """Every rule broken has its code; the message names the parts of the move."""
    before = state()
    snapshot = copy.deepcopy(before)
    with pytest.raises(IllegalMove) as error:
        apply(before, who, move)
    assert error.value.code == code
    for word in words:
        assert word in error.value.message
    assert before == snapshot
    with pytest.raises(IllegalMove):
        apply_in_place(before, who, move)
    assert before == snapshot
    if isinstance(move, dict) and who == summary(before)["to_move"]:
        listed = {json.dumps(m, sort_keys=True) for m in legal_moves(before)}
        assert json.dumps(move, sort_keys=True) not in listed


def test_the_cases_cover_every_code_of_a_move():
    """The table above names every code a move can be refused with."""
    codes = {case[0] for case in CASES}
    assert codes == {
        "not_your_turn", "unknown_player", "game_over", "bad_move", "unknown_card", "bad_card",
        "card_not_in_hand", "field_empty_must_place", "field_full", "missing_draw", "bad_draw",
        "must_draw_sea", "bad_field", "field_not_on_line", "field_occupied",
        "dutchman_surrounds_nothing", "invalid_order", "bad_tile", "tile_gone", "not_a_ship",
        "already_boarded",
    }  # fmt: skip


def test_the_positions_are_what_the_cases_say():
    """The named positions hold what the table relies on."""
    assert summary(midgame())["to_move"] == "Volker"
    assert {"row 4", "C3", "F4"} <= set(summary(midgame())["players"]["Volker"]["hand"])
    assert summary(short_of_sea_cards())["players"]["Volker"]["hand_size"] == {
        "sea": 1,
        "dutchman": 4,
    }
    assert summary(full_field())["board"]["fields"]["F4"] == ["Volker", "Birgit"]
    assert summary(finished())["over"]


@pytest.mark.parametrize(
    "move",
    [
        {"type": "board", "tile": "B3-C4", "player": "Birgit", "note": "arr", "draw": "up"},
        place("F4", comment={"any": ["thing"]}, seq=17),
    ],
)
def test_keys_the_rules_do_not_name_are_ignored(move):
    """§10: the engine ignores keys other than the move's own (the service's API refuses them)."""
    canonical = {k: v for k, v in move.items() if k in ("type", "tile", "card", "boat", "draw")}
    if canonical["type"] == "board":
        del canonical["draw"]
    assert summary(apply(opening(), "Volker", move)) == summary(
        apply(opening(), "Volker", canonical)
    )
