"""Flußpiraten's standing answers on the game page: the deploy (a number typed in, shown only
until it is played), the partner's path after a rowing test and the pirate waiting at a ford.

The answers play once their write commits, so these tests commit (``transaction``).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Event, Game, Seat
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from games.play.standing import standing_answers
from games.store.loading import engine_for, load_state

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Anne", "Bert", "Cleo")


def _game() -> Game:
    return game_create(
        kind="flusspiraten",
        players=[PlayerSpec(name=name, email=f"{name.lower()}@example.org") for name in NAMES],
        seed=0,
    )


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def _page(game: Game, name: str) -> str:
    return reverse("play", args=[seat_token(_seat(game, name))])


def _deployed(game: Game, name: str) -> dict[str, object]:
    game.refresh_from_db()
    seen = engine_for(game).view(load_state(game), name)["players"][name]
    return {"deployed": seen["deployed"], "SL": seen["SL"], "SR": seen["SR"]}


def test_a_deploy_answer_set_on_the_page_is_played_at_once(client: Client) -> None:
    """Rule: at the deploy a player types how many pirates go on the left start; it is played
    at once as his deploy, marked standing, and the field leaves his form once played while
    it stays on the pages of those still to deploy."""
    game = _game()
    page = _page(game, "Anne")
    assert 'id="standing-deploy"' in client.get(page).content.decode()

    client.post(f"{page}standing/", {"deploy": "2", "choose": ""})

    assert _deployed(game, "Anne") == {"deployed": True, "SL": 2, "SR": 3}
    played = Event.objects.filter(game=game, type="move").get()
    assert played.payload["standing"] is True
    shown = client.get(page).content.decode()
    assert 'id="standing-deploy"' not in shown
    assert 'id="standing-pile"' in shown
    assert 'id="standing-deploy"' in client.get(_page(game, "Bert")).content.decode()


def test_a_deploy_answer_that_is_no_number_of_pirates_is_refused(client: Client) -> None:
    """Rule: a deploy answer is a whole number from 0 to 5; anything else is refused with a
    clear message, and nothing is set or played."""
    game = _game()
    page = _page(game, "Anne")

    words = client.post(f"{page}standing/", {"deploy": "two"}, follow=True).content.decode()
    assert "Give the pirates on the left start as a whole number." in words
    beyond = client.post(f"{page}standing/", {"deploy": "6"}, follow=True).content.decode()
    assert "That standing answer is not one this question takes." in beyond

    assert standing_answers(_seat(game, "Anne")) == {}
    assert _deployed(game, "Anne")["deployed"] is False


def test_the_path_and_ford_answers_are_set_shown_and_kept(client: Client) -> None:
    """Rule: the path and ford answers are set on the form and shown as set to their player
    only; saving the form after the deploy keeps the deploy answer no longer shown."""
    game = _game()
    page = _page(game, "Anne")
    client.post(f"{page}standing/", {"deploy": "5"})

    client.post(f"{page}standing/", {"path": "furthest", "pile": "stay", "choose": "club"})

    assert standing_answers(_seat(game, "Anne")) == {
        "deploy": {"left": 5},
        "path": {"path": "furthest"},
        "pile": {"pile": "stay"},
        "choose": {"choice": "club"},
    }
    shown = client.get(page).content.decode()
    assert '<option value="furthest" selected>' in shown
    assert '<option value="stay" selected>' in shown
    bert = client.get(_page(game, "Bert")).content.decode()
    assert "selected>" not in bert.split('id="standing-title"')[1].split("</section>")[0]
