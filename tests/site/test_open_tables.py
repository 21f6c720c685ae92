"""The dashboard's open tables: every visitor sees the tables still forming with a seat open to
anyone that their hosts listed (the new-table form lists them unless the host says not), with
their game, name, its host once his address is proven by a seat, who sits there already, the
reliability the host asks for, the open seats left) and joins one by the lobby's own open-seat
page and checks; invited addresses, the host's address and invitation links are shown to
nobody."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from games.models import Invitation, Table
from games.people.accounts import player_create
from games.play.lobby import (
    SeatSpec,
    invitation_accept,
    invitation_link,
    open_seat_token,
    table_create,
)
from games.web.lobby_forms import MAX_SEATS

pytestmark = pytest.mark.django_db

ZONE = {"language": "en", "time_zone": "Europe/Berlin"}


def _table(
    *seats: SeatSpec, name: str = "Harbour", min_reliability: int | None = None, listed: bool = True
) -> Table:
    return table_create(
        kind="seerauber",
        name=name,
        seats=list(seats),
        options={},
        host_email="host@example.org",
        min_reliability=min_reliability,
        listed=listed,
    )


def _open_section(client: Client) -> str:
    page = client.get("/").content.decode()
    found = re.search(r'<section aria-labelledby="open-title">.*?</section>', page, re.S)
    return html.unescape(found.group(0)) if found else ""


def _join_link(table: Table) -> str:
    return f"/tables/{open_seat_token(table)}/join/"


def test_the_dashboard_lists_an_open_table_with_what_anyone_may_see() -> None:
    table = _table(
        SeatSpec(kind="email", name="Dora", email="dora@example.org"),
        SeatSpec(kind="bot"),
        SeatSpec(kind="open"),
        SeatSpec(kind="open"),
        min_reliability=80,
    )
    section = _open_section(Client())
    assert "Open tables" in section and "Seeräuber" in section and "Harbour" in section
    assert "Bot 1" in section and "Dora" not in section  # Dora has not accepted yet
    assert "at least 80 % of their turns in time" in section
    assert re.search(r">\s*2 <a", section), "two open seats left"
    assert f'href="{_join_link(table)}"' in section
    for secret in (
        "dora@example.org",
        "host@example.org",
        invitation_link(table.invitations.first()).split("/")[-2],
    ):
        assert secret not in section


def test_tables_without_a_free_open_seat_are_not_listed() -> None:
    _table(
        SeatSpec(kind="email", name="Dora", email="d@example.org"),
        SeatSpec(kind="bot"),
        SeatSpec(kind="bot"),
        name="Invited only",
    )
    cancelled = _table(
        SeatSpec(kind="open"), SeatSpec(kind="bot"), SeatSpec(kind="bot"), name="Called off"
    )
    Table.objects.filter(pk=cancelled.pk).update(status=Table.Status.CANCELLED)
    _table(SeatSpec(kind="open"), SeatSpec(kind="bot"), SeatSpec(kind="bot"), listed=False)
    assert _open_section(Client()) == ""


def test_the_new_table_form_lists_the_table_unless_the_host_says_not() -> None:
    """A host who passes the open seat's link privately keeps the table off the list."""
    seats = {"seat0_kind": "open", "seat1_kind": "bot", "seat2_kind": "bot"}
    form = {"game": "seerauber", "clock": "per_move", "hours": "72", "bank_days": "10"}
    form |= {"timeout_policy": "bot", "replace_after": "3", **seats}
    form |= {f"seat{index}_language": "en" for index in range(MAX_SEATS)}
    page = Client().get("/games/new/").content.decode()
    assert re.search(r'<input type="checkbox" name="listed"[^>]* checked', page)
    Client().post("/games/new/", {**form, "name": "Private", "listed": ""})
    Client().post("/games/new/", {**form, "name": "Public", "listed": "on"})
    assert [t.listed for t in Table.objects.order_by("name")] == [False, True]
    section = _open_section(Client())
    assert "Public" in section and "Private" not in section


def test_a_player_joins_from_the_dashboard_and_the_table_leaves_the_list_when_full() -> None:
    table = _table(SeatSpec(kind="open"), SeatSpec(kind="bot"), SeatSpec(kind="bot"))
    client = Client()
    link = re.search(r'href="(/tables/[^"]+/join/)"', _open_section(client))
    assert link is not None
    response = client.post(link.group(1), {"name": "Emil", "email": "", **ZONE})
    assert response.status_code == 302 and response["Location"].startswith("/play/")
    table.refresh_from_db()
    assert table.status == Table.Status.STARTED and table.game is not None
    assert table.game.seats.get(display_name="Emil").time_zone == "Europe/Berlin"
    assert _open_section(client) == ""

    late = client.post(link.group(1), {"name": "Fleur", "email": "", **ZONE})
    assert "This table has no open seat any more." in late.content.decode()


def test_a_table_that_asks_for_a_reliability_still_checks_it_for_a_joiner_from_the_list() -> None:
    table = _table(
        SeatSpec(kind="open"), SeatSpec(kind="bot"), SeatSpec(kind="bot"), min_reliability=90
    )
    page = Client().post(_join_link(table), {"name": "Emil", "email": "", **ZONE}).content.decode()
    assert "sign in with your email address first" in html.unescape(page)
    assert not table.invitations.filter(
        kind=Invitation.Kind.OPEN, accepted_at__isnull=False
    ).exists()


def test_the_list_is_only_on_the_first_page_of_games_under_way() -> None:
    _table(SeatSpec(kind="open"), SeatSpec(kind="bot"), SeatSpec(kind="bot"))
    assert "Open tables" not in Client().get("/?show=finished").content.decode()
    assert "Open tables" not in Client().get("/?page=2").content.decode()


def test_the_host_is_named_by_his_handle_once_a_seat_proves_his_address() -> None:
    """The host's address is typed by anyone: it names an account only when the host took a
    seat with it (here by accepting his own invitation, mailed to that address)."""
    player_create(email="host@example.org", handle="Hostess")
    player_create(email="victim@example.org", handle="Victim")
    own = _table(
        SeatSpec(kind="email", name="Hanna", email="host@example.org"),
        SeatSpec(kind="open"),
        SeatSpec(kind="bot"),
    )
    invitation_accept(
        invitation=own.invitations.get(position=0),
        name="Hanna",
        language="de",
        time_zone="Europe/Berlin",
    )
    table_create(
        kind="seerauber",
        name="Claimed",
        seats=[SeatSpec(kind="open"), SeatSpec(kind="bot"), SeatSpec(kind="bot")],
        options={},
        host_email="victim@example.org",
        listed=True,
    )
    section = _open_section(Client())
    assert 'Host: <a href="/players/Hostess/">Hostess</a>' in section
    assert "Victim" not in section


def test_a_signed_in_hosts_address_is_the_new_tables_first_guess() -> None:
    """So that his table names him once he takes a seat with it."""
    client = Client()
    session = client.session
    session["email"] = "host@example.org"
    session.save()
    page = client.get("/games/new/").content.decode()
    assert 'name="host_email" value="host@example.org"' in page
    assert 'name="host_email" value=' not in Client().get("/games/new/").content.decode()
