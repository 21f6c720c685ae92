# ruff: noqa: F811  (pytest fixtures imported from mail_helpers and imap_server)
"""Standing orders by email, delivered: a real SMTP server, a real Celery worker on Redis and
a real IMAP mailbox carry the email telling a player his order was played and his ``cancel``
reply with its answer."""

from __future__ import annotations

import io
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

import pytest
from django.core.management import call_command
from imap_server import ImapServer, imap  # noqa: F401
from mail_helpers import SmtpSink, poll, queue, smtp, text_of, worker  # noqa: F401

from games.models import Game, OutboundMail, Seat
from games.play.links import reply_address
from games.play.queued import queue_add, queued_moves
from games.play.services import PlayerSpec, game_create, move_submit
from games.play.standing import standing_answers, standing_set
from games.store.loading import engine_for, load_state
from tests.site.test_mail_standing_orders import sea_card_move

pytestmark = pytest.mark.django_db(transaction=True)


def _seerauber() -> Game:
    """Seeräuber: Anne to move, Bart (German) next."""
    return game_create(
        kind="seerauber",
        players=[
            PlayerSpec(name="Anne", email="anne@example.org"),
            PlayerSpec(name="Bart", email="bart@example.org", language="de"),
            PlayerSpec(name="Cleo", email="cleo@example.org"),
        ],
        seed=4,
    )


def _subjects(smtp: SmtpSink, address: str) -> list[str]:
    return [str(message["Subject"]) for message in smtp.to(address)]


def test_a_played_queued_move_reaches_its_player_once_in_his_language(
    worker: Any, smtp: SmtpSink
) -> None:
    """Rule: the email telling a player his queued move was played is sent once, in his
    language, and no turn email asks him for the turn it played."""
    game = game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name="Anne", email="anne@example.org"),
            PlayerSpec(name="Bart", email="bart@example.org", language="de"),
        ],
        seed=9,
    )
    bart = game.seats.get(display_name="Bart")
    engine = engine_for(game)
    state = load_state(game)
    queued = sea_card_move(engine.view(state, "Bart"))
    queue_add(game=game, seat=bart, move=queued)
    anne_move = engine.legal_moves(state, "Anne")[0]

    move_submit(game=game, seat=game.seats.get(display_name="Anne"), move=anne_move,
                expected_seq=game.last_seq)  # fmt: skip

    (told,) = smtp.wait_for(1, "bart@example.org")
    assert "Dein vorgemerkter Zug wurde gespielt" in str(told["Subject"])
    assert "Hallo Bart, dein vorgemerkter Zug" in text_of(told)
    poll(lambda: not OutboundMail.objects.exclude(status="sent").exists())
    assert _subjects(smtp, "bart@example.org") == [str(told["Subject"])]
    assert queued_moves(bart) == []


def _reply(seat: Seat, line: str) -> bytes:
    message = EmailMessage()
    message["From"] = f"{seat.display_name} <{seat.email}>"
    message["To"] = reply_address(seat)
    message["Subject"] = "Re: Du bist am Zug"
    message["Message-ID"] = make_msgid(domain="players.example")
    message.set_content(f"{line}\n\nAm Montag schrieb das Spiel:\n> Du bist am Zug\n")
    return message.as_bytes()


def _fetch_mail() -> str:
    out = io.StringIO()
    call_command("fetch_mail", stdout=out)
    return out.getvalue()


def test_a_cancel_reply_read_from_the_inbox_cancels_once_and_is_answered(
    worker: Any, smtp: SmtpSink, imap: ImapServer
) -> None:
    """Rule: a "stornieren" reply read from the mailbox cancels the player's standing orders
    once (read again, nothing happens), and its answer in his language lists what was
    cancelled."""
    game = _seerauber()
    bart = game.seats.get(display_name="Bart")
    standing_set(game=game, seat=bart, question="mutiny", rule={"mutiny": "never"})
    queue_add(game=game, seat=bart, move={"type": "pass"})
    imap.deliver(_reply(bart, "stornieren"))

    assert _fetch_mail() == "1: cancelled\n"
    assert _fetch_mail() == ""

    assert standing_answers(bart) == {} and queued_moves(bart) == []
    (answer,) = smtp.wait_for(1, "bart@example.org")
    assert "Stornierung deiner Vorab-Anweisungen" in str(answer["Subject"])
    body = text_of(answer)
    assert "Deine Vorab-Anweisungen in" in body and "sind storniert:" in body
    assert "Meuterei gegen den Stapel eines anderen Kapitäns: nie meutern" in body
    assert "Vorgemerkter Zug 1: " in body
    assert imap.seen() == [True]
