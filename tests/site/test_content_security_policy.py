"""Every page carries a Content-Security-Policy that runs nothing inline but what the page wrote.

An attacker who gets markup into a page (a name, a chat line, a crafted email
shown in the mailbox) must not get a script or a style to run: the policy has
no ``'unsafe-inline'``, and each ``<script>`` or ``<style>`` the page writes
itself carries the response's nonce. No ``style="…"`` attribute, no ``on…=``
handler and no ``javascript:`` link is left, since the policy refuses them.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from player_helpers import moderator_create

from games.models import Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create

NONCE = re.compile(r"'nonce-([A-Za-z0-9+/=]+)'")
KINDS = ("freibeuter", "seerauber", "flusspiraten")


class InlineCode(HTMLParser):
    """What of a page would run or style inline: each finding as ``"<tag …>: why"``."""

    def __init__(self, nonce: str) -> None:
        super().__init__()
        self.nonce = nonce
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        opening = self.get_starttag_text() or tag
        if tag in ("script", "style") and "src" not in named and named.get("nonce") != self.nonce:
            self.found.append(f"{opening}: inline <{tag}> without the response's nonce")
        for name, value in attrs:
            if name == "style":
                self.found.append(f"{opening}: style attribute")
            elif name.startswith("on"):
                self.found.append(f"{opening}: {name} handler")
            elif name in ("href", "src", "action") and (value or "").lower().startswith(
                "javascript:"
            ):
                self.found.append(f"{opening}: javascript: URL")


def policy_directives(header: str) -> dict[str, list[str]]:
    """The policy as ``{directive: [sources]}``."""
    directives = {}
    for part in header.split(";"):
        name, *sources = part.split()
        directives[name] = sources
    return directives


def assert_strict_policy(client: Client, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    header = response.headers.get("Content-Security-Policy")
    assert header, f"{path} has no Content-Security-Policy"
    assert "'unsafe-inline'" not in header and "'unsafe-eval'" not in header, (path, header)
    directives = policy_directives(header)
    assert directives["default-src"] == ["'self'"], (path, header)
    assert directives["object-src"] == directives["base-uri"] == ["'none'"], (path, header)
    assert directives["frame-ancestors"] == ["'none'"], (path, header)
    assert directives["form-action"] == ["'self'"], (path, header)
    nonces = set(NONCE.findall(header))
    assert len(nonces) <= 1, (path, header)
    inline = InlineCode(nonces.pop() if nonces else "no nonce in the header")
    inline.feed(response.content.decode())
    assert inline.found == [], (path, inline.found)


@pytest.fixture
def games(db: None) -> dict[str, Game]:
    """A game of each kind, each with its players' seats."""
    players = [PlayerSpec(name=n) for n in ("Anne", "Bart", "Cleo")]
    return {kind: game_create(kind=kind, players=players) for kind in KINDS}


PUBLIC_PAGES = [
    "/",
    "/games/new/",
    "/signin/",
    "/leaderboard/",
    "/leagues/",
    "/api/docs/",
    "/api/redoc/",
    "/admin/login/",
]


@pytest.mark.parametrize("path", PUBLIC_PAGES)
def test_it_runs_nothing_inline_on_a_public_page(db: None, client: Client, path: str) -> None:
    """Home, lobby, sign-in, leaderboards, leagues, API docs and the admin's sign-in."""
    assert_strict_policy(client, path)


def test_it_runs_nothing_inline_on_the_game_pages(games: dict[str, Game], client: Client) -> None:
    """Each kind's play page, its spectators' page and its history, as a seat and as a guest."""
    for game in games.values():
        token = seat_token(game.seats.get(position=0))
        for path in (
            f"/play/{token}/",
            f"/play/{token}/history/",
            f"/play/{token}/mail/",
            f"/games/{game.pk}/",
            f"/games/{game.pk}/history/",
        ):
            assert_strict_policy(client, path)


def test_it_runs_nothing_inline_on_the_moderators_pages(
    games: dict[str, Game], client: Client
) -> None:
    """The moderation pages, which a signed-in staff member reads."""
    client.force_login(moderator_create())
    game = games["freibeuter"]
    for path in ("/moderate/", "/moderate/health/", f"/moderate/games/{game.pk}/", "/admin/"):
        assert_strict_policy(client, path)


def test_it_runs_nothing_inline_on_the_development_mailbox(
    db: None, client: Client, settings: Any
) -> None:
    """The embedded default's mailbox list (an email itself is shown in a sandboxed frame)."""
    settings.DEBUG = settings.DEV_MAILBOX = True
    assert_strict_policy(client, "/dev/mail/")


def test_it_finds_what_the_policy_would_refuse() -> None:
    """The page check itself: an inline script, a style attribute and a handler are each found."""
    inline = InlineCode("n0nce")
    inline.feed(
        '<script nonce="n0nce">ok()</script><script>alert(1)</script>'
        '<p style="color:red" onclick="x()">a</p><style>p{}</style><script src="/s.js"></script>'
    )
    assert len(inline.found) == 4, inline.found
