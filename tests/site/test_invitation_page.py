"""Invitation: the invitation page speaks the invitation's language and offers
the time zone as a list of the zone database's zones grouped by region, not a free-text
box; the open-seat page offers the same list; a zone not in it is refused clearly.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Invitation, Table
from games.play.lobby import SeatSpec, invitation_token, open_seat_token, table_create

SEATS = [
    SeatSpec(kind="email", name="Hanna", email="hanna@example.org", language="de"),
    SeatSpec(kind="email", name="Ivo", email="ivo@example.org", language="fr"),
]


@pytest.fixture
def table(db: None) -> Table:
    return table_create(kind="freibeuter", seats=SEATS, options={})


def _invitation(table: Table, name: str) -> Invitation:
    return table.invitations.get(display_name=name)


def _page(client: Client, invitation: Invitation) -> str:
    return client.get(f"/invite/{invitation_token(invitation)}/").content.decode()


def _zone_select(page: str) -> str:
    found = re.search(r'<select name="time_zone"[^>]*>.*?</select>', page, re.S)
    assert found is not None, "the time zone is chosen from a list"
    return found.group(0)


def test_a_german_invitation_is_shown_in_german_with_a_zone_list(
    table: Table, client: Client
) -> None:
    page = _page(client, _invitation(table, "Hanna"))

    assert "Du bist zu einer Partie Freibeuter eingeladen" in page
    assert "You are invited" not in page
    zones = _zone_select(page)
    assert '<optgroup label="Europa">' in zones
    assert '<option value="Europe/Berlin">Berlin (Deutschland)</option>' in zones
    assert re.search(
        r'<option value="America/New_York"[^>]*>New York \(Vereinigte Staaten\)<', zones
    )
    assert 'data-browser-time-zone="guess"' in zones
    assert '<input type="text" name="time_zone"' not in page


def test_a_french_invitation_is_shown_in_french(table: Table, client: Client) -> None:
    page = _page(client, _invitation(table, "Ivo"))
    assert "On vous invite à une partie de Freibeuter" in page
    assert '<optgroup label="Amérique">' in _zone_select(page)


def test_an_invitation_is_accepted_with_the_chosen_zone(table: Table, client: Client) -> None:
    hanna = _invitation(table, "Hanna")
    form = {"name": "Hanna", "language": "de", "time_zone": "Europe/Berlin"}
    client.post(f"/invite/{invitation_token(hanna)}/", form)
    hanna.refresh_from_db()
    assert hanna.accepted_at is not None and hanna.time_zone == "Europe/Berlin"


@pytest.mark.parametrize("zone", ["Mars/Olympus", "Europe/Berlin<b>", "US/Eastern"])
def test_a_zone_not_in_the_list_is_refused_clearly(table: Table, client: Client, zone: str) -> None:
    hanna = _invitation(table, "Hanna")
    form = {"name": "Hanna", "language": "de", "time_zone": zone}
    page = client.post(f"/invite/{invitation_token(hanna)}/", form).content.decode()
    assert "Wähle eine Zeitzone wie Europe/Berlin." in page
    hanna.refresh_from_db()
    assert hanna.accepted_at is None


def test_the_open_seat_page_offers_the_zone_list(db: None, client: Client) -> None:
    table = table_create(
        kind="freibeuter", seats=[SeatSpec(kind="open"), SeatSpec(kind="open")], options={}
    )
    page = client.get(
        f"/tables/{open_seat_token(table)}/join/", HTTP_ACCEPT_LANGUAGE="de"
    ).content.decode()
    assert '<option value="Europe/Berlin" selected>' in _zone_select(page)  # a first guess
