"""The text notation of Seeräuber moves (rules §9), as typed in email replies."""

from __future__ import annotations

import pytest

from engine.base import IllegalMove
from engine.seerauber import format_move, parse_move

CANONICAL = [
    ("stack R3 on B5", {"type": "stack", "piece": "R3", "onto": "B5"}),
    (
        "board S07 with R3 take chest",
        {"type": "board", "stack": "R3", "ship": "S07", "booty": "chest"},
    ),
    ("board S01 with R3", {"type": "board", "stack": "R3", "ship": "S01"}),
    ("mutiny B5", {"type": "mutiny", "stack": "B5"}),
    ("no mutiny", {"type": "no_mutiny"}),
    ("pass", {"type": "pass"}),
]


@pytest.mark.parametrize(("text", "move"), CANONICAL)
def test_each_move_of_section_9_reads_and_writes_in_its_text_form(text, move):
    assert parse_move(text) == move
    assert format_move(move) == text


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("  STACK r? ON b5 ", {"type": "stack", "piece": "R?", "onto": "B5"}),
        (
            "Board s7, with k2 take RUM",
            {"type": "board", "stack": "K2", "ship": "S07", "booty": "rum"},
        ),
        ("No  Mutiny", {"type": "no_mutiny"}),
        ("no_mutiny", {"type": "no_mutiny"}),
        ("PASS", {"type": "pass"}),
    ],
)
def test_case_spaces_and_commas_do_not_matter(text, move):
    assert parse_move(text) == move


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "a move"),
        ("jump R3", "a move starting with"),
        ("stack R3 B5", "'stack R3 on B5'"),
        ("stack R6 on B5", "R3 or B?"),
        ("board S16 with R3", "S01 to S15"),
        ("board S07 with R3 take gold", "a booty"),
        ("mutiny", "R3 or B?"),
        ("pass now", "nothing after 'pass'"),
    ],
)
def test_unreadable_text_is_a_bad_notation_that_says_what_was_expected(text, expected):
    with pytest.raises(IllegalMove) as error:
        parse_move(text)
    assert error.value.code == "bad_notation"
    assert expected in error.value.message
