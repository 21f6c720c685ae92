"""Sign-in for "my games": a link by email, valid 15 minutes, spent once by a POST, not a GET."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Game, OutboundMail, Seat, SignInToken
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from games.play.sign_in import (
    SIGN_IN_CLIENT_LIMIT,
    SIGN_IN_EMAIL_LIMIT,
    sign_in_request,
    sign_in_spend,
)

pytestmark = pytest.mark.clock


@pytest.fixture(autouse=True)
def own_cache(fresh_cache: None) -> None:
    """A fresh local cache per test, so the request limits never carry over between runs."""


@pytest.fixture
def two_games(db: None) -> list[Game]:
    return [
        game_create(
            kind="freibeuter",
            players=[PlayerSpec(name="Anne", email="Anne@Example.org"), PlayerSpec(name=other)],
            seed=seed,
        )
        for seed, other in ((1, "Bart"), (2, "Cleo"))
    ]


def _link(client: Client, address: str) -> str:
    client.post("/signin/", {"email": address})
    row = OutboundMail.objects.filter(kind="sign_in").latest("id")
    return re.sub(r"^https?://[^/]+", "", row.context["link"])


def test_it_signs_in_by_a_post_from_the_link_page_and_lists_the_games(
    two_games: list[Game], client: Client
) -> None:
    link = _link(client, "anne@example.org")
    assert client.get(link).status_code == 200
    assert client.get(link).status_code == 200  # a scanner's GETs spend nothing
    assert client.get("/my-games/").status_code == 302
    assert client.post(link).status_code == 302
    page = client.get("/my-games/").content.decode()
    assert all(f"#{game.pk}" in page for game in two_games) and "/play/" in page
    assert Client().post(link).status_code == 410  # spent once


def test_it_stores_only_a_hash_of_the_token(two_games: list[Game], client: Client) -> None:
    token = _link(client, "anne@example.org").strip("/").split("/")[-1]
    assert len(token) >= 22  # at least 128 random bits
    assert not SignInToken.objects.filter(token_hash__contains=token).exists()


def test_it_refuses_a_link_after_fifteen_minutes(two_games: list[Game]) -> None:
    now = timezone.now()
    assert sign_in_request(email="anne@example.org", client_ip="203.0.113.1", now=now)
    token = OutboundMail.objects.get(kind="sign_in").context["link"].rstrip("/").split("/")[-1]
    assert sign_in_spend(token=token, now=now + timedelta(minutes=16)) is None
    assert sign_in_spend(token=token, now=now + timedelta(minutes=14)) == "anne@example.org"


def test_it_sends_nothing_to_an_address_that_plays_nowhere(db: None, client: Client) -> None:
    page = client.post("/signin/", {"email": "nobody@example.org"})
    assert page.status_code == 200 and not OutboundMail.objects.filter(kind="sign_in").exists()


def _ask(address: str, ip: str) -> str:
    return Client(REMOTE_ADDR=ip).post("/signin/", {"email": address}).content.decode()


def test_it_limits_sign_in_emails_per_address_with_the_same_page(
    two_games: list[Game],
) -> None:
    pages = {_ask("Anne@example.org", f"203.0.113.{n}") for n in range(SIGN_IN_EMAIL_LIMIT + 3)}
    pages.add(_ask("nobody@example.org", "198.51.100.1"))
    assert OutboundMail.objects.filter(kind="sign_in").count() == SIGN_IN_EMAIL_LIMIT
    assert len({re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", p) for p in pages}) == 1
    assert "sign-in link is on its way" in pages.pop()


def test_it_limits_sign_in_requests_per_client_network(two_games: list[Game]) -> None:
    for n in range(SIGN_IN_CLIENT_LIMIT):
        _ask(f"stranger{n}@example.org", "203.0.113.9")
    refused = Client(REMOTE_ADDR="203.0.113.9").post("/signin/", {"email": "anne@example.org"})
    assert (
        refused.status_code == 429 and "Please try again in 15 minutes" in refused.content.decode()
    )
    assert not OutboundMail.objects.filter(kind="sign_in").exists()
    _ask("anne@example.org", "203.0.113.10")
    assert OutboundMail.objects.filter(kind="sign_in").count() == 1


def test_my_games_marks_the_games_waiting_for_me_with_my_own_deadline(
    two_games: list[Game], client: Client
) -> None:
    client.post(_link(client, "anne@example.org"))
    anne = two_games[0].seats.get(display_name="Anne")
    anne.time_zone = "Asia/Tokyo"
    anne.save(update_fields=["time_zone"])
    page = client.get("/my-games/").content.decode()
    assert page.count('<tr class="waiting">') == 2  # Anne moves first in both
    assert "(Asia/Tokyo)" in page  # the deadline in her seat's own time zone
    assert 'class="top"' in page  # the site's header and navigation, like every page


def test_the_dashboard_shows_a_signed_in_player_his_own_seats_first(
    two_games: list[Game], client: Client
) -> None:
    """His games link to his seat (matched by address in any case), wait for him with his own
    deadline in his time zone; a game without him links to its spectator page."""
    other = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name="Dora"), PlayerSpec(name="Robo", is_bot=True)],
        seed=3,
    )
    due = timezone.now().replace(microsecond=0) + timedelta(days=2)
    first = two_games[0]
    first.seats.filter(display_name="Anne").update(deadline_at=due)
    Seat.objects.filter(display_name="Anne").update(time_zone="Asia/Tokyo")
    client.post(_link(client, "anne@example.org"))
    page = client.get("/").content.decode()
    mine, listed = page.split('id="mine-title"')[1].split("All games under way")
    anne = first.seats.get(display_name="Anne")
    assert f'href="/play/{seat_token(anne)}/"' in mine and not re.search(r'href="/games/\d', mine)
    assert mine.count('<tr class="waiting">') == 2 and mine.count("tag-turn") == 2
    assert mine.count("Freibeuter · under way") == 2  # each row's kind and status
    assert f'<time datetime="{due.strftime("%Y-%m-%dT%H:%M:%S")}+0000"' in mine
    assert "(Asia/Tokyo)" in mine and "<strong>Anne</strong>" in mine
    assert f'href="/games/{other.pk}/"' in listed
    robo = listed.split(f'href="/games/{other.pk}/"')[1].split("</tr>")[0]
    assert "<strong>Dora</strong>" in robo and 'Robo <span class="tag">bot</span>' in robo
