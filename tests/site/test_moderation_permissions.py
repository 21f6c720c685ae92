"""Who may moderate: every moderator page, API endpoint and admin page, for an anonymous
visitor, a player (seat token or plain account), a moderator and a superuser.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client

from games.models import Event, Game
from games.play.links import seat_token
from tests.site.player_helpers import moderator_create

PAGES = [
    "/moderate/",
    "/moderate/games/{pk}/",
    "/moderate/games/{pk}/omniscient/",
    "/moderate/health/",
]
API_GETS = ["/api/moderation/audit/"]
ADMIN_PAGES = [
    "/admin/games/game/",
    "/admin/games/game/?stuck=yes&reported=yes&q=anne",
    "/admin/games/game/{pk}/change/",
    "/admin/games/event/?type__exact=chat_reported",
    "/admin/games/outboundmail/",
    "/admin/games/seat/",
    "/admin/auth/user/",
]


def _client(kind: str, game: Game) -> Client:
    client = Client()
    if kind == "player":
        seat = game.seats.first()
        user = User.objects.create_user("anne", "anne@example.org")
        seat.user = user
        seat.save()
        client.force_login(user)
        client.defaults["HTTP_AUTHORIZATION"] = f"Seat {seat_token(seat)}"
    elif kind == "staff":
        client.force_login(User.objects.create_user("staff", is_staff=True))
    elif kind == "moderator":
        user = moderator_create()
        client.force_login(user)
    elif kind == "superuser":
        client.force_login(User.objects.create_superuser("root", "root@example.org", "x"))
    return client


@pytest.mark.parametrize("kind", ["anonymous", "player", "staff"])
def test_only_moderators_get_the_moderator_pages_and_api(kind: str, game: Game) -> None:
    client = _client(kind, game)
    for url in PAGES + API_GETS:
        assert client.get(url.format(pk=game.pk)).status_code == 403, url
    assert client.post(f"/moderate/games/{game.pk}/pause/", {"reason": "x"}).status_code == 403
    api = client.post(f"/api/games/{game.pk}/moderate/pause/", {"reason": "x"}, "application/json")
    assert api.status_code == 403
    assert api.json()["error"]["code"] in ("forbidden", "login_required")
    game.refresh_from_db()
    assert game.status == "active" and game.last_seq == 1


@pytest.mark.parametrize("kind", ["anonymous", "player"])
def test_the_admin_sends_players_and_visitors_to_its_login(kind: str, game: Game) -> None:
    client = _client(kind, game)
    for url in ADMIN_PAGES:
        response = client.get(url.format(pk=game.pk))
        assert response.status_code == 302 and response["Location"].startswith("/admin/login/")


def test_staff_without_the_group_gets_403_from_admin_pages(game: Game) -> None:
    client = _client("staff", game)
    for url in ADMIN_PAGES:
        assert client.get(url.format(pk=game.pk)).status_code == 403, url


@pytest.mark.parametrize("kind", ["moderator", "superuser"])
def test_moderators_and_superusers_get_everything(kind: str, game: Game) -> None:
    client = _client(kind, game)
    for url in PAGES + API_GETS + ADMIN_PAGES:
        assert client.get(url.format(pk=game.pk)).status_code == 200, url
    assert b"hand" in client.get(f"/moderate/games/{game.pk}/omniscient/").content
    response = client.post(
        f"/api/games/{game.pk}/moderate/extend/",
        {"reason": "ill", "hours": 24},
        "application/json",
    )
    assert response.status_code == 200
    assert client.post(f"/moderate/games/{game.pk}/pause/", {"reason": "x"}).status_code == 302
    game.refresh_from_db()
    assert game.status == "paused"
    audit = client.get("/api/moderation/audit/").json()
    assert [row["type"] for row in audit] == ["game_paused", "deadline_extended"]
    assert client.get("/moderate/").content.count(b"</tr>") >= 3


def test_the_moderators_group_has_exactly_its_permissions(db: None) -> None:
    codenames = set(
        Group.objects.get(name="moderators").permissions.values_list("codename", flat=True)
    )
    assert codenames == {
        "moderate_game",
        "view_game",
        "view_seat",
        "view_event",
        "view_outboundmail",
        "view_inboundmail",
        "view_user",
    }


def test_the_admin_actions_run_the_services_with_the_reason(game: Game) -> None:
    client = _client("moderator", game)
    response = client.post(
        "/admin/games/game/",
        {"action": "moderate_pause", "_selected_action": [game.pk], "reason": "spam"},
    )
    assert response.status_code == 302
    event = Event.objects.filter(game=game).order_by("-seq").first()
    assert (event.type, event.payload["reason"]) == ("game_paused", "spam")


def test_a_bad_api_request_says_why(game: Game) -> None:
    client = _client("moderator", game)
    response = client.post(
        f"/api/games/{game.pk}/moderate/explode/", {"reason": "x"}, "application/json"
    )
    assert response.status_code == 400 and response.json()["error"]["code"] == "not_allowed"
