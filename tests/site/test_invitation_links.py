"""Invitation links open their invitation and nothing else: a host's copy of a link, once the
invitation is accepted, never reaches the seat (no play token in the page or its Location, no
hand), nor does it after a moderator reissues the seat's link, removes the seat or gives it to
someone else. The accepter alone gets his seat: his acceptance answers with his play page, or
with his own link that leads to it once the game is dealt, for as long as the seat keeps the
token it was dealt with.

The lobby's pages are no address-to-account oracle: an invited address's reliability shows
only once its owner has taken the seat, and a table's open-seat page is reached by an
unguessable link, not by the table's sequential id.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client

from games.models import Game, Invitation, OutboundMail, Seat, Table
from games.moderation import actions
from games.people.accounts import player_create
from games.play.links import seat_token
from games.play.lobby import (
    SeatSpec,
    invitation_token,
    open_seat_token,
    table_create,
    table_token,
)
from tests.clock import T0

SEATS = [
    SeatSpec(kind="email", name="Hanna", email="hanna@example.org", language="de"),
    SeatSpec(kind="email", name="Ivo", email="ivo@example.org", language="fr"),
    SeatSpec(kind="email", name="Jade", email="jade@example.org", language="en"),
]
ZONE = {"time_zone": "Europe/Berlin"}


@pytest.fixture
def table(db: None) -> Table:
    return table_create(kind="freibeuter", seats=SEATS, options={})


@pytest.fixture
def mod(db: None) -> User:
    return User.objects.create_user("mod", "mod@example.org", "x", is_staff=True)


def _link(table: Table, name: str) -> str:
    """The invitation link as the host's page shows it (and as he may have copied it)."""
    return f"/invite/{invitation_token(table.invitations.get(display_name=name))}/"


def _accept(table: Table, name: str, language: str) -> HttpResponse:
    form = {"name": name, "language": language, **ZONE}
    response: HttpResponse = Client().post(_link(table, name), form)
    return response


def _deal(table: Table) -> dict[str, HttpResponse]:
    """Every invitee accepts, in order; the last one's acceptance deals the game."""
    answers = {spec.name: _accept(table, spec.name, spec.language) for spec in SEATS}
    table.refresh_from_db()
    assert table.game is not None
    return answers


def _seats(table: Table) -> list[Seat]:
    assert table.game is not None
    return list(Seat.objects.filter(game=table.game))


def _opens_nothing(response: HttpResponse, table: Table) -> None:
    """The answer to someone holding a spent link: no seat's token anywhere, no hand."""
    assert response.status_code == 410
    assert "Location" not in response.headers
    body = response.content.decode()
    for seat in Seat.objects.filter(game__table=table) if table.game else []:
        assert seat_token(seat) not in body
    assert "/play/" not in body


def _host_gets(link: str, language: str = "en") -> HttpResponse:
    response: HttpResponse = Client().get(link, HTTP_ACCEPT_LANGUAGE=language)
    return response


def test_the_hosts_copy_of_an_accepted_invitation_opens_nothing(table: Table) -> None:
    copied = _link(table, "Hanna")
    accepted = _accept(table, "Hanna", "de")
    assert accepted.status_code == 302
    assert accepted["Location"].startswith("/invite/accepted/")  # the accepter's own link

    page = _host_gets(copied)
    _opens_nothing(page, table)
    assert "Diese Einladung wurde schon angenommen" in page.content.decode()


def test_once_dealt_the_hosts_copies_never_lead_to_a_seat(table: Table) -> None:
    copied = {spec.name: _link(table, spec.name) for spec in SEATS}
    answers = _deal(table)
    jade = Seat.objects.get(game=table.game, display_name="Jade")
    # The last acceptance dealt the game: it answers the accepter with his play page.
    assert answers["Jade"]["Location"] == f"/play/{seat_token(jade)}/"

    for name, link in copied.items():
        response = _host_gets(link)
        _opens_nothing(response, table)
        posted = Client().post(link, {"name": name, "language": "en", **ZONE})
        _opens_nothing(posted, table)
    texts = {
        "en": "This invitation has been used: it no longer opens a seat.",
        "de": "Diese Einladung wurde schon angenommen: Sie öffnet keinen Platz mehr.",
        "fr": "Cette invitation a déjà été acceptée : elle n’ouvre plus aucune place.",
    }
    for name, language in (("Hanna", "de"), ("Ivo", "fr"), ("Jade", "en")):
        assert texts[language] in _host_gets(copied[name]).content.decode()


def test_the_accepter_gets_his_seat_through_his_own_link_and_his_email(table: Table) -> None:
    answers = _deal(table)
    hanna = Seat.objects.get(game=table.game, display_name="Hanna")
    own = Client().get(answers["Hanna"]["Location"])
    assert own.status_code == 302 and own["Location"] == f"/play/{seat_token(hanna)}/"
    page = Client().get(own["Location"])
    assert page.status_code == 200
    # He is also told by email (the game's start or his turn) with his seat's link.
    kinds = OutboundMail.objects.filter(to="hanna@example.org", seat=hanna)
    assert set(kinds.values_list("kind", flat=True)) & {"game_started", "turn"}


