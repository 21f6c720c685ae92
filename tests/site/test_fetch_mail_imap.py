# ruff: noqa: F811  (pytest fixtures imported from imap_server)
"""``fetch_mail`` on a real IMAP mailbox: a private Dovecot that replies are appended to."""

from __future__ import annotations

import io
import socket
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from imap_server import PASSWORD, ImapServer, imap  # noqa: F401
from mail_helpers import free_port

from games.models import Event, Game, OutboundMail, Seat
from games.play.links import reply_address
from games.play.selectors import game_legal_moves
from games.store.loading import engine_for


def reply(seat: Seat, text: str) -> bytes:
    """What the seat's player sends when answering their turn email with ``text``."""
    message = EmailMessage()
    message["From"] = f"{seat.display_name} <{seat.email}>"
    message["To"] = reply_address(seat)
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = make_msgid(domain="players.example")
    message.set_content(f"{text}\n\nOn Monday, the game wrote:\n> your turn\n")
    return message.as_bytes()


def legal_move(seat: Seat) -> str:
    engine = engine_for(seat.game)
    return engine.format_move(game_legal_moves(game=seat.game, seat=seat)[0])


def fetch_mail() -> str:
    """What ``manage.py fetch_mail`` prints: a line per message it handled."""
    out = io.StringIO()
    call_command("fetch_mail", stdout=out)
    return out.getvalue()


def moves(game: Game) -> int:
    return Event.objects.filter(game=game, type="move").count()


def test_it_plays_a_reply_from_the_inbox_once_and_marks_it_read(
    imap: ImapServer, anne: Seat
) -> None:
    imap.deliver(reply(anne, legal_move(anne)))
    assert imap.seen() == [False]

    assert fetch_mail() == "1: played\n"
    assert moves(anne.game) == 1
    assert imap.seen() == [True]
    assert OutboundMail.objects.get(kind="move_accepted").to == "anne@example.org"

    assert fetch_mail() == ""
    assert moves(anne.game) == 1


def test_it_marks_a_refused_reply_read_and_tells_the_player_why(
    imap: ImapServer, anne: Seat
) -> None:
    imap.deliver(reply(anne, "dutchman row 9 Z9 draw sea"))

    assert fetch_mail() == "1: refused\n"
    assert moves(anne.game) == 0
    assert imap.seen() == [True]
    refusal = OutboundMail.objects.get(kind="move_refused")
    assert refusal.to == "anne@example.org" and "Could not read" in refusal.context["message"]
    assert legal_move(anne) in [move["notation"] for move in refusal.context["legal"]]


def test_it_reads_the_folder_named_in_the_url_and_leaves_the_inbox_alone(
    imap: ImapServer, anne: Seat, settings: Any
) -> None:
    imap.deliver(reply(anne, "dutchman row 9 Z9 draw sea"))
    imap.deliver(reply(anne, legal_move(anne)), folder="Pirate Replies")
    settings.IMAP_URL = imap.url(folder="Pirate Replies")

    assert fetch_mail() == "1: played\n"
    assert moves(anne.game) == 1
    assert imap.seen("Pirate Replies") == [True]
    assert imap.seen() == [False]


def test_it_says_the_login_failed_without_showing_the_password(
    imap: ImapServer, anne: Seat, settings: Any
) -> None:
    imap.deliver(reply(anne, legal_move(anne)))
    settings.IMAP_URL = imap.url(password="not the password")

    with pytest.raises(
        CommandError, match=r"Cannot log in as pirate on .*Authentication failed"
    ) as e:
        call_command("fetch_mail")
    assert "not the password" not in str(e.value) and PASSWORD not in str(e.value)
    assert moves(anne.game) == 0
    assert imap.seen() == [False]


def test_it_says_the_folder_named_in_the_url_does_not_exist(
    imap: ImapServer, anne: Seat, settings: Any
) -> None:
    imap.deliver(reply(anne, legal_move(anne)))
    settings.IMAP_URL = imap.url(folder="Replies")

    with pytest.raises(CommandError, match=r"Cannot open the folder 'Replies' on .*doesn.t exist"):
        call_command("fetch_mail")
    assert moves(anne.game) == 0
    assert imap.seen() == [False]


def test_it_says_the_server_cannot_be_reached(settings: Any) -> None:
    settings.IMAP_URL = f"imap://pirate:secret@127.0.0.1:{free_port()}/"

    with pytest.raises(CommandError, match=r"Cannot reach the IMAP server 127\.0\.0\.1:\d+"):
        call_command("fetch_mail")


def test_it_gives_up_on_a_server_that_never_answers(settings: Any) -> None:
    # The kernel completes the connection into the listen backlog; no greeting ever comes.
    with socket.create_server(("127.0.0.1", 0)) as silent:
        settings.IMAP_URL = f"imap://pirate:secret@127.0.0.1:{silent.getsockname()[1]}/"
        settings.IMAP_TIMEOUT_SECONDS = 0.5
        with pytest.raises(CommandError, match=r"Cannot reach the IMAP server .*timed out"):
            call_command("fetch_mail")


def test_it_reads_replies_over_tls_from_a_server_it_trusts(
    imap: ImapServer, anne: Seat, settings: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SSL_CERT_FILE", str(imap.cert))  # as a CA the machine trusts
    settings.IMAP_URL = imap.url(tls=True)
    imap.deliver(reply(anne, legal_move(anne)))

    assert fetch_mail() == "1: played\n"
    assert imap.seen() == [True]


def test_it_refuses_a_tls_server_whose_certificate_it_cannot_verify(
    imap: ImapServer, settings: Any
) -> None:
    settings.IMAP_URL = imap.url(tls=True)  # its self-signed certificate is trusted by no one

    with pytest.raises(CommandError, match=r"Cannot reach .*CERTIFICATE_VERIFY_FAILED"):
        call_command("fetch_mail")
