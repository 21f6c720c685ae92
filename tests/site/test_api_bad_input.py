"""Malformed, oversized, unauthorised and illegal requests: each a clear 4xx, never a 500."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from api_helpers import post_json, seat_auth
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game
from games.play.links import seat_token
from games.play.selectors import game_legal_moves
from games.play.services import PlayerSpec, game_create


@dataclass(frozen=True)
class Case:
    name: str
    status: int
    code: str
    method: str = "post"
    path: str = "/api/games/{id}/moves/"
    body: Any = None
    raw: bytes | None = None
    content_type: str = "application/json"
    seat: str | None = "Anne"
    headers: dict[str, str] = field(default_factory=dict)


MOVE = {"type": "place", "card": "F4", "boat": True, "draw": "sea"}

CASES = [
    Case("malformed JSON", 400, "malformed_json", raw=b'{"move": '),
    Case("invalid UTF-8", 400, "malformed_json", raw=b'{"text": "\xff\xfe"}'),
    Case("NaN", 400, "malformed_json", raw=b'{"move": {}, "expected_seq": NaN}'),
    Case("deep nesting", 400, "malformed_json", raw=b"[" * 20000 + b"]" * 20000),
    Case("body not an object", 400, "invalid_request", body=[1, 2, 3]),
    Case("no expected_seq", 400, "invalid_request", body={"move": MOVE}),
    Case("expected_seq text", 400, "invalid_request", body={"move": MOVE, "expected_seq": "x"}),
    Case(
        "expected_seq a numeral", 400, "invalid_request", body={"move": MOVE, "expected_seq": "1"}
    ),
    Case("text a number", 400, "invalid_request", body={"text": 5, "expected_seq": 1}),
    Case("expected_seq bool", 400, "invalid_request", body={"move": MOVE, "expected_seq": True}),
    Case("expected_seq negative", 400, "invalid_request", body={"move": MOVE, "expected_seq": -1}),
    Case("expected_seq huge", 400, "invalid_request", body={"move": MOVE, "expected_seq": 10**30}),
    Case("neither move nor text", 400, "invalid_request", body={"expected_seq": 1}),
    Case(
        "both move and text",
        400,
        "invalid_request",
        body={"move": MOVE, "text": "board A1-B2", "expected_seq": 1},
    ),
    Case("move a list", 400, "invalid_request", body={"move": [MOVE], "expected_seq": 1}),
    Case("move a string", 400, "invalid_request", body={"move": "board", "expected_seq": 1}),
    Case(
        "move with a player key",
        400,
        "invalid_request",
        body={"move": {**MOVE, "player": "Bart"}, "expected_seq": 1},
    ),
    Case(
        "move with an unknown key",
        400,
        "invalid_request",
        body={"move": {**MOVE, "cheat": 1}, "expected_seq": 1},
    ),
    Case(
        "boat as a string",
        400,
        "invalid_request",
        body={"move": {**MOVE, "boat": "yes"}, "expected_seq": 1},
    ),
    Case(
        "card as a number",
        400,
        "invalid_request",
        body={"move": {**MOVE, "card": 4}, "expected_seq": 1},
    ),
    Case(
        "order not a list",
        400,
        "invalid_request",
        body={"move": {**MOVE, "order": "B2-C3"}, "expected_seq": 1},
    ),
    Case(
        "move_id with spaces",
        400,
        "invalid_request",
        body={"move": MOVE, "expected_seq": 1, "move_id": "a b"},
    ),
    Case(
        "text not a move", 400, "bad_notation", body={"text": "jump overboard", "expected_seq": 1}
    ),
    Case("unknown move type", 400, "bad_move", body={"move": {"type": "fly"}, "expected_seq": 1}),
    Case(
        "not your turn",
        400,
        "not_your_turn",
        seat="Bart",
        body={"move": {"type": "board", "tile": "A1-B2"}, "expected_seq": 1},
    ),
    Case("stale seq", 409, "stale_seq", body={"move": MOVE, "expected_seq": 0}),
    Case("too large", 413, "too_large", raw=b'{"text": "' + b"x" * 100_000 + b'"}'),
    Case("form data", 415, "unsupported_media_type", raw=b"text=board", content_type="text/plain"),
    Case("no token", 403, "not_your_seat", seat=None, body={"move": MOVE, "expected_seq": 1}),
    Case(
        "forged token",
        403,
        "bad_token",
        seat=None,
        headers={"HTTP_AUTHORIZATION": "Seat eyJzIjoxLCJ2IjoxfQ:forged"},
        body={"move": MOVE, "expected_seq": 1},
    ),
    Case(
        "garbage token",
        403,
        "bad_token",
        seat=None,
        headers={"HTTP_AUTHORIZATION": "Seat \u00e9\u00e9 ::: \x00"},
        body={"move": MOVE, "expected_seq": 1},
    ),
    Case(
        "other game's seat",
        403,
        "not_your_seat",
        seat="other",
        body={"move": MOVE, "expected_seq": 1},
    ),
    Case(
        "unknown game", 404, "not_found", path="/api/games/999999/moves/", body={"expected_seq": 1}
    ),
    Case(
        "huge game id", 404, "not_found", method="get", path="/api/games/99999999999999999999999/"
    ),
    Case("game id not a number", 404, "not_found", method="get", path="/api/games/abc/"),
    Case("unknown API path", 404, "not_found", method="get", path="/api/nothing/here/"),
    Case("wrong method", 405, "method_not_allowed", method="delete", path="/api/games/{id}/"),
    Case(
        "legal moves as a spectator",
        403,
        "not_your_seat",
        method="get",
        seat=None,
        path="/api/games/{id}/legal/",
    ),
    Case(
        "record of a live game", 403, "record_hidden", method="get", path="/api/games/{id}/record/"
    ),
    Case("bad status filter", 400, "invalid_request", method="get", path="/api/games/?status=won"),
    Case("bad limit", 400, "invalid_request", method="get", path="/api/games/?limit=-5"),
    Case(
        "bad history cursor",
        400,
        "invalid_request",
        method="get",
        path="/api/games/{id}/events/?after=x",
    ),
    Case("empty status filter", 400, "invalid_request", method="get", path="/api/games/?status="),
    Case("empty player filter", 400, "invalid_request", method="get", path="/api/games/?player="),
    Case(
        "player filter with a NUL",
        400,
        "invalid_request",
        method="get",
        path="/api/games/?player=A%00",
    ),
    Case(
        "status filter twice",
        400,
        "invalid_request",
        method="get",
        path="/api/games/?status=won&status=active",
    ),
    Case(
        "empty history cursor",
        400,
        "invalid_request",
        method="get",
        path="/api/games/{id}/events/?after=",
    ),
    Case(
        "history cursor twice",
        400,
        "invalid_request",
        method="get",
        path="/api/games/{id}/events/?after=[]&after=1",
    ),
    Case(
        "chat of spaces",
        400,
        "invalid_request",
        path="/api/games/{id}/chat/",
        body={"text": " \x1c"},
    ),
    Case("chat not text", 400, "invalid_request", path="/api/games/{id}/chat/", body={"text": 5}),
    Case(
        "chat too long",
        400,
        "invalid_request",
        path="/api/games/{id}/chat/",
        body={"text": "x" * 501},
    ),
    Case(
        "takeback answer unknown",
        400,
        "invalid_request",
        path="/api/games/{id}/takeback/",
        body={"answer": "maybe"},
    ),
    Case(
        "takeback answered with none asked",
        409,
        "no_takeback",
        path="/api/games/{id}/takeback/",
        body={"answer": "accept"},
    ),
    Case(
        "takeback asked before any move",
        409,
        "takeback_not_last",
        path="/api/games/{id}/takeback/",
        body={"answer": "ask"},
    ),
    Case(
        "create a game anonymously",
        403,
        "login_required",
        path="/api/games/",
        body={"kind": "freibeuter"},
    ),
]


@pytest.fixture
def other_token(db: None) -> str:
    other = game_create(kind="freibeuter", players=[PlayerSpec(name=n) for n in ("X", "Y")], seed=1)
    return seat_token(other.seats.get(position=0))


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_it_refuses_a_bad_request_with_a_clear_error(
    case: Case, game: Game, tokens: dict[str, str], other_token: str, client: Client
) -> None:
    headers = dict(case.headers)
    if case.seat is not None:
        headers.update(seat_auth(other_token if case.seat == "other" else tokens[case.seat]))
    path = case.path.format(id=game.pk)
    data = case.raw if case.raw is not None else json.dumps(case.body)
    if case.method == "post":
        response = client.post(path, data, content_type=case.content_type, **headers)
    else:
        response = getattr(client, case.method)(path, **headers)
    assert response.status_code == case.status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    error = response.json()["error"]
    assert error["code"] == case.code and error["message"]
    if case.code == "stale_seq":
        assert error["seq"] == 1
    game.refresh_from_db()
    assert game.last_seq == 1  # nothing was written


CREATE_CASES = [
    ({"kind": "chess", "players": [{"name": "A"}, {"name": "B"}]}, "invalid_request"),
    ({"kind": "freibeuter", "players": [{"name": "A"}]}, "invalid_request"),
    ({"kind": "freibeuter", "players": [{"name": "A"}, {"name": "A"}]}, "invalid_request"),
    ({"kind": "freibeuter", "players": [{"name": n} for n in "ABCDE"]}, "invalid_request"),
    ({"kind": "freibeuter", "players": [{"name": "A"}, {"name": " "}]}, "invalid_request"),
    (
        {"kind": "freibeuter", "players": [{"name": "A"}, {"name": "B", "time_zone": "Mars"}]},
        "invalid_request",
    ),
    ({"kind": "freibeuter", "players": ["A", "B"]}, "invalid_request"),
    (
        {"kind": "freibeuter", "players": [{"name": "A"}, {"name": "B"}], "seed": -1},
        "invalid_request",
    ),
]


@pytest.mark.parametrize("body,code", CREATE_CASES)
def test_it_refuses_a_bad_new_game(db: None, client: Client, body: dict, code: str) -> None:
    client.force_login(User.objects.create_user("organiser"))
    response = client.post("/api/games/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == code
    assert not Game.objects.exists()


def test_it_refuses_a_move_id_reused_for_another_move(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    path = f"/api/games/{game.pk}/moves/"
    first, second = game_legal_moves(game=game, seat=game.seats.get(position=0))[:2]
    body = {"move": first, "expected_seq": 1, "move_id": "m-1"}
    assert post_json(client, path, body, tokens["Anne"]).status_code == 201
    again = post_json(client, path, {**body, "move": second}, tokens["Anne"])
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "move_id_reused"
    replayed = post_json(client, path, body, tokens["Anne"])
    assert replayed.status_code == 201 and replayed.json()["seq"] == 2
    game.refresh_from_db()
    assert game.last_seq == 2


@pytest.mark.clock
def test_it_answers_a_chat_flood_with_too_many_requests(
    game: Game, tokens: dict[str, str], client: Client
) -> None:
    path = f"/api/games/{game.pk}/chat/"
    answers = [post_json(client, path, {"text": f"Ahoy {n}"}, tokens["Anne"]) for n in range(6)]
    assert [answer.status_code for answer in answers] == [201] * 5 + [429]
    assert answers[-1].json()["error"]["code"] == "chat_rate"
