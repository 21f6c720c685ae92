"""The move POST's fixed statements on the embedded default's SQLite (``make run``)."""

from __future__ import annotations

from pathlib import Path

from sqlite_helpers import on_sqlite

SCRIPT = """
import json
from django.test import Client
from games.models import OutboundMail
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from games.store.loading import engine_for, load_state

players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Ann", "Ben", "Cy")]
game = game_create(kind="freibeuter", players=players, seed=3)
client = Client()


def post(seat, body):
    path = f"/api/games/{game.pk}/moves/"
    auth = f"Seat {seat_token(seat)}"
    answer = client.post(path, json.dumps(body), "application/json", HTTP_AUTHORIZATION=auth)
    return answer.status_code, answer.json()


for _ in range(4):
    game.refresh_from_db()
    name = game.to_move[0]
    seat = game.seats.get(display_name=name)
    move = engine_for(game).legal_moves(load_state(game), name)[0]
    status, answer = post(seat, {"move": move, "expected_seq": game.last_seq})
    print(status, answer["seq"])
game.refresh_from_db()
seat = game.seats.get(display_name=game.to_move[0])
print(post(seat, {"move": {"type": "pass"}, "expected_seq": 1})[1]["error"]["code"])
turns = OutboundMail.objects.filter(kind="turn").order_by("id")
print(*(f"{name}@{seq}" for name, seq in turns.values_list("seat__display_name", "context__seq")))
"""


def test_moves_by_seat_token_are_written_on_sqlite(tmp_path: Path) -> None:
    printed = on_sqlite(tmp_path, SCRIPT, ALLOWED_HOSTS="testserver")
    assert printed.splitlines() == [
        "201 2",
        "201 3",
        "201 4",
        "201 5",
        "stale_seq",
        "Ann@1 Ben@2 Cy@3 Ann@4 Ben@5",
    ]
