"""A Flußpiraten deploy given with one's seat: on the invitation and open-seat pages a player
may say how many pirates he puts on the left start; it waits, seen by nobody, becomes his
seat's standing answer at the deal and is played once the deal commits.

The answers play once the deal commits, so these tests commit (``transaction``).
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.mail.compose import mail_compose
from games.models import Event, Game, Invitation, OutboundMail, Table
from games.play.lobby import (
    LobbyError,
    SeatSpec,
    invitation_token,
    open_seat_token,
    standing_checked,
    table_create,
    table_token,
)
from games.play.standing import standing_answers
from games.store.loading import engine_for, load_state

pytestmark = pytest.mark.django_db(transaction=True)

SEATS = [
    SeatSpec(kind="email", name="Anne", email="anne@example.org"),
    SeatSpec(kind="open"),
    SeatSpec(kind="email", name="Cleo", email="cleo@example.org"),
]


def _table(kind: str = "flusspiraten") -> Table:
    return table_create(kind=kind, seats=SEATS, options={})


def _invite_url(table: Table, name: str) -> str:
    return f"/invite/{invitation_token(table.invitations.get(display_name=name))}/"


def _accept(client: Client, table: Table, name: str, deploy: str = "") -> str:
    form = {"name": name, "language": "en", "time_zone": "UTC", "deploy": deploy}
    return client.post(_invite_url(table, name), form, follow=True).content.decode()


def _join(client: Client, table: Table, name: str, deploy: str = "") -> str:
    form = {"name": name, "language": "en", "time_zone": "UTC", "email": "", "deploy": deploy}
    url = f"/tables/{open_seat_token(table)}/join/"
    return client.post(url, form, follow=True).content.decode()


def _game(table: Table) -> Game:
    table.refresh_from_db()
    assert table.game is not None
    return Game.objects.get(pk=table.game.pk)


def test_a_table_where_two_of_three_deploy_in_advance_waits_for_the_third_only(
    client: Client,
) -> None:
    """Rule: the deploys given with two seats (an invitation and an open seat) are played as
    their standing answers as soon as the game is dealt; only the third player is asked (a
    turn email to him alone), the game waits for him, and each played deploy is marked as
    played by standing order."""
    table = _table()
    _accept(client, table, "Anne", deploy="2")
    _join(client, table, "Bert", deploy="0")
    _accept(client, table, "Cleo")

    game = _game(table)
    assert game.to_move == ["Cleo"]
    state = load_state(game)
    seen = engine_for(game).view(state, "Cleo")["players"]
    assert (seen["Anne"]["SL"], seen["Anne"]["SR"]) == (2, 3)
    assert (seen["Bert"]["SL"], seen["Bert"]["SR"]) == (0, 5)
    played = Event.objects.filter(game=game, type="move").order_by("seq")
    assert [event.payload["player"] for event in played] == ["Anne", "Bert"]
    assert all(event.payload["order"] == "answer" for event in played)
    anne = game.seats.get(display_name="Anne")
    assert standing_answers(anne) == {"deploy": {"left": 2}}
    asked = OutboundMail.objects.filter(kind="turn").values_list("to", flat=True)
    assert list(asked) == ["cleo@example.org"]


def test_a_deploy_given_with_a_seat_is_shown_to_nobody_before_the_deal(client: Client) -> None:
    """Rule: a deploy waiting for the deal is secret: the host's page, the other invitations'
    and the open seat's pages and every email written show nothing of it."""
    table = _table()
    _accept(client, table, "Anne", deploy="4")
    assert Invitation.objects.get(table=table, display_name="Anne").standing == {
        "deploy": {"left": 4}
    }

    host = client.get(f"/tables/{table_token(table)}/").content.decode()
    assert "deploy" not in host.lower() and "left start" not in host
    for page in (
        client.get(_invite_url(table, "Cleo")).content.decode(),
        client.get(f"/tables/{open_seat_token(table)}/join/").content.decode(),
    ):
        (field,) = re.findall(r'<input[^>]*name="deploy"[^>]*>', page)
        assert "value=" not in field
    for mail in OutboundMail.objects.exclude(to="anne@example.org"):
        written = mail_compose(mail)
        assert "left start" not in f"{written.subject} {written.body}"


def test_a_deploy_that_is_no_number_of_pirates_is_refused_with_the_form_kept(
    client: Client,
) -> None:
    """Rule: a deploy of more than five pirates, fewer than none or not a number is refused
    on the page, which keeps what was typed; the seat is not taken."""
    table = _table()
    for bad in ("6", "-1", "two"):
        page = _accept(client, table, "Anne", deploy=bad)
        assert 'class="errorlist' in page
        assert 'value="Anne"' in page
        assert f'value="{bad}"' in page
    assert Invitation.objects.get(table=table, display_name="Anne").accepted_at is None


def test_only_a_game_that_deploys_asks_and_takes_an_answer_before_the_deal(
    client: Client,
) -> None:
    """Rule: a Seeräuber invitation offers no deploy; the lobby takes before the deal only an
    answer its game asks every player as it begins, and only one that question takes."""
    sea = _table("seerauber")
    assert 'name="deploy"' not in client.get(_invite_url(sea, "Anne")).content.decode()
    river = _table()
    assert 'name="deploy"' in client.get(_invite_url(river, "Anne")).content.decode()
    assert standing_checked("flusspiraten", {"deploy": {"left": 5}}) == {"deploy": {"left": 5}}
    for kind, given in (
        ("flusspiraten", {"deploy": {"left": 9}}),
        ("flusspiraten", {"choose": {"choice": "die"}}),
        ("seerauber", {"deploy": {"left": 2}}),
    ):
        with pytest.raises(LobbyError):
            standing_checked(kind, given)
