"""The move POST's plain body check gives what the serializer gives, errors included."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework import serializers

from engine.base import IllegalMove
from games.api.serializers import MoveSubmitInput, move_submit_data
from games.models import Game

MOVE = {"type": "place", "card": "F4", "boat": True, "draw": "sea"}

BODIES: list[Any] = [
    {"move": MOVE, "expected_seq": 1},
    {"move": MOVE, "expected_seq": 0, "move_id": "a.b:c-d_9"},
    {"move": {"type": "pass"}, "expected_seq": 2**31 - 1},
    {"move": MOVE, "expected_seq": 2**31},
    {"move": MOVE, "expected_seq": -1},
    {"move": MOVE, "expected_seq": True},
    {"move": MOVE, "expected_seq": "1"},
    {"move": MOVE, "expected_seq": 1.0},
    {"move": MOVE},
    {"expected_seq": 1},
    {"move": MOVE, "expected_seq": 1, "move_id": "abc\n"},
    {"move": MOVE, "expected_seq": 1, "move_id": " abc"},
    {"move": MOVE, "expected_seq": 1, "move_id": "x" * 65},
    {"move": MOVE, "expected_seq": 1, "move_id": ""},
    {"move": MOVE, "expected_seq": 1, "move_id": None},
    {"move": MOVE, "expected_seq": 1, "move_id": 7},
    {"move": MOVE, "expected_seq": 1, "extra": 1},
    {"move": MOVE, "text": "pass", "expected_seq": 1},
    {"move": [], "expected_seq": 1},
    {"move": {"type": "place", "card": 4}, "expected_seq": 1},
    {"move": {"type": "place", "boat": "yes"}, "expected_seq": 1},
    {"move": {"type": "place", "colour": "red"}, "expected_seq": 1},
    {"move": {"type": "place", "roll": [3]}, "expected_seq": 1},
    {"move": {"type": "place", "card": "x" * 33}, "expected_seq": 1},
    [],
    "move",
]


def _answer(check: Any) -> tuple[str, Any]:
    try:
        return "valid", dict(check())
    except serializers.ValidationError as error:
        return "invalid", error.detail
    except IllegalMove as error:
        return "illegal", (error.code, error.message)


@pytest.mark.parametrize("body", BODIES, ids=range(len(BODIES)))
def test_the_plain_check_answers_as_the_serializer(game: Game, body: Any) -> None:
    def serializer() -> Any:
        checked = MoveSubmitInput(data=body, context={"game": game})
        checked.is_valid(raise_exception=True)
        return checked.validated_data

    assert _answer(lambda: move_submit_data(body, game)) == _answer(serializer)


def test_the_usual_body_needs_no_serializer(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("the usual body went through the serializer")

    monkeypatch.setattr(MoveSubmitInput, "is_valid", refuse)
    body = {"move": MOVE, "expected_seq": 3, "move_id": "m-1"}
    assert move_submit_data(body, game) == body
