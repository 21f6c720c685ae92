"""Moderators never see a seat's link: no moderation page, admin page or moderation API answer
carries a seat's token or reply address, yet a moderator still does his work (a player who
lost their link gets a new one mailed by ``reissue``, recorded with the moderator's name).
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from games.models import Event, Game, OutboundMail
from games.play.chat import chat_post
from games.play.links import reply_address, seat_from_token, seat_token
from games.play.services import PlayerSpec, game_create
from games.play.tables import table_for
from tests.clock import T0
from tests.site.player_helpers import moderator_create

pytestmark = pytest.mark.clock


@pytest.fixture
def moderator(db: None) -> User:
    return moderator_create("mara")


@pytest.fixture
def game(db: None) -> Game:
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")],
        seed=5,
        now=T0,
    )
    chat_post(game=game, seat=game.seats.get(display_name="Anne"), text="ahoy", now=T0)
    return game


def _secrets(game: Game) -> list[str]:
    """Every seat's token and reply address as they are now."""
    return [
        secret
        for seat in game.seats.all()
        for secret in (seat_token(seat), reply_address(seat).partition("@")[0])
    ]


def _pages(client: Client, game: Game) -> dict[str, str]:
    """Every moderation and admin page of ``game`` a moderator opens, by URL, with its body."""
    urls = [
        f"/moderate/games/{game.pk}/",
        f"/moderate/games/{game.pk}/omniscient/",
        "/moderate/",
        "/moderate/health/",
        "/admin/games/game/",
        f"/admin/games/game/{game.pk}/change/",
        f"/admin/games/event/?game__id__exact={game.pk}",
        f"/admin/games/outboundmail/?game__id__exact={game.pk}",
        "/admin/games/inboundmail/",
        f"/admin/games/seat/?game__id__exact={game.pk}",
        *(f"/admin/games/seat/{seat.pk}/change/" for seat in game.seats.all()),
        *(f"/admin/games/outboundmail/{mail.pk}/change/" for mail in game.mails.all()),
        f"/games/{game.pk}/",
        f"/games/{game.pk}/history/",
        f"/api/games/{game.pk}/chat/",
        f"/api/games/{game.pk}/events/",
        "/api/moderation/audit/",
    ]
    bodies = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        bodies[url] = response.content.decode()
    return bodies


def _leaks(bodies: dict[str, str], secrets: list[str]) -> list[str]:
    return [url for url, body in bodies.items() if any(secret in body for secret in secrets)]


def test_no_moderation_or_admin_page_shows_a_seat_link(game: Game, moderator: User) -> None:
    client = Client()
    client.force_login(moderator)
    bodies = _pages(client, game)
    assert game.mails.exists()  # the outbox pages were read with emails in them
    assert _leaks(bodies, _secrets(game)) == []
    page = bodies[f"/moderate/games/{game.pk}/"]
    assert "anne@example.org" in page and "bart@example.org" in page
    assert "/play/" not in page


def test_a_reissued_link_goes_to_the_player_alone(game: Game, moderator: User) -> None:
    client = Client()
    client.force_login(moderator)
    bart = game.seats.get(display_name="Bart")
    old = seat_token(bart)
    response = client.post(
        f"/moderate/games/{game.pk}/reissue/", {"seat": bart.position, "reason": "lost his link"}
    )
    assert response.status_code == 302
    bart.refresh_from_db()
    new = seat_token(bart)
    assert seat_from_token(old) is None and seat_from_token(new) == bart
    (mail,) = OutboundMail.objects.filter(game=game, kind="notice", to="bart@example.org")
    assert new in mail.context["seat_link"]
    event = Event.objects.filter(game=game).order_by("-seq").first()
    assert event is not None
    assert (event.type, event.actor) == ("link_reissued", f"user:{moderator.pk}")
    game.refresh_from_db()
    with translation.override("en"):
        notes = [note.words for note in table_for(game=game, seat=None).history().notes]
    assert (
        "A moderator sent Bart a new link; the old one no longer works. Reason: lost his link"
        in (notes)
    )
    bodies = _pages(client, game)
    assert _leaks(bodies, _secrets(game)) == []
    assert "links revoked: 1" in bodies[f"/moderate/games/{game.pk}/"]


def test_the_moderation_api_answers_carry_no_seat_token(game: Game, moderator: User) -> None:
    client = Client()
    client.force_login(moderator)
    anne = game.seats.get(display_name="Anne")
    answers = {}
    for action, body in (
        ("extend", {"hours": 5, "reason": "ill"}),
        ("reissue", {"seat": anne.position, "reason": "leaked"}),
        ("pause", {"reason": "checking"}),
    ):
        response = client.post(
            f"/api/games/{game.pk}/moderate/{action}/", body, content_type="application/json"
        )
        assert response.status_code == 200, response.content
        answers[action] = response.content.decode()
    for url in (f"/api/games/{game.pk}/chat/", "/api/moderation/audit/", f"/api/games/{game.pk}/"):
        response = client.get(url)
        assert response.status_code == 200, url
        answers[url] = response.content.decode()
    assert _leaks(answers, _secrets(game)) == []
    assert Event.objects.filter(game=game, actor=f"user:{moderator.pk}").count() == 3


def test_no_one_hands_a_seat_over_by_editing_the_admin(game: Game) -> None:
    """Even a superuser's game page in the admin offers no field that changes who plays a
    seat (that is a moderator action, recorded with his name) and shows no seat link."""
    admin = User.objects.create_superuser("root", "root@example.org", "x")
    client = Client()
    client.force_login(admin)
    page = client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    for field in ("user", "is_bot", "email"):
        assert f'name="seats-0-{field}"' not in page
    assert "anne@example.org" in page
    assert _leaks({"game": page}, _secrets(game)) == []
