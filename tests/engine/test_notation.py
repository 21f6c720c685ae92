"""The text notation of moves (rules §10), as typed in an email reply."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from oracle import surrounds
from random_play import REPRODUCIBLE, examples, player_counts, random_game, seeds

from engine.base import IllegalMove
from engine.freibeuter import format_move, legal_moves, parse_move, summary

FORMS = [
    ("board B3-C4", {"type": "board", "tile": "B3-C4"}),
    ("place F4 draw sea", {"type": "place", "card": "F4", "boat": True, "draw": "sea"}),
    ("place F4 chests draw dutchman",
     {"type": "place", "card": "F4", "boat": False, "draw": "dutchman"}),
    ("dutchman row 3 C3 draw sea",
     {"type": "dutchman", "card": "row 3", "field": "C3", "draw": "sea"}),
    ("dutchman col C C3 draw dutchman",
     {"type": "dutchman", "card": "col C", "field": "C3", "draw": "dutchman"}),
    ("dutchman row 3 C3 draw sea order B2-C3 C2-D3",
     {"type": "dutchman", "card": "row 3", "field": "C3", "draw": "sea",
      "order": ["B2-C3", "C2-D3"]}),
    ("place D4 draw sea order D3-E4 C3-D4",
     {"type": "place", "card": "D4", "boat": True, "draw": "sea", "order": ["D3-E4", "C3-D4"]}),
]  # fmt: skip


@pytest.mark.parametrize("text, move", FORMS, ids=[text for text, _ in FORMS])
def test_every_form_of_the_notation_reads_as_its_move_and_prints_back(text, move):
    """§10: ``board B3-C4``, ``place F4 draw sea``, ``place F4 chests draw dutchman``, …"""
    assert parse_move(text) == move
    assert format_move(move) == text


@pytest.mark.parametrize(
    "text, move",
    [
        ("  PLACE f4  Draw  Sea ", {"type": "place", "card": "F4", "boat": True, "draw": "sea"}),
        (
            "dutchman col c c3 draw sea",
            {"type": "dutchman", "card": "col C", "field": "C3", "draw": "sea"},
        ),
        (
            "Dutchman Column C c3 Draw Sea",
            {"type": "dutchman", "card": "col C", "field": "C3", "draw": "sea"},
        ),
        (
            "dutchman row3 c3 draw sea",
            {"type": "dutchman", "card": "row 3", "field": "C3", "draw": "sea"},
        ),
        ("board b3 - c4", {"type": "board", "tile": "B3-C4"}),
        ("BOARD\tB3-C4\n", {"type": "board", "tile": "B3-C4"}),
        ("place F4, draw sea", {"type": "place", "card": "F4", "boat": True, "draw": "sea"}),
        ("place F4 boat draw sea", {"type": "place", "card": "F4", "boat": True, "draw": "sea"}),
        ("place f4 chests", {"type": "place", "card": "F4", "boat": False}),
        (
            "place D4 order d3-e4, c3-d4 draw sea",
            {
                "type": "place",
                "card": "D4",
                "boat": True,
                "draw": "sea",
                "order": ["D3-E4", "C3-D4"],
            },
        ),
        (
            "place F4 draw sea order",
            {"type": "place", "card": "F4", "boat": True, "draw": "sea", "order": []},
        ),
    ],  # fmt: skip
)
def test_case_spacing_and_commas_do_not_matter(text, move):
    """§10: a reply typed by a person is read whatever its case, spacing or commas."""
    assert parse_move(text) == move


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", "a move"),
        ("   ", "a move"),
        ("attack B3-C4", "a move starting with board, place or dutchman"),
        ("board", "a tile such as B3-C4"),
        ("board C4-B3", "a tile such as B3-C4"),
        ("board G7-H8", "a tile such as B3-C4"),
        ("board B3-C4 draw sea", "nothing after the tile"),
        ("place", "a field such as F4"),
        ("place H9 draw sea", "a field such as F4"),
        ("place F4 draw", "'draw sea' or 'draw dutchman'"),
        ("place F4 draw tea", "'draw sea' or 'draw dutchman'"),
        ("place F4 please", "'draw sea', 'draw dutchman' or 'order' and tiles"),
        ("dutchman row 9 C9 draw sea", "a Dutchman card such as 'row 3' or 'col C'"),
        ("dutchman col 3 C3 draw sea", "a Dutchman card such as 'row 3' or 'col C'"),
        ("dutchman C3 draw sea", "a Dutchman card such as 'row 3' or 'col C'"),
        ("dutchman row 3 draw sea", "a field such as F4"),
        ("dutchman row 3 C3 draw sea order B2-C3 X1-Y2", "a tile such as B3-C4"),
    ],
)
def test_text_that_is_no_move_is_refused_saying_what_was_expected(text, expected):
    """§10: a reply that cannot be read gets ``bad_notation`` and what was expected there."""
    with pytest.raises(IllegalMove) as error:
        parse_move(text)
    assert error.value.code == "bad_notation"
    assert f"expected {expected}" in error.value.message
    assert repr(text.strip()) in error.value.message
    assert "board B3-C4" in error.value.message


def test_an_empty_order_survives_printing_and_reading():
    """§10: ``"order": []`` says the placement surrounds nothing; the text must keep it."""
    move = {"type": "place", "card": "F4", "boat": True, "draw": "sea", "order": []}
    assert parse_move(format_move(move)) == move


@settings(REPRODUCIBLE, max_examples=examples(30))
@given(players=player_counts, seed=seeds)
def test_every_legal_move_of_random_positions_prints_and_reads_back(players, seed):
    """§10: parse_move(format_move(m)) == m for every listed move, and with explicit orders."""
    rng = random.Random(seed)
    _, game = random_game(players, seed)
    for step in game:
        for move in legal_moves(step.before):
            assert parse_move(format_move(move)) == move
            if move["type"] != "board":
                order = surrounds(summary(step.before), move)
                rng.shuffle(order)
                ordered = {**move, "order": order}
                assert parse_move(format_move(ordered)) == ordered
