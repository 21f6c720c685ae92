"""Player names are normalised and checked wherever they enter: API, lobby, invitations, imports.

A name of zero-width characters is refused, and ``Anne`` and ``An\\u200bne``
(or ``anne``) cannot sit at one table — each entry point says so clearly, the
pages in the reader's language.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from random import Random
from typing import Any

import pytest
from api_helpers import post_json
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client

from engine.record import RecordError, new_record
from games.models import Event, Game, Invitation, Table
from games.names import BadName, NameTaken, name_clean, name_normal, names_clean
from games.play.lobby import (
    SeatSpec,
    invitation_accept,
    invitation_token,
    open_seat_token,
    table_create,
)
from games.play.open_seats import open_seat_take
from games.play.services import PlayerSpec, game_create, game_import
from games.web.lobby_forms import MAX_SEATS

INVISIBLE = [
    "\u200b",
    " \u200b\u200c\u200d ",
    "\u2060\u00ad",
    "\u3164",
    "\u2800",
    "\x00\x07",
    "\t\n",
]
"""Names that show nothing: zero-width and format characters, fillers, controls, spaces."""
FORTY = "Käpt'n Blaubär von der Großen Freiheit 7."[:40]


@pytest.mark.parametrize(
    ("written", "normal"),
    [
        ("  Anne \t  Kramer\n", "Anne Kramer"),
        ("An\u200bne", "Anne"),
        ("\u202eAnne\u202c", "Anne"),
        ("Ame\u0301lie", "Amélie"),
        ("Anne\u00a0Kramer", "Anne Kramer"),
        ("Bo\x00b", "Bob"),
    ],
)
def test_it_normalises_a_name(written: str, normal: str) -> None:
    assert name_clean(written) == normal


@pytest.mark.parametrize("name", INVISIBLE)
def test_it_refuses_a_name_with_nothing_visible(name: str) -> None:
    with pytest.raises(BadName, match="at least one visible character"):
        name_clean(name)


def test_it_limits_the_length_after_normalisation() -> None:
    assert len(FORTY) == 40
    assert name_clean("\u200b".join(FORTY[:20]) + FORTY[20:]) == FORTY
    with pytest.raises(BadName, match="at most 40 characters"):
        name_clean(FORTY + "x")


@pytest.mark.parametrize("twin", ["anne", "An\u200bne", "ANNE ", "Ａｎｎｅ", "A\u00adnne"])
def test_it_takes_two_names_that_differ_only_invisibly_for_one(twin: str) -> None:
    with pytest.raises(NameTaken):
        names_clean(["Anne", twin])


def _players(*names: str) -> list[PlayerSpec]:
    return [PlayerSpec(name=name) for name in names]


def test_game_create_stores_names_in_normal_form(db: None) -> None:
    game = game_create(kind="freibeuter", players=_players("  Anne\u200b ", "Bart"), seed=1)
    assert list(game.seats.values_list("display_name", flat=True)) == ["Anne", "Bart"]
    created = Event.objects.get(game=game, type="game_created")
    assert created.payload["players"] == ["Anne", "Bart"]


@pytest.mark.parametrize(
    ("names", "error"),
    [(("\u200b", "Bart"), BadName), (("Anne", "An\u200bne"), NameTaken)],
)
def test_game_create_refuses_bad_names_and_writes_nothing(
    db: None, names: tuple[str, str], error: type[Exception]
) -> None:
    with pytest.raises(error):
        game_create(kind="freibeuter", players=_players(*names), seed=1)
    assert not Game.objects.exists()


def _api_create(client: Client, *names: str) -> Any:
    client.force_login(User.objects.get_or_create(username="organiser")[0])
    body = {"kind": "freibeuter", "players": [{"name": name} for name in names]}
    return post_json(client, "/api/games/", body)


def test_the_api_creates_a_game_with_normalised_names(db: None, client: Client) -> None:
    response = _api_create(client, " Anne\u200b  Kramer ", "\u200b".join(FORTY[:20]) + FORTY[20:])
    assert response.status_code == 201
    assert [seat["name"] for seat in response.json()["seats"]] == ["Anne Kramer", FORTY]


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (("\u200b", "Bart"), "players: 0: name: A name needs at least one visible character"),
        (("Anne", "An\u200bne"), "players: Anne and Anne count as one name"),
        (("Anne", "anne"), "players: Anne and anne count as one name"),
        (("Anne", FORTY + "x"), "players: 1: name: A name has at most 40 characters."),
    ],
)
def test_the_api_refuses_bad_names_with_a_clear_error(
    db: None, client: Client, names: tuple[str, str], message: str
) -> None:
    response = _api_create(client, *names)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_request" and message in error["message"]
    assert not Game.objects.exists()


def _record(*names: str) -> dict[str, Any]:
    return new_record("freibeuter", names, Random(5))


@pytest.mark.parametrize(
    ("names", "code", "message"),
    [
        (("An\u200bne", "Bart"), "bad_name", "'An\\u200bne' is not in normal form"),
        (("Anne", "anne"), "name_taken", "count as one name"),
        (("\u3164", "Bart"), "bad_name", "at least one visible character"),
    ],
)
def test_an_import_refuses_names_that_are_not_clean(
    db: None, names: tuple[str, str], code: str, message: str
) -> None:
    record = _record(*names)
    with pytest.raises(RecordError, match=re.escape(message)) as refused:
        game_import(record=record)
    assert refused.value.code == code
    assert not Game.objects.exists()


def test_import_record_says_which_name_is_wrong(db: None, tmp_path: Path) -> None:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_record("Anne", "ANNE")))
    with pytest.raises(CommandError, match="name_taken at move None: Anne and ANNE count as one"):
        call_command("import_record", str(path))


def _page(response: Any) -> str:
    return html.unescape(response.content.decode())


def _new_table_form(*names: str) -> dict[str, str]:
    form = {"game": "freibeuter", "clock": "per_move", "hours": "72", "bank_days": "10"}
    form |= {"timeout_policy": "bot", "replace_after": "3"}
    form |= {f"seat{index}_language": "en" for index in range(MAX_SEATS)}
    for index, name in enumerate(names):
        form |= {f"seat{index}_kind": "email", f"seat{index}_name": name}
        form |= {f"seat{index}_email": f"p{index}@example.org"}
    return form


def test_a_new_table_with_twin_names_is_refused_in_german(db: None, client: Client) -> None:
    response = client.post(
        "/games/new/", _new_table_form("Anne", "An\u200bne"), HTTP_ACCEPT_LANGUAGE="de"
    )
    assert response.status_code == 200
    assert "An diesem Tisch heißt schon jemand so; wähle einen anderen Namen." in _page(response)
    assert not Table.objects.exists()


def test_a_new_table_with_an_invisible_name_is_refused_in_french(db: None, client: Client) -> None:
    response = client.post(
        "/games/new/", _new_table_form("Anne", "\u200b\u200b"), HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert "Un nom compte de 1 à 40 caractères, dont au moins un visible" in _page(response)
    assert not Table.objects.exists()


def test_a_new_table_stores_its_invited_names_in_normal_form(db: None, client: Client) -> None:
    response = client.post("/games/new/", _new_table_form(" Anne\u200b ", "Bart\u00a0 K."))
    assert response.status_code == 302
    names = Invitation.objects.order_by("position").values_list("display_name", flat=True)
    assert list(names) == ["Anne", "Bart K."]


@pytest.fixture
def invited(db: None) -> Invitation:
    """A table of three invited seats where Anne has accepted; Bart's invitation is open."""
    seats = [SeatSpec(kind="email", name=n, email=f"{n.lower()}@example.org") for n in "ABC"]
    table = table_create(kind="seerauber", seats=seats, options={})
    anne, bart, _ = table.invitations.order_by("position")
    invitation_accept(invitation=anne, name="Anne", language="en", time_zone="UTC")
    return bart


