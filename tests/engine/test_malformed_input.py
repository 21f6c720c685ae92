"""Malformed input is refused with IllegalMove and nothing else (rules §10).

Moves, players, setups and records come from emails and HTTP bodies, so any
JSON value may arrive where a move or a name belongs. The engine must answer
each with ``IllegalMove`` (a code and a message), never with a ``KeyError``,
``TypeError`` or the like.
"""

from __future__ import annotations

import copy
import functools
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import PLAYERS, deal_for, fill, position, shared_victory
from random_play import REPRODUCIBLE, examples, is_listed

from engine.base import IllegalMove
from engine.freibeuter import State, apply, apply_in_place, new_setup, parse_move, start
from engine.record import replay

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
"""Any JSON value (with the float oddities Python's json module lets through)."""

WORDS = ["board", "place", "dutchman", "sea", "F4", "C3", "D4", "row 4", "col D", "B3-C4",
         "C3-D4", "Volker", "Birgit", True, False, [], ["C3-D4"]]  # fmt: skip
KEYS = ["type", "card", "tile", "field", "boat", "draw", "order", "player"]
move_like = (
    st.dictionaries(st.sampled_from(KEYS), st.sampled_from(WORDS) | json_values, max_size=6)
    | json_values
)
"""Dicts built from the words of real moves, or anything at all."""
player_like = st.sampled_from([*PLAYERS, "", "Mallory"]) | json_values


@functools.cache
def positions() -> tuple[State, ...]:
    """An opening, a middle game with a surround waiting on D4, and a finished game."""
    tiles = {"B3-C4": "15/3", "C3-D4": "lair"}
    middle = ["board B3-C4", *fill(["C3", "D3", "C4", "G7", "A1"])]
    return (
        position([], tiles=tiles),
        position(middle, then=["place D4 draw sea", "dutchman row 4 D4 draw sea"], tiles=tiles),
        shared_victory(),
    )


def only_illegal_move_escapes(call, *args: Any) -> None:
    try:
        call(*args)
    except IllegalMove as error:
        assert isinstance(error.code, str) and error.code
        assert isinstance(error.message, str) and error.message


@settings(REPRODUCIBLE, max_examples=examples(1000))
@given(which=st.integers(0, 2), player=player_like, move=move_like)
def test_any_move_from_anyone_is_applied_or_refused_with_illegal_move(which, player, move):
    """apply (and apply_in_place) answer any move with IllegalMove unless it is listed."""
    state = positions()[which]
    snapshot = copy.deepcopy(state)
    try:
        apply(state, player, move)
    except IllegalMove as error:
        assert error.code and error.message
        assert not is_listed(state, player, move)
        with pytest.raises(IllegalMove):
            apply_in_place(state, player, move)
    else:
        assert is_listed(state, player, move)
    assert state == snapshot


def valid_setup() -> dict[str, Any]:
    return new_setup(PLAYERS, random.Random(7))


@st.composite
def damaged(draw: st.DrawFn, value: Any) -> Any:
    """``value`` with one part, at any depth, replaced by an arbitrary JSON value."""
    value = copy.deepcopy(value)
    holder, key = None, None
    current = value
    while isinstance(current, dict | list) and current and draw(st.booleans()):
        keys = list(current) if isinstance(current, dict) else list(range(len(current)))
        holder, key = current, draw(st.sampled_from(keys))
        current = holder[key]
    if holder is None:
        return draw(json_values)
    if draw(st.booleans()) and isinstance(holder, dict):
        del holder[key]
    else:
        holder[key] = draw(json_values)
    return value


@settings(REPRODUCIBLE, max_examples=examples(800))
@given(players=st.just(list(PLAYERS)) | json_values, setup=damaged(valid_setup()) | json_values)
def test_any_setup_and_players_are_started_or_refused_with_illegal_move(players, setup):
    """start answers arbitrary players and setups with IllegalMove."""
    only_illegal_move_escapes(start, players, setup)


def valid_record() -> dict[str, Any]:
    moves = ["board B3-C4", "place C3 draw sea", "place D3 draw sea"]
    setup = deal_for(moves, tiles={"B3-C4": "10/2"})
    return {
        "format": "pbem-record/1",
        "game": "freibeuter",
        "players": list(PLAYERS),
        "setup": setup,
        "moves": [{"player": p, **parse_move(m)} for p, m in zip(PLAYERS, moves, strict=True)],
    }


@settings(REPRODUCIBLE, max_examples=examples(800))
@given(record=damaged(valid_record()) | json_values)
def test_any_record_is_replayed_or_refused_with_illegal_move(record):
    """replay answers arbitrary records with IllegalMove (a RecordError)."""
    only_illegal_move_escapes(replay, record)


HUGE = "x" * 1_000_000


@pytest.mark.parametrize(
    "move",
    [
        {"type": HUGE},
        {"type": "place", "card": HUGE, "boat": True, "draw": "sea"},
        {"type": "board", "tile": HUGE},
        {"type": "place", "card": "F4", "boat": True, "draw": HUGE},
        {"type": "dutchman", "card": "row 4", "field": HUGE, "draw": "sea"},
        {"type": "place", "card": "F4", "boat": True, "draw": "sea", "order": [HUGE] * 100},
    ],
)
def test_huge_strings_are_refused_like_any_other_bad_value(move):
    """A megabyte of text where a card, tile or draw belongs is just an illegal move."""
    with pytest.raises(IllegalMove):
        apply(positions()[0], "Volker", move)
    with pytest.raises(IllegalMove) as error:
        apply(positions()[0], HUGE, move)
    assert error.value.code == "unknown_player"


def test_a_huge_player_list_or_name_is_refused():
    """start refuses a megabyte name or a thousand players with invalid_record or invalid_setup."""
    for players in ([HUGE, "Birgit"], [f"p{i}" for i in range(1000)]):
        with pytest.raises(IllegalMove):
            start(players, valid_setup())


TOKENS = ["board", "place", "dutchman", "draw", "sea", "chests", "boat", "order", "row", "col",
          "F4", "c3", "3", "C", "B3-C4", "b3 - c4", "-", ",", ":"]  # fmt: skip
texts = st.text(max_size=60) | st.lists(st.sampled_from(TOKENS), max_size=8).map(" ".join)


@settings(REPRODUCIBLE, max_examples=examples(500))
@given(text=texts)
def test_any_text_is_parsed_or_refused_with_bad_notation(text):
    """parse_move answers any text (an email reply) with a move or bad_notation."""
    try:
        parse_move(text)
    except IllegalMove as error:
        assert error.code == "bad_notation"
