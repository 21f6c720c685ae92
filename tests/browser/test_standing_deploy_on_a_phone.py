"""The invitation and open-seat pages of a Flußpiraten table, with their optional deploy,
pass axe-core and the W3C Nu validator and fit a 360 px phone in English, German and
French; a player accepts there with his deploy, a bad one is refused with the form kept,
and the deploy is played once the last seat is taken."""

from __future__ import annotations

from typing import Any

import pytest
from test_pages_checked import Inspector

from games.models import Game
from games.play.lobby import (
    SeatSpec,
    invitation_accept,
    invitation_token,
    open_seat_token,
    table_create,
)
from games.play.open_seats import open_seat_take
from games.store.loading import engine_for, load_state

SEATS = [
    SeatSpec(kind="email", name="Anne", email="anne@example.org"),
    SeatSpec(kind="open"),
    SeatSpec(kind="email", name="Cleo", email="cleo@example.org"),
]


@pytest.mark.django_db(transaction=True)
def test_a_player_gives_his_deploy_with_his_seat_on_a_phone(live_server: Any, browser: Any) -> None:
    table = table_create(kind="flusspiraten", seats=SEATS, options={})
    anne = table.invitations.get(display_name="Anne")
    invitation = f"/invite/{invitation_token(anne)}/"
    inspector = Inspector(browser, live_server.url, phone=True)
    for language in ("en", "de", "fr"):
        inspector.speak(language)
        inspector.check_page(f"an invitation with its deploy ({language})", invitation)
        inspector.check_page(
            f"an open seat with its deploy ({language})", f"/tables/{open_seat_token(table)}/join/"
        )
    inspector.speak("en")
    inspector.visit(invitation)
    inspector.page.fill("#id_deploy", "9")
    inspector.page.get_by_role("button", name="Accept the invitation").click()
    inspector.page.wait_for_load_state()
    assert inspector.page.input_value("#id_name") == "Anne"
    assert inspector.page.input_value("#id_deploy") == "9"
    inspector.check("the refused deploy", inspector.page.content())
    inspector.page.fill("#id_deploy", "1")
    inspector.page.get_by_role("button", name="Accept the invitation").click()
    inspector.page.wait_for_url("**/invite/accepted/**")
    inspector.close()
    assert not inspector.problems, inspector.report()

    cleo = table.invitations.get(display_name="Cleo")
    invitation_accept(invitation=cleo, name="Cleo", language="en", time_zone="UTC")
    open_seat_take(table=table, name="Bert", email="", language="en", time_zone="UTC")
    table.refresh_from_db()
    game = Game.objects.get(pk=table.game_id)
    seen = engine_for(game).view(load_state(game), "Anne")["players"]["Anne"]
    assert (seen["deployed"], seen["SL"]) == (True, 1)