def _accept(client: Client, invitation: Invitation, name: str, language: str) -> str:
    form = {"name": name, "language": language, "time_zone": "UTC"}
    token = invitation_token(invitation)
    return _page(client.post(f"/invite/{token}/", form, HTTP_ACCEPT_LANGUAGE=language))


@pytest.mark.parametrize("twin", ["An\u200bne", "ANNE"])
def test_accepting_an_invitation_under_a_twin_name_is_refused_in_german(
    invited: Invitation, client: Client, twin: str
) -> None:
    page = _accept(client, invited, twin, "de")
    assert "An diesem Tisch heißt schon jemand so; wähle einen anderen Namen." in page
    invited.refresh_from_db()
    assert invited.accepted_at is None


def test_accepting_an_invitation_under_an_invisible_name_is_refused(
    invited: Invitation, client: Client
) -> None:
    page = _accept(client, invited, "\u200b\u2060", "en")
    invited.refresh_from_db()
    assert invited.accepted_at is None
    assert "A name needs at least one visible character: a letter, a digit or a sign." in page


def test_accepting_an_invitation_keeps_the_name_in_normal_form(
    invited: Invitation, client: Client
) -> None:
    _accept(client, invited, "  Bart\u200b  Simon ", "en")
    invited.refresh_from_db()
    assert invited.display_name == "Bart Simon" and invited.accepted_at is not None


def test_taking_an_open_seat_under_a_twin_name_is_refused_in_french(
    db: None, client: Client
) -> None:
    table = table_create(
        kind="freibeuter", seats=[SeatSpec(kind="open"), SeatSpec(kind="open")], options={}
    )
    open_seat_take(table=table, name="Anne", email="", language="en", time_zone="UTC")
    form = {"name": "An\u200bne", "email": "", "language": "fr", "time_zone": "UTC"}
    page = _page(
        client.post(f"/tables/{open_seat_token(table)}/join/", form, HTTP_ACCEPT_LANGUAGE="fr")
    )
    assert "Quelqu'un porte déjà ce nom à cette table ; choisissez-en un autre." in page
    assert table.invitations.filter(accepted_at__isnull=True).count() == 1


def test_taking_an_open_seat_under_a_hangul_filler_is_refused_in_german(
    db: None, client: Client
) -> None:
    table = table_create(
        kind="freibeuter", seats=[SeatSpec(kind="open"), SeatSpec(kind="open")], options={}
    )
    form = {"name": "\u3164", "email": "", "language": "de", "time_zone": "UTC"}
    page = _page(
        client.post(f"/tables/{open_seat_token(table)}/join/", form, HTTP_ACCEPT_LANGUAGE="de")
    )
    assert "Ein Name hat 1 bis 40 Zeichen, darunter mindestens ein sichtbares" in page
    assert table.invitations.filter(accepted_at__isnull=True).count() == 2


def test_an_invited_name_cannot_copy_a_bot_s(db: None) -> None:
    seats = [
        SeatSpec(kind="bot"),
        SeatSpec(kind="email", name="bot\u200b 1", email="x@example.org"),
    ]
    with pytest.raises(NameTaken):
        table_create(kind="freibeuter", seats=seats, options={})
    assert name_normal("bot\u200b 1") == "bot 1"
