"""Accounts: the handle picked at the first sign-in, its rules, and the seats it claims."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from games.interventions.services import seat_replace
from games.models import OutboundMail, Player, Seat
from games.people.accounts import BadHandle, HandleTaken, handle_clean, player_create
from games.play.services import PlayerSpec, game_create

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def own_cache(fresh_cache: None) -> None:
    """A fresh local cache per test, so the sign-in limits never carry over between runs."""


def _game(seed: int, *names: str) -> Any:
    return game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=name, email=f"{name}@Example.org") for name in names],
        seed=seed,
    )


def _signed_in(client: Client, address: str) -> Any:
    client.post("/signin/", {"email": address})
    link = OutboundMail.objects.filter(kind="sign_in").latest("id").context["link"]
    return client.post(re.sub(r"^https?://[^/]+", "", link))


@pytest.mark.parametrize(
    ("given", "kept"),
    [("  Anne\u200b  Bonny ", "Anne Bonny"), ("Käpt'n 7", "Käpt'n 7"), ("x" * 40, "x" * 40)],
)
def test_it_keeps_a_handle_in_the_normal_form_of_names(given: str, kept: str) -> None:
    assert handle_clean(given) == kept


@pytest.mark.parametrize("given", ["", " \u200b ", "...", "a/b", "x" * 41, "\u3164"])
def test_it_refuses_a_handle_without_a_letter_or_digit_with_a_slash_or_too_long(
    given: str,
) -> None:
    with pytest.raises(BadHandle):
        handle_clean(given)


@pytest.mark.parametrize("other", ["anne", "ANNE", "An\u200bne", "\uff21\uff4e\uff4e\uff45"])
def test_it_refuses_a_handle_that_is_one_name_with_a_taken_one(other: str) -> None:
    player_create(email="anne@example.org", handle="Anne")
    with pytest.raises(HandleTaken):
        player_create(email="other@example.org", handle=other)


def test_the_first_sign_in_asks_for_a_handle_and_the_account_claims_the_earlier_seats(
    client: Client,
) -> None:
    first, second = _game(1, "anne", "bart"), _game(2, "cleo", "anne")
    response = _signed_in(client, "ANNE@example.org")
    assert response.status_code == 302 and response["Location"] == "/players/handle/"
    page = client.get("/players/handle/")
    assert page.status_code == 200 and 'name="handle"' in page.content.decode()
    response = client.post("/players/handle/", {"handle": "  Anne\u200b "})
    assert response.status_code == 302 and response["Location"] == "/players/Anne/"
    player = Player.objects.get()
    assert (player.email, player.handle) == ("anne@example.org", "Anne")
    assert set(player.seats.values_list("game_id", flat=True)) == {first.pk, second.pk}
    later = _game(3, "anne", "dirk")
    assert later.seats.get(display_name="anne").player == player  # new seats: at once
    assert later.seats.get(display_name="dirk").player is None
    assert "Anne" in client.get("/my-games/").content.decode()
    again = Client()
    response = _signed_in(again, "anne@example.org")
    assert response["Location"] == "/my-games/"


def test_it_says_why_a_handle_is_refused_in_the_readers_language(client: Client) -> None:
    player_create(email="bart@example.org", handle="Bart")
    _game(1, "anne", "cleo")
    _signed_in(client, "anne@example.org")
    client.cookies["django_language"] = "de"
    page = client.post("/players/handle/", {"handle": "BART"})
    assert page.status_code == 400
    assert "Diesen Spielernamen hat schon jemand anderes" in page.content.decode()
    client.cookies["django_language"] = "fr"
    page = client.post("/players/handle/", {"handle": "a/b"})
    assert "aucune barre oblique" in page.content.decode()
    assert not Player.objects.filter(email="anne@example.org").exists()


def test_the_handle_page_needs_a_signed_in_address(client: Client) -> None:
    assert client.get("/players/handle/")["Location"] == "/signin/"
    assert client.post("/players/handle/", {"handle": "Anne"})["Location"] == "/signin/"
    assert not Player.objects.exists()


def test_a_seat_given_to_an_address_with_an_account_becomes_its() -> None:
    player = player_create(email="dirk@example.org", handle="Dirk")
    game = game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name="Anne", email="anne@example.org"),
            PlayerSpec(name="Robo", is_bot=True),
        ],
        seed=4,
    )
    seat = seat_replace(
        game=game,
        seat=game.seats.get(display_name="Robo"),
        email="Dirk@example.org",
        actor="system",
    )
    assert Seat.objects.get(pk=seat.pk).player == player
