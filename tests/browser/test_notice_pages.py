"""The notices' pages pass axe-core and the W3C Nu validator and fit a 360 px phone in
English, German and French: a seat's settings with its webhook channels (a signed one with
its secret, a paused one) and its player's calendar link, and a table's webhook page."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from test_pages_checked import Inspector

from games.models import NoticeChannel
from games.people.accounts import player_create
from games.play.links import seat_token
from games.play.lobby import SeatSpec, table_create, table_token
from games.play.services import PlayerSpec, game_create
from tests.clock import T0


@pytest.mark.django_db(transaction=True)
def test_the_notice_pages_pass_the_checks_on_a_phone_in_every_language(
    live_server: Any, browser: Any
) -> None:
    game = game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name="Anne", email="anne@example.org"),
            PlayerSpec(name="Bart", email="bart@example.org"),
        ],
        seed=4,
        now=T0,
    )
    player_create(email="anne@example.org", handle="Annegret-von-Hohenzollern")
    anne = game.seats.get(display_name="Anne")
    hook = "https://discord.com/api/webhooks/123456789012345678/" + "x" * 68
    NoticeChannel.objects.create(seat=anne, kind="json", url=hook, secret="ab" * 32)
    NoticeChannel.objects.create(seat=anne, kind="discord", url=hook, secret="c", paused_at=T0)
    table = table_create(
        kind="freibeuter",
        name="Black Flag",
        seats=[SeatSpec(kind="email", name="Gus", email="gus@example.org"), SeatSpec(kind="open")],
        options={},
    )
    NoticeChannel.objects.create(table=table, kind="slack", url=hook, secret="d" * 64)
    settings_page = Client().get(f"/play/{seat_token(anne)}/mail/").content.decode()
    assert "calendar.ics?token=" in settings_page and "ab" * 32 in settings_page
    assert Client().get(f"/tables/{table_token(table)}/channel/").status_code == 200
    inspector = Inspector(browser, live_server.url, phone=True)
    for language in ("en", "de", "fr"):
        inspector.speak(language)
        inspector.check_page(f"a seat's settings ({language})", f"/play/{seat_token(anne)}/mail/")
        inspector.check_page(
            f"a table's webhook ({language})", f"/tables/{table_token(table)}/channel/"
        )
    inspector.close()
    assert not inspector.problems, inspector.report()
