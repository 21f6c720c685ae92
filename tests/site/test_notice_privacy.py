# ruff: noqa: F811  (pytest fixtures imported from notice_helpers)
"""A player's webhooks are his data: his data export lists them, and deleting his account
removes them with their notices, those of the tables he hosts, and his calendar feed."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from notice_helpers import game  # noqa: F401

from games.models import CalendarFeed, Game, Notice, NoticeChannel
from games.notices.calendar import calendar_link, calendar_revoke
from games.notices.channels import channel_add, channel_test, table_channel_set
from games.people.accounts import player_create
from games.people.privacy import account_delete, player_data
from games.play.lobby import SeatSpec, table_create
from tests.clock import T0

pytestmark = [pytest.mark.django_db, pytest.mark.clock]

HOOK = "https://93.184.216.34/hook/secret"


def test_the_export_lists_the_webhooks_and_deletion_removes_them(game: Game) -> None:
    anne = game.seats.get(display_name="Anne")
    player = player_create(email="anne@example.org", handle="anne")
    channel = channel_add(seat=anne, kind="slack", url=HOOK, now=T0)
    channel_test(owner=anne, channel_id=channel.pk, now=T0)
    hosted = table_create(
        kind="freibeuter",
        seats=[SeatSpec(kind="bot"), SeatSpec(kind="open")],
        options={},
        host_email="anne@example.org",
    )
    table_channel_set(table=hosted, kind="json", url=HOOK, language="en", time_zone="UTC", now=T0)
    calendar_revoke(player=player)
    feed = calendar_link(player).removeprefix(settings.SITE_URL)

    (seat,) = player_data(player=player, now=T0)["seats"]
    assert seat["webhooks"] == [{"kind": "slack", "url": HOOK, "paused": False}]

    account_delete(player=player, now=T0)
    assert not NoticeChannel.objects.exists() and not Notice.objects.exists()
    assert not CalendarFeed.objects.exists()
    assert Client().get(feed).status_code == 404