def test_the_accepters_link_thanks_him_until_the_game_is_dealt(table: Table) -> None:
    own = _accept(table, "Hanna", "de")["Location"]
    page = Client().get(own)
    assert page.status_code == 200
    assert "Danke, Hanna: Der Platz gehört dir." in page.content.decode()


def test_a_reissue_ends_every_old_way_to_the_seat(table: Table, mod: User) -> None:
    copied = _link(table, "Hanna")
    own = _deal(table)["Hanna"]["Location"]
    game = Game.objects.get(pk=table.game_id)
    hanna = Seat.objects.get(game=game, display_name="Hanna")

    actions.link_reissue(game=game, moderator=mod, reason="link leaked", seat=hanna)
    hanna.refresh_from_db()
    _opens_nothing(_host_gets(copied), table)
    _opens_nothing(_host_gets(own), table)
    assert Client().get(f"/play/{seat_token(hanna)}/").status_code == 200  # the new link


def test_a_removed_seat_is_reached_by_no_invitation(table: Table, mod: User) -> None:
    copied = _link(table, "Ivo")
    own = _deal(table)["Ivo"]["Location"]
    game = Game.objects.get(pk=table.game_id)
    ivo = Seat.objects.get(game=game, display_name="Ivo")

    actions.seat_remove(game=game, moderator=mod, reason="vanished", seat=ivo)
    _opens_nothing(_host_gets(copied), table)
    _opens_nothing(_host_gets(own), table)

    actions.seat_invite(
        game=game, moderator=mod, reason="new player", seat=ivo, email="zoe@example.org"
    )
    _opens_nothing(_host_gets(copied), table)
    _opens_nothing(_host_gets(own), table)


def test_an_open_seat_is_taken_only_on_its_page(db: None) -> None:
    table = table_create(
        kind="freibeuter",
        seats=[SeatSpec(kind="email", name="Hanna", email="hanna@example.org"), SeatSpec("open")],
        options={},
    )
    open_seat = table.invitations.get(kind=Invitation.Kind.OPEN)
    # Its invitation token (never shown) opens nothing: the table's minimum applies on its page.
    assert Client().get(f"/invite/{invitation_token(open_seat)}/").status_code == 404
    form = {"name": "Mallory", "language": "en", **ZONE}
    assert Client().post(f"/invite/{invitation_token(open_seat)}/", form).status_code == 404
    host = Client().get(f"/tables/{table_token(table)}/").content.decode()
    assert invitation_token(open_seat) not in host

    form = {"name": "Oskar", "language": "en", "email": "", **ZONE}
    taken = Client().post(f"/tables/{open_seat_token(table)}/join/", form)
    assert taken.status_code == 302 and taken["Location"].startswith("/invite/accepted/")
    _accept(table, "Hanna", "en")
    oskar = Seat.objects.get(game__table=table, display_name="Oskar")
    assert Client().get(taken["Location"])["Location"] == f"/play/{seat_token(oskar)}/"


def test_a_forged_accepters_link_opens_nothing(table: Table) -> None:
    assert Client().get("/invite/accepted/abc:def/").status_code == 404
    hanna = table.invitations.get(display_name="Hanna")
    assert Client().get(f"/invite/accepted/{invitation_token(hanna)}/").status_code == 404


NO_TURNS = "no turns in the last 12 months"  # what an account's figure says before any game


def test_the_host_does_not_learn_which_invited_address_has_an_account(table: Table) -> None:
    player_create(email="hanna@example.org", handle="Hanna", now=T0)
    pages = {
        "host": f"/tables/{table_token(table)}/",
        "an invitee": _link(table, "Ivo"),
        "the open-seat page": f"/tables/{open_seat_token(table)}/join/",
    }
    for page in pages.values():
        assert NO_TURNS not in _host_gets(page).content.decode()
    own = _accept(table, "Hanna", "en")["Location"]  # she joins: the table may see her figure
    assert NO_TURNS in _host_gets(pages["host"]).content.decode()
    assert NO_TURNS in _host_gets(own).content.decode()


def test_a_tables_open_seat_page_is_not_reached_by_its_id(db: None) -> None:
    table = table_create(kind="freibeuter", seats=[SeatSpec("open"), SeatSpec("open")], options={})
    assert Client().get(f"/tables/{table.pk}/join/").status_code == 404
    form = {"name": "Oskar", "language": "en", "email": "", **ZONE}
    assert Client().post(f"/tables/{table.pk}/join/", form).status_code == 404
    assert not table.invitations.filter(display_name="Oskar").exists()
    page = Client().get(f"/tables/{open_seat_token(table)}/join/")
    assert page.status_code == 200
    host = Client().get(f"/tables/{table_token(table)}/").content.decode()
    assert f"/tables/{open_seat_token(table)}/join/" in host
