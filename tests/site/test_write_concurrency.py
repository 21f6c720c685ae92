"""Concurrent writers on one game: one move per seq, gap-free seqs, no doubled move.

Each thread has its own client and its own database connection, so the
writers really race on PostgreSQL's row lock.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from typing import Any

import pytest
from api_helpers import post_json
from django.db import connections
from django.test import Client

from games.models import Event, Game
from games.play.selectors import game_legal_moves

pytestmark = pytest.mark.django_db(transaction=True)


def _race(count: int, body_for: Callable[[int], dict[str, Any]], path: str, token: str) -> list:
    """POST ``count`` bodies at once from as many threads; return (status, JSON) per thread."""
    barrier = threading.Barrier(count)
    answers: list[Any] = [None] * count

    def submit(index: int) -> None:
        try:
            client = Client()
            barrier.wait(timeout=30)
            response = post_json(client, path, body_for(index), token)
            answers[index] = (response.status_code, response.json())
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


def _seqs(game: Game) -> list[int]:
    return list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))


def test_it_accepts_exactly_one_of_twenty_racing_moves(game: Game, tokens: dict[str, str]) -> None:
    moves = game_legal_moves(game=game, seat=game.seats.get(position=0))[:20]
    assert len(moves) == 20
    answers = _race(
        20,
        lambda i: {"move": moves[i], "expected_seq": 1},
        f"/api/games/{game.pk}/moves/",
        tokens["Anne"],
    )
    statuses = sorted(status for status, _ in answers)
    assert statuses == [201] + [409] * 19
    stale = [body["error"] for status, body in answers if status == 409]
    assert all(error["code"] == "stale_seq" and error["seq"] == 2 for error in stale)
    assert _seqs(game) == [1, 2]
    game.refresh_from_db()
    assert game.last_seq == 2 and game.to_move == ["Bart"]


def test_it_applies_a_move_sent_ten_times_at_once_once(game: Game, tokens: dict[str, str]) -> None:
    move = game_legal_moves(game=game, seat=game.seats.get(position=0))[0]
    answers = _race(
        10,
        lambda i: {"move": move, "expected_seq": 1, "move_id": "double-click-1"},
        f"/api/games/{game.pk}/moves/",
        tokens["Anne"],
    )
    assert {status for status, _ in answers} == {201}
    assert len({json.dumps(body, sort_keys=True) for _, body in answers}) == 1
    assert _seqs(game) == [1, 2]
    assert Event.objects.get(game=game, seq=2).move_id == "double-click-1"


def test_it_keeps_seqs_gap_free_while_seats_race_through_a_game(
    game: Game, tokens: dict[str, str]
) -> None:
    """Every seat keeps submitting its bot move at its last known seq; the game still advances."""
    path = f"/api/games/{game.pk}/moves/"
    for _ in range(6):
        game.refresh_from_db()
        (player,) = game.to_move
        move = game_legal_moves(game=game, seat=game.seats.get(display_name=player))[0]
        answers = _race(
            5,
            lambda i, m=move, s=game.last_seq: {"move": m, "expected_seq": s},
            path,
            tokens[player],
        )
        assert sorted(status for status, _ in answers) == [201, 409, 409, 409, 409]
    assert _seqs(game) == list(range(1, 8))
