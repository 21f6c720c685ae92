"""The notices' pages pass axe-core and the W3C Nu validator and fit a 360 px phone in
English, German and French: a seat's settings with its webhook channels (a signed one with
its secret, a paused one, a browser push), its playing hours, the browser push button and
its player's calendar link, a table's webhook page, and a game's page showing a seat's
playing hours. The push button's service worker registers under the site's
Content-Security-Policy."""

from __future__ import annotations

from datetime import time
from typing import Any

import pytest
from django.test import Client
from test_pages_checked import Inspector

from games.models import NoticeChannel
from games.notices.push import vapid_key_new
from games.people.accounts import player_create
from games.play.links import seat_token
from games.play.lobby import SeatSpec, table_create, table_token
from games.play.services import PlayerSpec, game_create
from games.timecontrol.hours import hours_set
from tests.clock import T0


@pytest.mark.django_db(transaction=True)
def test_the_notice_pages_pass_the_checks_on_a_phone_in_every_language(
    live_server: Any, browser: Any, settings: Any
) -> None:
    settings.NOTICE_VAPID_PRIVATE_KEY, _ = vapid_key_new()
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
    push = "https://fcm.googleapis.com/fcm/send/" + "p" * 150
    NoticeChannel.objects.create(seat=anne, kind="push", url=push, push_key="k", push_auth="a")
    hours_set(anne, time(8), time(22))
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
        inspector.check_page(f"a game's page with playing hours ({language})", f"/games/{game.pk}/")
    inspector.visit(f"/play/{seat_token(anne)}/mail/")
    button = inspector.page.locator("#push-subscribe")
    assert button.is_visible()
    scope = inspector.page.evaluate(
        "button => navigator.serviceWorker.register(button.dataset.worker).then(r => r.scope)",
        button.element_handle(),
    )
    assert scope == f"{live_server.url}/static/games/"
    inspector.close()
    assert not inspector.problems, inspector.report()
