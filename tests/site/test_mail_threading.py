"""A seat's emails of one game form one thread: every turn email, reminder and answer refers
to the seat's thread root, answers to a reply also to the reply, and subjects stay put."""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from django.conf import settings

from games.mail.compose import mail_compose
from games.mail.inbound import mail_receive
from games.mail.notices import reminder_mail_queue
from games.models import Game, OutboundMail, Seat
from games.play.links import reply_address
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from tests.clock import T0


def _parsed(row: OutboundMail) -> EmailMessage:
    raw = mail_compose(row).message().as_bytes(linesep="\r\n")
    return email.message_from_bytes(raw, policy=email.policy.default)  # type: ignore[return-value]


def _reply(seat: Seat, to: EmailMessage, text: str) -> bytes:
    """A player's reply to ``to``, as a mail client writes it."""
    reply = EmailMessage()
    reply["From"] = f"{seat.display_name} <{seat.email}>"
    reply["To"] = reply_address(seat)
    reply["Subject"] = f"Re: {to['Subject']}"
    reply["Message-ID"] = make_msgid(domain="players.example")
    reply["In-Reply-To"] = to["Message-ID"]
    reply["References"] = to["Message-ID"]
    reply.set_content(f"{text}\n\n> {to['Subject']}\n")
    return reply.as_bytes()


@pytest.fixture
def game(db: None) -> Game:
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")]
    return game_create(kind="freibeuter", players=players, seed=9, now=T0)


def _bart_plays_a_game(game: Game) -> tuple[list[EmailMessage], bytes]:
    """Anne moves; Bart gets his turn and a reminder, and moves by reply. Bart's mails."""
    anne, bart = game.seats.get(display_name="Anne"), game.seats.get(display_name="Bart")
    engine = engine_for(game)
    move = engine.bot_move(load_state(game), "Anne")
    move_submit(game=game, seat=anne, move=move, expected_seq=game.last_seq, now=T0)
    game.refresh_from_db()
    reminder_mail_queue(game=game, seat=bart, engine=engine, state=load_state(game), now=T0)
    turn = _parsed(OutboundMail.objects.get(seat=bart, kind="turn"))
    answer = engine.format_move(engine.bot_move(load_state(game), "Bart"))
    reply = _reply(bart, turn, answer)
    assert mail_receive(raw=reply, now=T0) == "played"
    mails = [_parsed(row) for row in OutboundMail.objects.filter(seat=bart).order_by("id")]
    return mails, reply


def test_every_email_of_a_seat_refers_to_its_thread_root(game: Game) -> None:
    mails, reply = _bart_plays_a_game(game)
    bart = game.seats.get(display_name="Bart")
    root = f"<game-{game.pk}.seat-{bart.pk}@{settings.MAIL_DOMAIN}>"
    reply_id = str(email.message_from_bytes(reply)["Message-ID"])
    turn, reminder, answer = mails
    assert (turn["In-Reply-To"], turn["References"]) == (root, root)
    assert (reminder["In-Reply-To"], reminder["References"]) == (root, root)
    assert (answer["In-Reply-To"], answer["References"]) == (reply_id, f"{root} {reply_id}")
    assert len({m["Message-ID"] for m in mails} | {root}) == 4


def test_each_seat_of_a_game_has_a_thread_of_its_own(game: Game) -> None:
    _bart_plays_a_game(game)
    roots = {
        row.seat_id: _parsed(row)["References"].split()[0]
        for row in OutboundMail.objects.filter(game=game, kind="turn")
    }
    assert len(roots) == 2 and len(set(roots.values())) == 2


def test_the_reminder_keeps_the_turn_emails_subject_and_says_reminder_in_the_body(
    game: Game,
) -> None:
    turn, reminder, answer = _bart_plays_a_game(game)[0]
    assert turn["Subject"] == reminder["Subject"] == f"Freibeuter #{game.pk}: your turn, Bart"
    text = reminder.get_body(preferencelist=("plain",)).get_content()
    assert text.startswith(f"Reminder: your move in Freibeuter #{game.pk} is due ")
    html = reminder.get_body(preferencelist=("html",)).get_content()
    assert "Reminder: your move in" in html


def test_the_answer_to_a_reply_says_it_is_an_automatic_reply(game: Game) -> None:
    turn, reminder, answer = _bart_plays_a_game(game)[0]
    assert answer["Auto-Submitted"] == "auto-replied"  # RFC 3834 §5
    assert turn["Auto-Submitted"] == reminder["Auto-Submitted"] == "auto-generated"
