"""A player sees, sets and cancels his standing answers on his game page and by the API;
nobody else reads or changes them."""

from __future__ import annotations

import json
from datetime import time

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game, Seat
from games.people.accounts import player_create
from games.people.privacy import player_data
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from games.play.standing import standing_answers, standing_set
from games.timecontrol.hours import hours_set
from tests.clock import T0
from tests.site.api_helpers import get_json, seat_auth

pytestmark = pytest.mark.django_db

NAMES = ("Anne", "Bert", "Cleo")


def _game(kind: str, language: str = "en") -> Game:
    return game_create(
        kind=kind,
        players=[PlayerSpec(name=name, language=language) for name in NAMES],
        seed=0,
    )


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def _put(client: Client, game: Game, body: object, token: str | None) -> object:
    headers = seat_auth(token) if token else {}
    return client.put(
        reverse("api-game-standing", args=[game.pk]),
        json.dumps(body),
        content_type="application/json",
        **headers,
    )


def test_a_player_sets_and_cancels_his_standing_answer_on_his_page(client: Client) -> None:
    """Rule: the game page's form shows the player's standing answers, sets and cancels
    them; the other seats' pages and the spectators' page show none of it."""
    game = _game("seerauber")
    anne = _seat(game, "Anne")
    page = reverse("play", args=[seat_token(anne)])

    client.post(f"{page}standing/", {"mutiny": "wages", "ducats": "7"})

    assert standing_answers(anne) == {"mutiny": {"mutiny": "wages", "ducats": 7}}
    shown = client.get(page).content.decode()
    assert '<option value="wages" selected>' in shown
    assert 'value="7"' in shown
    bert_page = reverse("play", args=[seat_token(_seat(game, "Bert"))])
    assert 'value="wages" selected' not in client.get(bert_page).content.decode()
    assert "Standing answers" not in client.get(f"/games/{game.pk}/").content.decode()

    client.post(f"{page}standing/", {"mutiny": ""})

    assert standing_answers(anne) == {}
    assert '<option value="wages" selected>' not in client.get(page).content.decode()


def test_the_form_speaks_the_players_language(client: Client) -> None:
    """Rule: the form is in the player's language (German here)."""
    game = _game("flusspiraten", language="de")
    page = reverse("play", args=[seat_token(_seat(game, "Anne"))])

    shown = client.get(page, HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert "Vorab-Antworten" in shown
    assert "Ruderprobe, wenn du nicht am Zug bist" in shown


def test_a_player_reads_and_sets_his_standing_answers_by_the_api(client: Client) -> None:
    """Rule: the API gives a seat its own standing answers and sets or cancels them."""
    game = _game("flusspiraten")
    token = seat_token(_seat(game, "Bert"))

    set_ = _put(client, game, {"question": "choose", "rule": {"choice": "die"}}, token)

    assert set_.status_code == 200, set_.content
    read = get_json(client, reverse("api-game-standing", args=[game.pk]), token).json()
    questions = ["deploy", "choose", "path", "wish", "pile"]
    assert read == {"questions": questions, "answers": {"choose": {"choice": "die"}}}
    _put(client, game, {"question": "choose", "rule": None}, token)
    assert standing_answers(_seat(game, "Bert")) == {}


def test_another_seat_or_a_stranger_cannot_read_or_set_a_seats_standing_answers(
    client: Client,
) -> None:
    """Rule: standing answers are their owner's only: a stranger is refused, another seat
    reads and sets only its own, and a spectator's view and the events show none."""
    game = _game("seerauber")
    anne = _seat(game, "Anne")
    _put(client, game, {"question": "mutiny", "rule": {"mutiny": "never"}}, seat_token(anne))
    url = reverse("api-game-standing", args=[game.pk])

    assert get_json(client, url).status_code in (401, 403)
    assert _put(client, game, {"question": "mutiny", "rule": None}, None).status_code in (401, 403)
    bert = seat_token(_seat(game, "Bert"))
    assert get_json(client, url, bert).json()["answers"] == {}
    for path in (
        reverse("api-game", args=[game.pk]),
        reverse("api-game-events", args=[game.pk]),
    ):
        assert "never" not in get_json(client, path, bert).content.decode()
        assert "never" not in get_json(client, path).content.decode()
    assert standing_answers(anne) == {"mutiny": {"mutiny": "never"}}


def test_a_standing_answer_set_after_the_end_is_refused(client: Client) -> None:
    """Rule: once the game is over its standing answers no longer change."""
    game = _game("seerauber")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    token = seat_token(_seat(game, "Anne"))

    answer = _put(client, game, {"question": "mutiny", "rule": {"mutiny": "always"}}, token)

    assert answer.status_code == 409
    assert standing_answers(_seat(game, "Anne")) == {}


def test_the_players_data_export_holds_his_standing_answers_and_playing_hours() -> None:
    """Rule: what a player set in advance is his data, so his export lists it."""
    game = _game("seerauber")
    anne = _seat(game, "Anne")
    player = player_create(email="anne@example.org", handle="anne")
    Seat.objects.filter(pk=anne.pk).update(email="anne@example.org")
    standing_set(game=game, seat=anne, question="mutiny", rule={"mutiny": "wages", "ducats": 4})
    hours_set(anne, time(8), time(22, 30))
    (seat,) = player_data(player=player, now=T0)["seats"]
    assert seat["standing_answers"] == {"mutiny": {"mutiny": "wages", "ducats": 4}}
    assert seat["playing_hours"] == ["08:00", "22:30"]
