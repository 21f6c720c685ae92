# ruff: noqa: F811  (pytest fixtures imported from notice_helpers)
"""A table's webhook, set by its host: it hears every turn of the table's game once, from the
deal on, in the language and zone the host chose, and a player's own channel at the same
address is not told the same turn a second time."""

from __future__ import annotations

import pytest
from django.test import Client
from notice_helpers import Receiver, receiver  # noqa: F401

from games.models import Game, Invitation, NoticeChannel, Table
from games.notices.channels import channel_add
from games.notices.delivery import notice_send, notices_due
from games.play.lobby import SeatSpec, invitation_accept, table_create, table_token
from games.play.services import move_submit
from games.store.loading import engine_for, load_state
from tests.clock import T0

pytestmark = [pytest.mark.django_db, pytest.mark.clock]


@pytest.fixture
def table(db: None) -> Table:
    return table_create(
        kind="freibeuter",
        name="Black Flag",
        seats=[
            SeatSpec(kind="email", name="Anne", email="anne@example.org"),
            SeatSpec(kind="email", name="Bart", email="bart@example.org"),
        ],
        options={},
        host_email="host@example.org",
    )


def _deal(table: Table) -> Game:
    for invitation in Invitation.objects.filter(table=table).order_by("position"):
        name = invitation.display_name
        invitation_accept(invitation=invitation, name=name, language="en", time_zone="UTC")
    table.refresh_from_db()
    assert table.game is not None
    return table.game


def _sent() -> None:
    assert all(notice_send(notice_id=pk) for pk in notices_due(now=T0))


def test_the_tables_channel_hears_each_turn_once_from_the_deal_on(
    table: Table, receiver: Receiver
) -> None:
    page = f"/tables/{table_token(table)}/channel/"
    assert page in Client().get(f"/tables/{table_token(table)}/").content.decode()
    set_by_host = Client().post(
        page,
        {
            "action": "channel-add",
            "kind": "discord",
            "url": receiver.url,
            "language": "de",
            "time_zone": "Europe/Berlin",
        },
    )
    assert set_by_host.status_code == 200
    assert NoticeChannel.objects.get().table == table

    game = _deal(table)
    _sent()
    (first,) = receiver.received
    assert first.json()["content"].startswith("Anne ist am Zug in Black Flag, bis ")
    assert "(Europe/Berlin)" in first.json()["content"]

    for seat in game.seats.all():  # both players add the group's channel for themselves too
        channel_add(seat=seat, kind="discord", url=receiver.url, now=T0)
    anne = game.seats.get(display_name="Anne")
    move = engine_for(game).legal_moves(load_state(game), "Anne")[0]
    move_submit(game=game, seat=anne, move=move, expected_seq=game.last_seq)
    _sent()
    assert len(receiver.received) == 2, "Bart's turn once, not again for his own channel"
    assert receiver.received[1].json()["content"].startswith("Bart ist am Zug in Black Flag")
    assert first.headers["X-Notice-Id"] != receiver.received[1].headers["X-Notice-Id"]


def test_only_the_hosts_link_sets_the_tables_channel(table: Table, receiver: Receiver) -> None:
    data = {"action": "channel-add", "kind": "json", "url": receiver.url, "language": "en"}
    assert Client().post("/tables/forged/channel/", data).status_code == 404
    assert not NoticeChannel.objects.exists()
