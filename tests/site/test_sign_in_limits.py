"""Sign-in limits that a stranger cannot turn against a player: requests for made-up addresses
cost a player nothing, one address behind a proxy is not one client, and a flood for one address
sends her a few links, never keeps them from her."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.test import Client
from django.test.client import RequestFactory

from games.models import Game, OutboundMail
from games.play.services import PlayerSpec, game_create
from games.play.sign_in import (
    SIGN_IN_CLIENT_LIMIT,
    SIGN_IN_EMAIL_LIMIT,
    SIGN_IN_EMAIL_WINDOW,
    client_network,
)
from games.web.clients import client_address

pytestmark = pytest.mark.clock

PROXY = "10.0.0.1"


@pytest.fixture(autouse=True)
def own_cache(fresh_cache: None) -> None:
    """A fresh local cache per test, so the request limits never carry over between tests."""


@pytest.fixture
def game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[PlayerSpec(name="Anne", email="anne@example.org"), PlayerSpec(name="Bart")],
        seed=1,
    )


def _ask(address: str, ip: str = "192.0.2.1", **headers: str) -> Any:
    return Client(REMOTE_ADDR=ip).post("/signin/", {"email": address}, **headers)


def _links() -> list[str]:
    rows = OutboundMail.objects.filter(kind="sign_in", to="anne@example.org").order_by("id")
    return [re.sub(r"^https?://[^/]+", "", row.context["link"]) for row in rows]


def test_made_up_addresses_never_block_a_real_players_link(game: Game) -> None:
    for n in range(5):  # the same network as Anne's: a shared flat, an office
        assert _ask(f"made-up{n}@example.org").status_code == 200
    assert _ask("anne@example.org").status_code == 200
    assert len(_links()) == 1
    for n in range(SIGN_IN_CLIENT_LIMIT + 5):  # a flood from a network of its own
        _ask(f"made-up{n}@example.org", ip="203.0.113.66")
    assert _ask("anne@example.org", ip="198.51.100.7").status_code == 200
    assert len(_links()) == 2


def test_one_remote_addr_for_everyone_does_not_lock_out_the_site(game: Game) -> None:
    """Untold of the proxy, the site still serves a crowd through it; told, it counts each
    client by the address the proxy saw, and a client's own X-Forwarded-For entries count for
    nothing."""
    game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=f"P{n}", email=f"p{n}@example.org") for n in range(4)],
        seed=2,
    )
    for n in range(4):
        _ask("nobody@example.org", ip=PROXY)
        _ask(f"p{n}@example.org", ip=PROXY)
    _ask("anne@example.org", ip=PROXY)
    assert OutboundMail.objects.filter(kind="sign_in").count() == 5
    assert len(_links()) == 1


def test_behind_a_trusted_proxy_a_flooding_client_is_refused_and_nobody_else(
    game: Game, settings: Any
) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    flood = [
        _ask(f"made-up{n}@example.org", ip=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.66")
        for n in range(SIGN_IN_CLIENT_LIMIT + 1)
    ]
    assert {page.status_code for page in flood[:-1]} == {200}
    refused = flood[-1]
    assert refused.status_code == 429
    assert "Too many sign-in links were asked for from your network" in refused.content.decode()
    forged = "198.51.100.7, 203.0.113.66"  # the proxy appends the address it really saw
    assert _ask("anne@example.org", ip=PROXY, HTTP_X_FORWARDED_FOR=forged).status_code == 429
    assert _links() == []
    assert _ask("anne@example.org", ip=PROXY, HTTP_X_FORWARDED_FOR="198.51.100.7").status_code == (
        200
    )
    assert len(_links()) == 1


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("de", "Aus deinem Netzwerk wurden zu viele Anmeldelinks angefordert"),
        ("fr", "Trop de liens de connexion ont été demandés depuis votre réseau"),
    ],
)
def test_the_refusal_is_worded_in_the_readers_language(db: None, language: str, words: str) -> None:
    for n in range(SIGN_IN_CLIENT_LIMIT):
        _ask(f"made-up{n}@example.org", ip="203.0.113.66")
    refused = _ask("x@example.org", ip="203.0.113.66", HTTP_ACCEPT_LANGUAGE=language)
    assert refused.status_code == 429 and words in refused.content.decode()


def test_a_flood_for_one_address_sends_at_most_its_limit_and_she_still_gets_in(
    game: Game, clock: time_machine.Coordinates
) -> None:
    pages = {
        re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", _ask(address, ip).content.decode())
        for address, ip in [("anne@example.org", f"203.0.113.{n}") for n in range(20)]
        + [("nobody@example.org", "203.0.113.99")]
    }
    assert len(pages) == 1  # the same answer, links sent or not, player or not
    assert "sign-in link is on its way" in pages.pop()
    assert len(_links()) == SIGN_IN_EMAIL_LIMIT

    assert _ask("anne@example.org", ip="198.51.100.7").status_code == 200  # Anne asks herself
    links = _links()
    assert len(links) == SIGN_IN_EMAIL_LIMIT  # nothing new, but the latest link still works
    assert Client().post(links[-1]).status_code == 302

    clock.shift(SIGN_IN_EMAIL_WINDOW + timedelta(seconds=1))
    assert Client().get(links[-2]).status_code == 410  # the flood's links are too old now
    _ask("anne@example.org", ip="198.51.100.7")
    fresh = _links()[-1]
    assert fresh not in links and Client().post(fresh).status_code == 302


@pytest.mark.parametrize(
    ("ip", "network"),
    [
        ("192.0.2.1", "192.0.2.1"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff::1", "2001:db8:1:2::/64"),
        ("::ffff:192.0.2.1", "192.0.2.1"),
        ("192.0.2.1:5555", "192.0.2.1"),
        ("[2001:db8:1:2::9]:443", "2001:db8:1:2::/64"),
        ("", ""),
    ],
)
def test_a_client_is_counted_by_its_ipv4_address_or_ipv6_64(ip: str, network: str) -> None:
    assert client_network(ip) == network


@pytest.mark.parametrize(
    ("proxies", "forwarded", "client"),
    [
        (0, "198.51.100.7", PROXY),  # no proxy trusted: the header is the client's own word
        (1, "", PROXY),  # not through the proxy
        (1, "198.51.100.7", "198.51.100.7"),
        (1, "192.0.2.9, 198.51.100.7", "198.51.100.7"),
        (2, "192.0.2.9, 198.51.100.7, 10.0.0.2", "198.51.100.7"),
    ],
)
def test_the_client_address_is_what_the_trusted_proxies_saw(
    settings: Any, proxies: int, forwarded: str, client: str
) -> None:
    settings.TRUSTED_PROXY_COUNT = proxies
    request = RequestFactory().get("/", REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == client
