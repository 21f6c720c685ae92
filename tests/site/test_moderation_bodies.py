"""The moderation API takes each value in its own JSON type and bounded in size: a number
as a string, a reason of kilobytes or a list of a thousand names is a 400 and writes nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.models import Event, Game
from games.play.services import PlayerSpec, game_create
from tests.clock import T0
from tests.site.player_helpers import moderator_create

pytestmark = pytest.mark.clock


@pytest.fixture
def game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")],
        seed=4,
        now=T0,
    )


@pytest.fixture
def moderator(db: None) -> Client:
    user = moderator_create()
    client = Client()
    client.force_login(user)
    return client


def _moderate(client: Client, game: Game, action: str, body: Any) -> Any:
    return client.post(f"/api/games/{game.pk}/moderate/{action}/", body, "application/json")


@pytest.mark.parametrize(
    ("action", "body", "field"),
    [
        ("extend", {"reason": "ill", "hours": "5"}, "hours"),
        ("extend", {"reason": "ill", "hours": True}, "hours"),
        ("extend", {"reason": "ill", "hours": 5.0}, "hours"),
        ("remove", {"reason": "gone", "seat": "1"}, "seat"),
        ("hide", {"reason": "rude", "message_seq": "2"}, "message_seq"),
        ("pause", {"reason": 5}, "reason"),
        ("pause", {"reason": "x" * 60_000}, "reason"),
        ("adjudicate", {"reason": "stuck", "winners": "Anne"}, "winners"),
        ("adjudicate", {"reason": "stuck", "winners": ["Anne"] * 1000}, "winners"),
        ("adjudicate", {"reason": "stuck", "winners": ["A" * 5000]}, "winners"),
        ("invite", {"reason": "new", "seat": 1, "email": "a@" + "b" * 300 + ".org"}, "email"),
    ],
)
def test_it_refuses_untyped_or_oversized_values(
    game: Game, moderator: Client, action: str, body: dict[str, Any], field: str
) -> None:
    answer = _moderate(moderator, game, action, body)
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "invalid_request" and field in error["fields"]
    assert Event.objects.filter(game=game).count() == 1


@pytest.mark.parametrize("body", ["[]", '"pause"', "5", "null"])
def test_it_refuses_a_body_that_is_not_an_object(game: Game, moderator: Client, body: str) -> None:
    answer = _moderate(moderator, game, "pause", body)
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "invalid_request"
    game.refresh_from_db()
    assert game.status == "active"


def test_typed_values_within_their_limits_are_taken(game: Game, moderator: Client) -> None:
    answer = _moderate(moderator, game, "extend", {"reason": "r" * 500, "hours": 5})
    assert answer.status_code == 200
    answer = _moderate(moderator, game, "pause", {"reason": "checking"})
    assert (answer.status_code, answer.json()["status"]) == (200, "paused")


def test_the_moderation_page_refuses_a_long_reason_too(game: Game, moderator: Client) -> None:
    page = moderator.post(f"/moderate/games/{game.pk}/pause/", {"reason": "x" * 60_000})
    assert page.status_code == 302
    game.refresh_from_db()
    assert game.status == "active" and game.last_seq == 1
