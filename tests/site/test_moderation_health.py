"""The moderators' health page: the same checks as /healthz, and the last mail errors."""

from __future__ import annotations

import pytest
from django.test import Client
from mail_helpers import require_redis

from games import tasks
from games.models import Game, OutboundMail
from tests.site.player_helpers import moderator_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(client: Client) -> Client:
    user = moderator_create()
    client.force_login(user)
    return client


def _failed(game: Game, number: int, error: str) -> OutboundMail:
    return OutboundMail.objects.create(
        game=game,
        to=f"p{number}@example.org",
        kind="turn",
        message_id=f"<{number}@example.org>",
        status=OutboundMail.Status.FAILED,
        error=error,
    )


def test_it_shows_the_checks_and_the_latest_mail_errors_first(
    moderator: Client, game: Game
) -> None:
    require_redis()
    tasks.outbox_sweep_task()
    tasks.notice_sweep_task()
    tasks.deadline_sweep_task()
    _failed(game, 1, "550 mailbox unavailable")
    _failed(game, 2, "554 <script>alert(1)</script> rejected")
    page = moderator.get("/moderate/health/").content.decode()
    assert "Service health: healthy" in page
    assert page.count("on time") == 5
    assert "outbox-sweep" in page and "deadline-sweep" in page and "league-sweep" in page
    assert "notice-sweep" in page
    assert "<td>2</td>" in page  # failed emails
    newest, older = page.index("554 &lt;script&gt;"), page.index("550 mailbox unavailable")
    assert newest < older
    assert "<script>alert(1)</script>" not in page
    assert f'href="/moderate/games/{game.pk}/"' in page


def test_the_moderation_pages_link_to_it(moderator: Client, game: Game) -> None:
    for url in ("/moderate/", f"/moderate/games/{game.pk}/"):
        assert 'href="/moderate/health/"' in moderator.get(url).content.decode()


def test_it_says_unhealthy_in_the_moderators_language(moderator: Client, db: None) -> None:
    page = moderator.get("/moderate/health/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Zustand des Dienstes: gestört" in page
