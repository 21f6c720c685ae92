"""Every page of the site passes axe-core and the W3C Nu validator; the busiest fit a phone.

No serious or critical axe-core violation and no Nu
validator error on any page (each game's seat, spectator and finished pages,
Freibeuter's confirmation step, the histories, the dashboard, the lobby, the
invitation, the open seat, the mail settings, signing in, my games, the
players' pages and the moderator's pages), each page loaded once in one
Chromium. At 360 px each game's page, the dashboard and the histories have no
word broken across lines and nothing wider than the screen, in English, German
and French, and Freibeuter's board labels are 11 px at least; so do the site's
and the moderator's pages. Each test names every problem of every page it visits.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import Permission, User
from django.contrib.sessions.backends.db import SessionStore
from django.test import Client

from games.leagues.services import leagues_sweep
from games.models import Game, Invitation, LeagueTable, OutboundMail
from games.people.accounts import player_create
from games.play.links import seat_token
from games.play.lobby import (
    SeatSpec,
    invitation_token,
    open_seat_token,
    table_create,
    table_token,
)
from games.play.services import PlayerSpec, game_create
from games.play.sign_in import sign_in_request
from tests.browser.checks import (
    axe_violations,
    broken_words,
    nu_errors,
    overflow,
    smallest_svg_text,
)
from tests.browser.freibeuter_moves import choose_a_move
from tests.site.league_helpers import CLOSES, league_of, players_signed_up
from tests.site.mail_kinds import own_cache  # noqa: F401  (the fixture of the sign-in limits)
from tests.site.player_helpers import address, bot_moves, finished_game

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}
NAMES = ["Anne", "Bart", "Cleo"]
LANGUAGES = ["en", "de", "fr"]
MOVES_BEFORE = 4
"""Moves made before the pages are seen, so each has a last move and a history."""
SMALLEST_LABEL_PX = 11
LABELS = "svg.board text"
"""Every word and letter on the board: coordinates, field names, tiles, boats and boarders."""


class Inspector:
    """One browser context that visits pages once each and notes what the checks find.

    On a ``phone`` (360 px) it also notes broken words and a page wider than the screen.
    """

    def __init__(self, browser: Any, base: str, *, phone: bool = False) -> None:
        self.base = base
        self.phone = phone
        self.context = browser.new_context(viewport=PHONE if phone else DESKTOP)
        self.page = self.context.new_page()
        self.problems: dict[str, list[str]] = {}

    def speak(self, language: str) -> None:
        """Read the pages in ``language`` (the language switch's cookie)."""
        cookie = {"name": settings.LANGUAGE_COOKIE_NAME, "value": language}
        self.context.add_cookies([{**cookie, "url": self.base}])

    def sign_in(self, session: SessionStore) -> None:
        """Carry the Django session ``session`` in the browser's cookie."""
        cookie = {"name": settings.SESSION_COOKIE_NAME, "value": session.session_key}
        self.context.add_cookies([{**cookie, "url": self.base}])

    def visit(self, path: str) -> str:
        """Load ``path``; return the HTML as the server sent it."""
        response = self.page.goto(self.base + path)
        assert response is not None and response.status < 500, path
        html: str = response.text()
        return html

    def layout(self) -> list[str]:
        """What makes the page as it is now hard to read on a phone."""
        found = [f"the word {word!r} is broken across lines" for word in broken_words(self.page)]
        if wide := overflow(self.page):
            found.append(f"{wide} px wider than the screen")
        return found

    def check(self, label: str, html: str) -> None:
        """Note the Nu errors of ``html`` and the axe violations of the page as it is now."""
        found = [f"nu: {error}" for error in nu_errors(html)]
        for violation in axe_violations(self.page):
            found.append(f"axe {violation['impact']} {violation['id']}: {violation['help']}")
            found.extend(f"    at {node}" for node in violation["nodes"])
        if self.phone:
            found += self.layout()
        if found:
            self.problems[label] = found

    def check_page(self, label: str, path: str) -> None:
        self.check(f"{label} ({path})", self.visit(path))

    def report(self) -> str:
        return "\n".join(
            f"{label}:\n" + "\n".join(f"  {line}" for line in lines)
            for label, lines in self.problems.items()
        )

    def close(self) -> None:
        self.context.close()  # no polling page holds a database connection at teardown


def _live_game(kind: str) -> Game:
    """A game of ``kind`` for three players by email, a few moves in (each the bot's choice)."""
    players = [PlayerSpec(name=name, email=address(name)) for name in NAMES]
    game = game_create(kind=kind, players=players, seed=7)
    bot_moves(game, MOVES_BEFORE)
    return game


def _token(game: Game, *, to_move: bool) -> str:
    """The token of the first seat that is (or is not) to move."""
    seat = next(s for s in game.seats.order_by("id") if (s.display_name in game.to_move) == to_move)
    return seat_token(seat)


def _check_game(inspector: Inspector, kind: str) -> None:
    """A finished game and its history; a spectator, a seat waiting, its history, the seat to move.

    The seat to move comes last: the page stays open for what the test does next.
    """
    over = finished_game(kind, ["Dora", "Emil", "Finn"], random.Random(5))
    inspector.check_page(f"{kind}: a finished game", f"/games/{over.pk}/")
    inspector.check_page(f"{kind}: a finished game's history", f"/games/{over.pk}/history/")
    game = _live_game(kind)
    waiting = _token(game, to_move=False)
    inspector.check_page(f"{kind}: a spectator", f"/games/{game.pk}/")
    inspector.check_page(f"{kind}: a waiting seat", f"/play/{waiting}/")
    inspector.check_page(f"{kind}: a seat's history", f"/play/{waiting}/history/")
    inspector.check_page(f"{kind}: the seat to move", f"/play/{_token(game, to_move=True)}/")


@pytest.mark.django_db(transaction=True)
def test_every_freibeuter_page_passes_axe_and_the_nu_validator(
    live_server: Any, browser: Any
) -> None:
    inspector = Inspector(browser, live_server.url)
    _check_game(inspector, "freibeuter")
    choose_a_move(inspector.page)
    inspector.check("freibeuter: the confirmation step", inspector.page.content())
    inspector.close()
    assert not inspector.problems, inspector.report()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", ["seerauber", "flusspiraten"])
def test_every_game_page_passes_axe_and_the_nu_validator(
    live_server: Any, browser: Any, kind: str
) -> None:
    inspector = Inspector(browser, live_server.url)
    _check_game(inspector, kind)
    inspector.close()
    assert not inspector.problems, inspector.report()


def _session(**values: str) -> SessionStore:
    session = SessionStore()
    session.update(values)
    session.create()
    return session


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("own_cache")
def test_the_site_pages_pass_axe_and_the_nu_validator(live_server: Any, browser: Any) -> None:
    """The dashboard, the lobby, invitations, mail settings, signing in, the players' pages."""
    rng = random.Random(3)
    finished_game("seerauber", NAMES, rng)
    for name in NAMES:
        player_create(email=address(name), handle=name)
    game = _live_game("freibeuter")
    table = table_create(
        kind="freibeuter",
        name="Open waters",
        seats=[SeatSpec(kind="email", name="Gus", email=address("Gus")), SeatSpec(kind="open")],
        options={},
    )
    invitation = Invitation.objects.get(table=table, position=0)
    assert sign_in_request(email=address(NAMES[0]), client_ip="192.0.2.1")
    link = OutboundMail.objects.get(kind="sign_in").context["link"]
    inspector = Inspector(browser, live_server.url, phone=True)
    for label, path in (
        ("the dashboard", "/"),
        ("a new table in the lobby", "/games/new/"),
        ("a table waiting for players", f"/tables/{table_token(table)}/"),
        ("an invitation", f"/invite/{invitation_token(invitation)}/"),
        ("an open seat", f"/tables/{open_seat_token(table)}/join/"),
        ("a seat's mail settings", f"/play/{_token(game, to_move=False)}/mail/"),
        ("signing in", "/signin/"),
        ("a sign-in link", link.removeprefix(settings.SITE_URL)),
        ("a spent sign-in link", "/signin/spent/"),
        ("a player's profile", f"/players/{NAMES[0]}/"),
        ("the leaderboard", "/leaderboard/seerauber/"),
        ("Freibeuter's rules", "/rules/freibeuter/"),
        ("Seeräuber's rules", "/rules/seerauber/"),
        ("Flußpiraten's rules", "/rules/flusspiraten/"),
        ("how to play by email", "/rules/email/"),
    ):
        inspector.check_page(label, path)
    inspector.sign_in(_session(email=address("Hanna")))
    inspector.check_page("choosing a handle", "/players/handle/")
    inspector.sign_in(_session(email=address(NAMES[0])))
    inspector.check_page("my games", "/my-games/")
    inspector.check_page("deleting one's account", "/my-games/delete/")
    inspector.close()
    assert not inspector.problems, inspector.report()


@pytest.mark.django_db(transaction=True)
def test_the_league_pages_pass_axe_and_the_nu_validator(live_server: Any, browser: Any) -> None:
    """A league open for sign-up, one under way with standings, the list."""
    handles = ["Anne", "Bart", "Cleo", "Dora", "Emil", "Fritz"]
    dealt = league_of("seerauber", rounds=2)
    players_signed_up(dealt, handles)
    leagues_sweep(now=CLOSES)
    bot_moves(LeagueTable.objects.filter(league=dealt).order_by("number")[0].game, now=CLOSES)
    open_league = league_of("freibeuter", rounds=1, name="Spring League")
    player_create(email=address("Gus"), handle="Gus")  # the list offers him its sign-up and form
    inspector = Inspector(browser, live_server.url, phone=True)
    inspector.sign_in(_session(email=address("Gus")))
    for label, path in (
        ("the leagues", "/leagues/"),
        ("a league under way", f"/leagues/{dealt.pk}/"),
        ("a league open for sign-up", f"/leagues/{open_league.pk}/"),
    ):
        inspector.check_page(label, path)
    inspector.close()
    assert not inspector.problems, inspector.report()


@pytest.mark.django_db(transaction=True)
def test_the_moderation_pages_pass_axe_and_the_nu_validator(live_server: Any, browser: Any) -> None:
    game = _live_game("freibeuter")
    moderator = User.objects.create_user("mod", "mod@example.org", "x", is_staff=True)
    moderator.user_permissions.add(Permission.objects.get(codename="moderate_game"))
    client = Client()
    client.force_login(moderator)
    inspector = Inspector(browser, live_server.url, phone=True)
    inspector.sign_in(SessionStore(client.cookies[settings.SESSION_COOKIE_NAME].value))
    for label, path in (
        ("a game's moderation", f"/moderate/games/{game.pk}/"),
        ("a game's omniscient view", f"/moderate/games/{game.pk}/omniscient/"),
        ("the moderators' audit", "/moderate/"),
        ("the service's health", "/moderate/health/"),
    ):
        inspector.check_page(label, path)
    inspector.close()
    assert not inspector.problems, inspector.report()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", ["freibeuter", "seerauber", "flusspiraten"])
def test_the_game_page_the_dashboard_and_the_history_fit_a_360_px_phone(
    live_server: Any, browser: Any, screenshots: Path, kind: str
) -> None:
    """In each language: no word broken, nothing sticking out sideways; Freibeuter's board
    labels of 11 px at least."""
    game = _live_game(kind)
    over = finished_game(kind, ["Dora", "Emil", "Finn"], random.Random(5))
    token = _token(game, to_move=True)
    inspector = Inspector(browser, live_server.url, phone=True)
    found = []
    for language in LANGUAGES:
        inspector.speak(language)
        for label, name, path in (
            ("the game page", "game", f"/play/{token}/"),
            ("a finished game's page and its score sheets", "game-finished", f"/games/{over.pk}/"),
            ("the dashboard", "dashboard", "/"),
            ("the history", "history", f"/play/{token}/history/"),
            ("a finished game's history", "history-finished", f"/games/{over.pk}/history/"),
        ):
            inspector.visit(path)
            if not name.startswith("history"):  # the README's pictures; a history is too long
                shot = screenshots / f"phone-{kind}-{name}-{language}.png"
                inspector.page.screenshot(path=shot, full_page=True)
            found += [f"{label} in {language}: {problem}" for problem in inspector.layout()]
            smallest = smallest_svg_text(inspector.page, LABELS)
            if smallest is not None and smallest < SMALLEST_LABEL_PX:
                found.append(f"{label} in {language}: board labels of {smallest:.1f} px")
    inspector.close()
    assert not found, "\n".join(found)


def test_the_checks_see_what_they_look_for(browser: Any) -> None:
    """Each check finds its fault: faint text, an invalid attribute, a cut word, a wide box."""
    page = browser.new_context(viewport=PHONE).new_page()
    html = (
        '<!doctype html><html lang="en"><title>Faults</title><main data-x="1" hx-get="/">'
        '<p style="color: #bbb">Faint</p>'
        '<p style="width: 40px; overflow-wrap: anywhere">Freibeuter and Players</p>'
        '<p style="width: 40px; word-break: break-all">0123456789abcdef</p>'
        '<div style="width: 500px">wide</div></main></html>'
    )
    page.set_content(html)
    assert [violation["id"] for violation in axe_violations(page)] == ["color-contrast"]
    assert [error.split(":")[1] for error in nu_errors(html)] == [
        " Attribute “hx-get” not allowed on element “main” at this point."
    ]
    assert broken_words(page) == ["Freibeuter", "Players"]  # the hash may break
    assert overflow(page) == 500 + 8 - PHONE["width"]
    page.context.close()
