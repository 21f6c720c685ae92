"""A move POST by seat token: its seat read with the game it locks, every refusal as before."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import post_json, seat_auth
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import Event, Game, Seat
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from games.store.loading import engine_for, load_state

MOVE = {"type": "place", "card": "F4", "boat": True, "draw": "sea"}


@pytest.fixture
def other_token(db: None) -> str:
    other = game_create(kind="freibeuter", players=[PlayerSpec(name=n) for n in ("X", "Y")], seed=1)
    return seat_token(other.seats.get(position=0))


def _moves(game: Game) -> int:
    return Event.objects.filter(game=game, type="move").count()


def _error(response: Any) -> tuple[int, str, str]:
    error = response.json()["error"]
    return response.status_code, error["code"], error["message"]


def _revoked(game: Game, name: str) -> str:
    seat = game.seats.get(display_name=name)
    old = seat_token(seat)
    Seat.objects.filter(pk=seat.pk).update(token_version=seat.token_version + 1)
    return old


def test_the_seat_is_read_with_the_locked_game(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    path = f"/api/games/{game.pk}/moves/"
    with CaptureQueriesContext(connection) as queries:
        response = post_json(client, path, {"move": MOVE, "expected_seq": 1}, tokens["Anne"])
    assert response.status_code == 201, response.content
    control = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE")
    statements = [q["sql"] for q in queries if not q["sql"].startswith(control)]
    seat_reads = [sql for sql in statements if sql.startswith("SELECT") and "games_seat" in sql]
    assert len(seat_reads) == 1 and "FOR UPDATE" in seat_reads[0]
    assert statements[0] == seat_reads[0]  # nothing read before the game is locked


def test_a_revoked_token_is_refused_before_its_body_is_read(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    old = _revoked(game, "Anne")
    path = f"/api/games/{game.pk}/moves/"
    forged = client.post(
        path, b"{}", content_type="application/json", HTTP_AUTHORIZATION="Seat forged"
    )
    for body in (b'{"move": ', b'{"move": {"type": "place"}, "expected_seq": 1}'):
        response = client.post(path, body, content_type="application/json", **seat_auth(old))
        assert (
            _error(response)
            == _error(forged)
            == (
                403,
                "bad_token",
                "The seat token is invalid or has been revoked.",
            )
        )
    assert _moves(game) == 0


def test_a_token_of_another_game_or_no_game_is_answered_as_before(
    game: Game, other_token: str, client: Client
) -> None:
    body = {"move": MOVE, "expected_seq": 1}
    elsewhere = post_json(client, f"/api/games/{game.pk}/moves/", body, other_token)
    assert _error(elsewhere)[:2] == (403, "not_your_seat")
    nowhere = post_json(client, "/api/games/999999/moves/", body, other_token)
    assert _error(nowhere)[:2] == (404, "not_found")
    assert _moves(game) == 0


def test_a_bad_body_by_a_valid_token_writes_nothing(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    path = f"/api/games/{game.pk}/moves/"
    malformed = client.post(
        path, b'{"move": ', content_type="application/json", **seat_auth(tokens["Anne"])
    )
    assert _error(malformed)[:2] == (400, "malformed_json")
    unknown = post_json(
        client, path, {"move": {**MOVE, "colour": "red"}, "expected_seq": 1}, tokens["Anne"]
    )
    assert _error(unknown)[:2] == (400, "invalid_request")
    stale = post_json(client, path, {"move": MOVE, "expected_seq": 0}, tokens["Anne"])
    assert _error(stale)[:2] == (409, "stale_seq")
    assert _moves(game) == 0
    game.refresh_from_db()
    assert game.last_seq == 1


@pytest.mark.django_db(transaction=True)  # the move's transaction is the outermost, as served
def test_the_move_s_writes_go_in_one_call_with_its_commit(anne: Seat, client: Client) -> None:
    game = anne.game
    path = f"/api/games/{game.pk}/moves/"
    move = engine_for(game).legal_moves(load_state(game), "Anne")[0]
    body = {"move": move, "expected_seq": game.last_seq}
    with CaptureQueriesContext(connection) as queries:
        response = post_json(client, path, body, seat_token(anne))
    assert response.status_code == 201, response.content
    writes = [q["sql"] for q in queries if q["sql"].startswith(("INSERT", "UPDATE"))]
    assert len(writes) == 1
    (sent,) = writes
    assert sent.startswith("INSERT INTO games_event")
    assert "UPDATE games_game" in sent and "INSERT INTO games_outboundmail" in sent
    assert sent.endswith("; COMMIT"), "the writes cost no round trip of their own"
    assert _moves(game) == 1
    assert game.mails.filter(kind="turn", seat__display_name="Bart").count() == 1
