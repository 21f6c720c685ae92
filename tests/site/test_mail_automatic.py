# ruff: noqa: F811  (pytest fixtures imported from imap_server)
"""Automatic mail (RFC 3834) is never answered and never moves, by webhook, Maildir or IMAP.

Every case arrives at a seat's reply address from the seat's own address,
with a legal move on its first line: only its automatic marker may stop it.
"""

from __future__ import annotations

import io
from email.utils import make_msgid
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from imap_server import ImapServer, imap  # noqa: F401
from mail_helpers import CHANNELS, INBOUND_SECRET

from games.models import Event, Game, InboundMail, OutboundMail, Seat
from games.play.links import reply_address
from games.play.selectors import game_legal_moves
from games.store.loading import engine_for

DELIVERY_REPORT = """\
Content-Type: multipart/report; report-type=delivery-status; boundary="report"

--report
Content-Type: text/plain; charset=utf-8

{move}

This is the mail system at host mx.example.org. Your message could not be delivered.
--report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org
Final-Recipient: rfc822; bart@example.org
Action: failed
Status: 5.1.1
--report--
"""

EXCHANGE_OUT_OF_OFFICE = {
    "Thread-Topic": "Freibeuter #1: your turn",
    "Thread-Index": "AQHZ1234567890abcdefABCDEF==",
    "X-MS-Has-Attach": "",
    "X-MS-Exchange-Inbox-Rules-Loop": "anne@example.org",
    "X-Auto-Response-Suppress": "All",
    "X-MS-Exchange-Organization-SCL": "-1",
}
"""What an Exchange out-of-office carries (Exchange 2010 and later), without Auto-Submitted."""

CASES: dict[str, tuple[dict[str, str], str]] = {
    "out_of_office": ({"Auto-Submitted": "auto-replied"}, "Auto-Submitted: auto-replied"),
    "auto_generated": ({"Auto-Submitted": "auto-generated"}, "Auto-Submitted: auto-generated"),
    "vacation_with_owner": (
        {"Auto-Submitted": "auto-replied; owner-email=anne@example.org"},
        "Auto-Submitted: auto-replied; owner-email=anne@example.org",
    ),
    "x_autoreply": ({"X-Autoreply": "yes"}, "X-Autoreply: yes"),
    "x_autorespond": ({"X-Autorespond": "Anne is away"}, "X-Autorespond: Anne is away"),
    "precedence_auto_reply": ({"Precedence": "auto_reply"}, "Precedence: auto_reply"),
    "precedence_bulk": ({"Precedence": "bulk"}, "Precedence: bulk"),
    "precedence_junk": ({"Precedence": "junk"}, "Precedence: junk"),
    "precedence_list": ({"Precedence": "list"}, "Precedence: list"),
    "list_id": ({"List-Id": "Pirates <pirates.lists.example.org>"}, "List-Id: Pirates"),
    "list_unsubscribe": (
        {"List-Unsubscribe": "<mailto:leave@lists.example.org>"},
        "List-Unsubscribe: <mailto:leave@lists.example.org>",
    ),
    "exchange_out_of_office": (
        EXCHANGE_OUT_OF_OFFICE,
        "X-MS-Exchange-Inbox-Rules-Loop: anne@example.org",
    ),
    "null_return_path": ({"Return-Path": "<>"}, "Return-Path: <>"),
    "delivery_report": ({}, "Content-Type: multipart/report"),
}


def legal_move(seat: Seat) -> str:
    return engine_for(seat.game).format_move(game_legal_moves(game=seat.game, seat=seat)[0])


def mail(seat: Seat, headers: dict[str, str], *, report: bool = False) -> bytes:
    """A message from the seat's address to its reply address whose first line is a legal move."""
    lines = [
        f"From: Anne <{seat.email}>",
        f"To: {reply_address(seat)}",
        "Subject: Re: Freibeuter #1: your turn",
        f"Message-ID: {make_msgid(domain='players.example')}",
        "MIME-Version: 1.0",
        *(f"{name}: {value}" for name, value in headers.items()),
    ]
    move = legal_move(seat)
    if report:
        body = DELIVERY_REPORT.format(move=move)
    else:
        body = f"Content-Type: text/plain; charset=utf-8\n\n{move}\n\nI am away until Monday.\n"
    return ("\r\n".join(lines) + "\r\n" + body.replace("\n", "\r\n")).encode()


@pytest.fixture(autouse=True)
def _webhook_secret(settings: Any) -> None:
    settings.INBOUND_MAIL_SECRET = INBOUND_SECRET


def outbox(game: Game) -> list[tuple[str, int | None]]:
    return list(OutboundMail.objects.filter(game=game).values_list("kind", "seat_id"))


@pytest.mark.parametrize("channel", CHANNELS)
@pytest.mark.parametrize("case", CASES)
def test_it_logs_automatic_mail_and_neither_plays_nor_answers_it(
    anne: Seat, client: Client, tmp_path: Path, case: str, channel: str
) -> None:
    headers, reason = CASES[case]
    before = outbox(anne.game)
    raw = mail(anne, headers, report=case == "delivery_report")

    assert CHANNELS[channel](raw, client, tmp_path) == "automatic"

    assert not Event.objects.filter(game=anne.game, type="move").exists()
    assert outbox(anne.game) == before
    logged = InboundMail.objects.get()
    assert (logged.outcome, logged.seat, logged.sender) == ("automatic", anne, anne.email)
    assert logged.detail.startswith(reason)


@pytest.mark.parametrize("channel", CHANNELS)
def test_it_plays_a_person_s_reply_that_says_it_is_not_automatic(
    anne: Seat, client: Client, tmp_path: Path, channel: str
) -> None:
    outlook = {
        "Auto-Submitted": "no",
        "Thread-Topic": "your turn",
        "X-Auto-Response-Suppress": "All",
    }
    move = legal_move(anne)

    assert CHANNELS[channel](mail(anne, outlook), client, tmp_path) == "played"

    played = Event.objects.get(game=anne.game, type="move")
    assert engine_for(anne.game).format_move(played.payload["move"]) == move
    assert OutboundMail.objects.filter(game=anne.game, kind="move_accepted").count() == 1


def test_it_leaves_an_out_of_office_in_the_imap_inbox_unplayed(
    imap: ImapServer, anne: Seat
) -> None:
    before = outbox(anne.game)
    imap.deliver(mail(anne, {"Auto-Submitted": "auto-replied", "Precedence": "auto_reply"}))
    out = io.StringIO()

    call_command("fetch_mail", stdout=out)

    assert out.getvalue() == "1: automatic\n"
    assert imap.seen() == [True]
    assert not Event.objects.filter(game=anne.game, type="move").exists()
    assert outbox(anne.game) == before
    assert InboundMail.objects.get().detail == "Auto-Submitted: auto-replied"
