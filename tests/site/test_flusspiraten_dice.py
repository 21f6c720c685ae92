"""Flußpiraten dice: rolled by the service from the committed salt, never by a player.

The service writes ``roll`` into a move that needs dice, derived
with ``engine.fairness.dice`` from the salt of ``game_created``; once the
game is over and the salt revealed, anyone can recompute every die.
"""

from __future__ import annotations

import sys
from collections import Counter

import pytest
from api_helpers import post_json
from django.contrib.auth.models import User
from django.test import Client

from engine import fairness
from engine.base import IllegalMove
from games.models import Event, Game
from games.play.links import seat_token
from games.play.lobby import LobbyError, SeatSpec, table_create
from games.play.services import PlayerSpec, game_create, move_submit
from games.store import events
from games.store.loading import engine_for, load_state

NAMES = ("Volker", "Birgit", "Dieter")


def _game(seed: int = 5) -> Game:
    return game_create(
        kind="flusspiraten", players=[PlayerSpec(name=name) for name in NAMES], seed=seed
    )


def _bot_move(game: Game) -> None:
    game.refresh_from_db()
    name = game.to_move[0]
    move = engine_for(game).bot_move(load_state(game), name)
    seat = game.seats.get(display_name=name)
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
    game.refresh_from_db()


def test_dice_are_fixed_by_salt_and_seq_and_every_face_is_equally_likely() -> None:
    assert fairness.dice("salt", 7, 2) == fairness.dice("salt", 7, 2)
    assert fairness.dice("salt", 7, 40)[:2] == fairness.dice("salt", 7, 2)
    assert fairness.dice("salt", 7, 40) != fairness.dice("salt", 8, 40)
    faces = Counter(die for seq in range(2000) for die in fairness.dice("s", seq, 3))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(900 < count < 1100 for count in faces.values())


def test_a_roll_sent_by_a_player_is_refused_and_nothing_is_written(db: None) -> None:
    game = _game()
    for name in NAMES:
        seat = game.seats.get(display_name=name)
        move_submit(game=game, seat=seat, move={"type": "deploy", "left": 3}, expected_seq=None)
    game.refresh_from_db()
    seat = game.seats.get(display_name=game.to_move[0])
    before = game.last_seq
    with pytest.raises(IllegalMove) as refused:
        move = {"type": "walk", "from": "SL", "roll": [6]}
        move_submit(game=game, seat=seat, move=move, expected_seq=before)
    assert refused.value.code == "roll_by_service"
    game.refresh_from_db()
    assert game.last_seq == before
    result = move_submit(
        game=game, seat=seat, move={"type": "walk", "from": "SL"}, expected_seq=before
    )
    salt = Event.objects.get(game=game, seq=1).payload["salt"]
    assert result.move["roll"] == fairness.dice(salt, result.seq, 1)


def test_the_api_refuses_a_roll_and_a_game_not_on_the_site(
    db: None, game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = Client()
    client.force_login(User.objects.create_user("host"))
    players = [{"name": name} for name in NAMES]
    monkeypatch.setitem(sys.modules, "games.kinds.flusspiraten", None)  # no site package
    created = post_json(client, "/api/games/", {"kind": "flusspiraten", "players": players})
    assert created.status_code == 400 and "cannot be played on this site" in created.text
    seat = game.seats.get(position=0)
    body = {"move": {"type": "board", "roll": [3]}, "expected_seq": game.last_seq}
    answer = post_json(client, f"/api/games/{game.pk}/moves/", body, token=seat_token(seat))
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "roll_by_service"


def test_a_bot_game_ends_and_its_dice_verify_against_the_revealed_salt(db: None) -> None:
    game = _game(seed=11)
    while game.status == Game.Status.ACTIVE:
        _bot_move(game)
    assert game.status == Game.Status.FINISHED and game.winners
    created = Event.objects.get(game=game, seq=1).payload
    assert fairness.verify({**created, "game": "flusspiraten"}, game.commitment)
    moves = Event.objects.filter(game=game, type=events.MOVE).order_by("seq")
    rolled = [(event.seq, event.payload["move"].get("roll")) for event in moves]
    rolled = [(seq, roll) for seq, roll in rolled if roll is not None]
    assert len(rolled) > 20
    for seq, roll in rolled:
        assert roll == fairness.dice(created["salt"], seq, len(roll))


def test_the_lobby_refuses_a_game_not_on_the_site(
    db: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "games.kinds.flusspiraten", None)  # no site package
    seats = [SeatSpec(kind="bot", name=name) for name in NAMES]
    with pytest.raises(LobbyError, match="cannot be played on this site yet"):
        table_create(kind="flusspiraten", seats=seats, options={})


def test_the_api_creates_a_game_and_answers_a_walk_with_its_dice(db: None) -> None:
    client = Client()
    client.force_login(User.objects.create_user("host"))
    players = [{"name": name} for name in NAMES]
    created = post_json(client, "/api/games/", {"kind": "flusspiraten", "players": players})
    assert created.status_code == 201, created.json()
    game_id, tokens = created.json()["id"], [seat["token"] for seat in created.json()["seats"]]
    seq = created.json()["last_seq"]
    for token in tokens:
        body = {"move": {"type": "deploy", "left": 3}, "expected_seq": seq}
        answer = post_json(client, f"/api/games/{game_id}/moves/", body, token=token)
        assert answer.status_code == 201, answer.json()
        seq = answer.json()["seq"]
    wrong = {"move": {"type": "deploy", "left": "3"}, "expected_seq": seq}
    assert (
        post_json(client, f"/api/games/{game_id}/moves/", wrong, token=tokens[0]).status_code == 400
    )
    body = {"text": "walk SL", "expected_seq": seq}
    answer = post_json(client, f"/api/games/{game_id}/moves/", body, token=tokens[0])
    assert answer.status_code == 201, answer.json()
    salt = Event.objects.get(game_id=game_id, seq=1).payload["salt"]
    assert answer.json()["move"]["roll"] == fairness.dice(salt, answer.json()["seq"], 1)
