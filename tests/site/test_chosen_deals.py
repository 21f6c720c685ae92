"""A chosen deal: ``seed`` fixes every hand and deck, so the API takes it only for a table of
bots. With a person at the table its sender would know all the cards the commitment keeps
secret; the Python service (``game_create(seed=...)``) keeps it for tests and commands."""

from __future__ import annotations

import random
from typing import Any

import pytest
from api_helpers import get_json, post_json
from django.contrib.auth.models import User
from django.test import Client
from player_helpers import finished_game

from engine.base import get_game
from games.models import Event, Game
from games.store.events import GAME_CREATED

SEED = 4242
NAMES = ["Anne", "Bart", "Cleo"]


def _create(client: Client, bots: tuple[bool, ...], **extra: Any) -> Any:
    client.force_login(User.objects.get_or_create(username="organiser")[0])
    players = [{"name": name, "is_bot": bot} for name, bot in zip(NAMES, bots, strict=True)]
    return post_json(client, "/api/games/", {"kind": "freibeuter", "players": players, **extra})


def _predicted_setup() -> Any:
    return get_game("freibeuter").new_setup(NAMES, random.Random(SEED))


@pytest.mark.parametrize("bots", [(False, False, False), (False, True, True)])
def test_the_api_refuses_a_seed_when_a_person_sits_at_the_table(
    db: None, client: Client, bots: tuple[bool, ...]
) -> None:
    # It was taken: the organiser then knew every hand and deck, each exactly as
    # engine.new_setup(names, random.Random(seed)) deals them (the bots' table below).
    response = _create(client, bots, seed=SEED)
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["code"] == "seed_not_allowed" and "bots" in error["message"]
    assert not Game.objects.exists()


def test_a_person_s_table_without_a_seed_is_dealt_by_the_service(db: None, client: Client) -> None:
    response = _create(client, (False, False, False))
    assert response.status_code == 201, response.json()
    created = Event.objects.get(type=GAME_CREATED)
    assert created.payload["setup"] != _predicted_setup()


def test_a_table_of_bots_takes_a_seed_and_gets_the_deal_it_names(db: None, client: Client) -> None:
    response = _create(client, (True, True, True), seed=SEED)
    assert response.status_code == 201, response.json()
    game = get_json(client, f"/api/games/{response.json()['id']}/").json()
    assert [seat["is_bot"] for seat in game["seats"]] == [True, True, True]
    created = Event.objects.get(game_id=game["id"], type=GAME_CREATED)
    assert created.payload["setup"] == _predicted_setup()


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "No player can choose the deal"), ("de", "Kein Spieler kann die Verteilung wählen")],
)
def test_the_fairness_section_says_no_player_chose_the_deal(
    db: None, client: Client, language: str, words: str
) -> None:
    game = finished_game("freibeuter", NAMES, random.Random(7))
    page = client.get(f"/games/{game.pk}/history/", HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    assert words in page.content.decode()
