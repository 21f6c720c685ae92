"""A whole game played through the API, seat by seat, to the end."""

from __future__ import annotations

import random

from api_helpers import get_json, post_json
from django.contrib.auth.models import User
from django.test import Client

from engine.record import replay
from games.models import Event, Game


def _create_game(client: Client) -> dict:
    client.force_login(User.objects.create_user("organiser"))
    response = post_json(
        client,
        "/api/games/",
        {"kind": "freibeuter", "players": [{"name": "Anne"}, {"name": "Bart"}, {"name": "Cleo"}]},
    )
    assert response.status_code == 201, response.json()
    client.logout()
    return response.json()


def test_it_plays_a_whole_three_player_game_through_the_api(db: None, client: Client) -> None:
    created = _create_game(client)
    game_id = created["id"]
    tokens = {seat["name"]: seat["token"] for seat in created["seats"]}
    rng = random.Random(3)
    moves = 0
    while True:
        detail = get_json(client, f"/api/games/{game_id}/").json()
        if detail["status"] != "active":
            break
        (player,) = detail["to_move"]
        mine = get_json(client, f"/api/games/{game_id}/", tokens[player]).json()
        assert mine["you"]["name"] == player
        assert set(mine["view"]["players"][player]) >= {"hand", "chests", "supply"}
        assert all("hand" not in mine["view"]["players"][name] for name in tokens if name != player)
        legal = get_json(client, f"/api/games/{game_id}/legal/", tokens[player]).json()
        assert legal["seq"] == mine["last_seq"] and legal["moves"]
        choice = rng.randrange(len(legal["moves"]))
        body = (
            {"text": legal["notation"][choice]} if moves % 2 else {"move": legal["moves"][choice]}
        )
        answer = post_json(
            client,
            f"/api/games/{game_id}/moves/",
            {**body, "expected_seq": mine["last_seq"]},
            tokens[player],
        )
        assert answer.status_code == 201, answer.json()
        assert answer.json()["seq"] == mine["last_seq"] + 1
        moves += 1

    game = Game.objects.get(pk=game_id)
    assert game.status == "finished" and game.to_move == []
    record = get_json(client, f"/api/games/{game_id}/record/").json()
    assert len(record["moves"]) == moves
    engine, state = replay(record)
    result = engine.result(state)
    assert result is not None
    assert detail["winners"] == result["winners"] and detail["scores"] == result["scores"]
    assert list(Event.objects.filter(game=game).values_list("seq", flat=True)) == list(
        range(1, moves + 3)
    )
    assert Event.objects.filter(game=game).last().type == "game_finished"
    # Once the game is over, every hand is public, to spectators too.
    final = get_json(client, f"/api/games/{game_id}/").json()
    assert all("hand" in final["view"]["players"][name] for name in tokens)
    assert get_json(client, f"/api/games/{game_id}/legal/", tokens["Anne"]).json()["moves"] == []


def test_it_shows_a_spectator_no_hand_and_no_seat(game: Game, client: Client) -> None:
    detail = get_json(client, f"/api/games/{game.pk}/").json()
    assert detail["you"] is None
    assert all("hand" not in player for player in detail["view"]["players"].values())


def test_it_lists_games_filtered_by_status_kind_and_player(game: Game, client: Client) -> None:
    assert (
        get_json(client, "/api/games/?status=active&kind=freibeuter").json()["results"][0]["id"]
        == game.pk
    )
    assert get_json(client, "/api/games/?status=finished").json()["results"] == []
    assert get_json(client, "/api/games/?player=Bart").json()["results"][0]["id"] == game.pk
    assert get_json(client, "/api/games/?player=Nobody").json()["results"] == []


def test_it_serves_its_openapi_schema_and_docs(db: None, client: Client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json")
    assert schema.status_code == 200
    assert "/api/games/{id}/moves/" in schema.json()["paths"]
    assert client.get("/api/docs/").status_code == 200
