# ruff: noqa: F811  (pytest fixtures imported from mail_helpers)
"""A game played by email, end to end: real Redis, a real Celery worker, a real SMTP server.

Anne moves through the link in her turn email, Bart by a reply fed to the
inbound webhook, Cleo by a reply read from a Maildir by ``fetch_mail``.
"""

from __future__ import annotations

import mailbox
import re
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import translation
from mail_helpers import SmtpSink, poll, queue, smtp, text_of, worker  # noqa: F401

from engine.base import get_game
from games.kinds import kind_of
from games.models import Event, OutboundMail
from games.play.services import PlayerSpec, game_create

pytestmark = pytest.mark.django_db(transaction=True)

LINK = re.compile(r"https?://\S+/play/([^/\s]+)/(?=\s)")
SECRET = "inbound-test-secret"
EXAMPLE = re.compile(r"^  ((?:board|place|dutchman) .+)$", re.MULTILINE)


def reply_to(message: EmailMessage, text: str) -> bytes:
    """What a player's mail program sends when they answer ``message`` with ``text``."""
    reply = EmailMessage()
    reply["From"] = message["To"]
    reply["To"] = message["Reply-To"]
    reply["Subject"] = f"Re: {message['Subject']}"
    reply["Message-ID"] = make_msgid(domain="players.example")
    reply["In-Reply-To"] = message["Message-ID"]
    quoted = "\n".join(f"> {line}" for line in text_of(message).splitlines())
    reply.set_content(f"{text}\n\nOn Monday, the game wrote:\n{quoted}\n")
    return reply.as_bytes()


def examples(message: EmailMessage) -> list[str]:
    """The example moves the turn email offers (each a legal move)."""
    return EXAMPLE.findall(text_of(message))


def test_it_plays_a_game_by_link_webhook_reply_and_fetched_reply(
    worker: Any, smtp: SmtpSink, client: Client, settings: Any, tmp_path: Path
) -> None:
    settings.INBOUND_MAIL_SECRET = SECRET
    game = game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name="Anne", email="anne@example.org", time_zone="Europe/London"),
            PlayerSpec(
                name="Bart", email="bart@example.org", language="de", time_zone="Europe/Berlin"
            ),
            PlayerSpec(
                name="Cleo", email="cleo@example.org", language="fr", time_zone="America/Montreal"
            ),
        ],
        seed=11,
    )

    # Anne's turn email arrives; she follows its link and moves on the page.
    (anne_mail,) = smtp.wait_for(1, "anne@example.org")
    assert f"#{game.pk}" in anne_mail["Subject"] and "your turn" in anne_mail["Subject"]
    assert anne_mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    token = LINK.search(text_of(anne_mail)).group(1)
    page = client.get(f"/play/{token}/")
    assert page.status_code == 200
    move = examples(anne_mail)[0]
    assert client.post(f"/play/{token}/", {"move": move, "expected_seq": 1}).status_code == 302

    # Bart's (German) email arrives; he answers it, and the webhook plays his reply.
    (bart_mail,) = smtp.wait_for(1, "bart@example.org")
    assert "Du bist am Zug" in bart_mail["Subject"]
    with translation.override("de"):
        words = kind_of("freibeuter").move_action(get_game("freibeuter").parse_move(move))
    assert f"Anne: {words} ({move.strip()})" in " ".join(text_of(bart_mail).split())
    answer = client.post(
        "/mail/inbound/",
        reply_to(bart_mail, examples(bart_mail)[0]),
        content_type="message/rfc822",
        HTTP_AUTHORIZATION=f"Bearer {SECRET}",
    )
    assert answer.json() == {"outcome": "played"}
    confirmations = smtp.wait_for(2, "bart@example.org")
    assert any("Dein Zug" in str(m["Subject"]) for m in confirmations)

    # Cleo's (French) email arrives; her reply lands in a Maildir that fetch_mail reads.
    (cleo_mail,) = smtp.wait_for(1, "cleo@example.org")
    assert "à vous de jouer" in cleo_mail["Subject"]
    box = mailbox.Maildir(tmp_path / "Maildir", create=True)
    box.add(reply_to(cleo_mail, examples(cleo_mail)[-1]))
    call_command("fetch_mail", maildir=str(tmp_path / "Maildir"))
    assert not list(box.iterkeys()) or all(
        box.get_message(k).get_subdir() == "cur" for k in box.iterkeys()
    )

    # Anne hears of both replies in her next turn email.
    anne_mails = smtp.wait_for(2, "anne@example.org")
    assert "Bart:" in text_of(anne_mails[-1]) and "Cleo:" in text_of(anne_mails[-1])
    game.refresh_from_db()
    assert game.last_seq == 4 and game.to_move == ["Anne"]
    assert Event.objects.filter(game=game, type="move").count() == 3
    poll(lambda: not OutboundMail.objects.exclude(status="sent").exists())
    ids = [m["Message-ID"] for m in smtp.messages()]
    assert len(ids) == len(set(ids)) == OutboundMail.objects.count() == 6


def test_it_sends_the_turn_email_with_a_picture_and_reply_address(
    worker: Any, smtp: SmtpSink
) -> None:
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Ann", "Bo")],
        seed=2,
    )
    (message,) = smtp.wait_for(1, "ann@example.org")
    assert message.get_content_type() == "multipart/alternative"  # the picture goes with the HTML
    assert message.get_payload()[1].get_content_type() == "multipart/related"
    picture = next(p for p in message.walk() if p.get_content_type() == "image/png")
    assert picture["Content-ID"] == "<board>"
    assert picture.get_payload(decode=True).startswith(b"\x89PNG")
    html = message.get_body(preferencelist=("html",)).get_content()
    assert 'src="cid:board"' in html
    assert str(message["Reply-To"]).startswith("play+")
    poll(lambda: OutboundMail.objects.get(game=game).status == "sent")  # marked after SMTP's OK
    assert message["Message-ID"] == OutboundMail.objects.get(game=game).message_id
