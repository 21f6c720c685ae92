"""The game detail's hand-built rendering is exactly what its serializers render, byte for byte."""

from __future__ import annotations

import random

from api_helpers import get_json
from django.test import Client
from player_helpers import bot_moves, finished_game
from rest_framework.renderers import JSONRenderer

from games.api import serializers as io
from games.models import Game
from games.play import selectors
from games.play.links import seat_token


def _rendered(data: object) -> bytes:
    return JSONRenderer().render(data)


def test_it_renders_a_game_under_way_as_its_serializer_does(game: Game) -> None:
    bot_moves(game, 5)
    assert game.deadline_at is not None
    assert _rendered(io.game_output(game, game.seats.all())) == _rendered(io.GameOutput(game).data)
    for seat in game.seats.all():
        assert _rendered(io.seat_output(seat)) == _rendered(io.SeatOutput(seat).data)


def test_it_renders_a_finished_game_as_its_serializer_does(db: None) -> None:
    game = finished_game("freibeuter", ["Anne", "Bart", "Cleo"], random.Random(4))
    assert game.winners and game.scores and game.deadline_at is None
    assert _rendered(io.game_output(game, game.seats.all())) == _rendered(io.GameOutput(game).data)


def test_it_answers_the_detail_with_the_serializers_rendering_and_the_seats_view(
    game: Game, client: Client
) -> None:
    bot_moves(game, 2)
    seat = game.seats.get(display_name=game.to_move[0])
    expected = {
        **io.GameOutput(game).data,
        "you": io.SeatOutput(seat).data,
        "view": selectors.game_state(game=game, seat=seat),
    }
    response = get_json(client, f"/api/games/{game.pk}/", seat_token(seat))
    assert response.status_code == 200
    assert response.content == _rendered(expected)
    spectator = {**expected, "you": None, "view": selectors.game_state(game=game, seat=None)}
    assert get_json(client, f"/api/games/{game.pk}/").content == _rendered(spectator)
