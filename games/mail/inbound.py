"""Moves by reply: a received email whose first own line is a move is played for its seat.

Automatic mail (RFC 3834: out-of-office and other auto-replies, delivery
and read reports, list and bulk mail) is recognised before anything else is
done with it: it is logged as ``automatic`` with the header that gave it
away, never answered and never played, even when its first line is a legal
move — answering it would start a mail loop.

The reply address (``play+<seat>.<version>.<mac>@MAIL_DOMAIN``) names the
seat; the sender must be that seat's address. The first line the player
wrote (``games.mail.reply_text``: above, below or between the quoted email) is
parsed with the engine's text notation and submitted through
``move_submit`` with the Message-ID as move id, so the same message
delivered twice is played once. A first line ``accept`` or ``decline`` (or
``annehmen``/``ablehnen``, ``accepter``/``refuser``) answers the open
takeback request instead. The sender gets a confirmation or the reason, in
the seat's language, with the legal moves.
Mail from strangers, with a bad or revoked address, or that cannot be read
changes nothing, gets no answer (no backscatter) and is logged as an
``InboundMail`` row.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import logging
from datetime import datetime
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr

from django.db import IntegrityError, transaction
from django.utils import timezone, translation

from engine.base import IllegalMove, Move
from games.errors import GameError
from games.mail.notices import notice_mails_queue, reply_mail_queue
from games.mail.reply_text import first_line, reply_body
from games.models import InboundMail, Seat
from games.play.links import REPLY_PREFIX, seat_from_reply_address
from games.play.refusals import refusal_text
from games.play.services import move_submit
from games.play.takebacks import takeback_answer
from games.store import events
from games.store.loading import engine_for, load_state

log = logging.getLogger(__name__)

MAX_MESSAGE = 1024 * 1024
ADDRESS_HEADERS = ("Delivered-To", "X-Original-To", "To", "Cc", "Envelope-To")
TAKEBACK_ANSWERS = {
    "accept": True,
    "decline": False,
    "annehmen": True,
    "ablehnen": False,
    "accepter": True,
    "refuser": False,
}
"""First lines that answer a takeback request (no move's notation starts with these words)."""
AUTOMATIC_PRECEDENCE = frozenset({"bulk", "junk", "list", "auto_reply"})
AUTOMATIC_HEADERS = (
    "X-Autoreply",
    "X-Autorespond",
    "List-Id",
    "List-Unsubscribe",
    "X-MS-Exchange-Inbox-Rules-Loop",
)
"""Headers whose mere presence marks automatic mail. Exchange's out-of-office replies carry
``X-MS-Exchange-Inbox-Rules-Loop`` (set when a mailbox rule answers); ``X-Auto-Response-Suppress``
and ``Thread-Topic`` are on people's Outlook mail too, so they mark nothing."""


def automatic_reason(message: EmailMessage) -> str:
    """The header that marks ``message`` as automatic (RFC 3834, lists, reports); "" if none."""
    submitted = str(message.get("Auto-Submitted", "no") or "")
    if submitted.split(";")[0].strip().lower() != "no":
        return f"Auto-Submitted: {submitted}"
    precedence = str(message.get("Precedence", "") or "")
    if precedence.strip().lower() in AUTOMATIC_PRECEDENCE:
        return f"Precedence: {precedence}"
    for header in AUTOMATIC_HEADERS:
        if header in message:
            return f"{header}: {message[header]}"
    if message.get_content_type() == "multipart/report":
        return "Content-Type: multipart/report"
    if any(str(path).strip() == "<>" for path in message.get_all("Return-Path", [])):
        return "Return-Path: <>"
    return ""


def _reply_seat(message: EmailMessage) -> Seat | None:
    for header in ADDRESS_HEADERS:
        for _, address in getaddresses([str(value) for value in message.get_all(header, [])]):
            if address.lower().startswith(REPLY_PREFIX):
                seat = seat_from_reply_address(address)
                if seat is not None:
                    return seat
    return None


def _log(
    key: str, message_id: str, sender: str, seat: Seat | None, outcome: str, detail: str
) -> str:
    try:
        with transaction.atomic():
            InboundMail.objects.create(
                message_key=key,
                message_id=message_id[:998],
                sender=sender[:320],
                seat=seat,
                outcome=outcome,
                detail=detail[:2000],
            )
    except IntegrityError:
        return "duplicate"
    log.info("inbound mail %s from %s: %s %s", message_id, sender, outcome, detail)
    return outcome


def mail_receive(*, raw: bytes, now: datetime | None = None) -> str:
    """Handle one received RFC 822 message; return what came of it (``played``, ``refused``, …)."""
    now = now or timezone.now()
    key_source = raw[:MAX_MESSAGE]
    try:
        message = email.message_from_bytes(key_source, policy=email.policy.default)
        message_id = str(message.get("Message-ID", "") or "").strip()
        sender = parseaddr(str(message.get("From", "") or ""))[1].lower()
    except Exception as error:  # a message the parser cannot even read
        key = hashlib.sha256(key_source).hexdigest()
        return _log(key, "", "", None, "malformed", f"{type(error).__name__}: {error}")
    key = hashlib.sha256((message_id or key_source.decode("latin-1")).encode()).hexdigest()
    if InboundMail.objects.filter(message_key=key).exists():
        log.info("inbound mail %s seen before: ignored", message_id)
        return "duplicate"
    try:
        automatic = automatic_reason(message)
        seat = _reply_seat(message)
        text = first_line(reply_body(message)) if seat is not None and not automatic else None
    except Exception as error:  # broken MIME, unknown charset, …
        return _log(key, message_id, sender, None, "malformed", f"{type(error).__name__}: {error}")
    if automatic:
        return _log(key, message_id, sender, seat, "automatic", automatic)
    if seat is None:
        return _log(key, message_id, sender, None, "bad_address", "no valid reply address")
    if not sender or sender != seat.email.lower():
        return _log(key, message_id, sender, seat, "stranger", f"not from {seat.email}")
    with transaction.atomic():
        outcome = _log(key, message_id, sender, seat, "received", text or "")
        if outcome == "duplicate":
            return outcome
        answer = (text or "").lower()
        if answer in TAKEBACK_ANSWERS:
            return _answer(seat, TAKEBACK_ANSWERS[answer], text or "", message_id, key, now)
        return _play(seat, text or "", f"mail:{key[:40]}", message_id, key, now)


def _refusal(seat: Seat, error: IllegalMove | GameError) -> str:
    """Why the reply was refused, in the seat's language: its reply email is rendered in it."""
    with translation.override(seat.language):
        return refusal_text(error)


def _answer(seat: Seat, accept: bool, text: str, message_id: str, key: str, now: datetime) -> str:
    """Accept or decline the open takeback by reply; a refusal is answered like a bad move."""
    game = seat.game
    try:
        event = takeback_answer(game=game, seat=seat, accept=accept, now=now)
    except GameError as error:
        reply_mail_queue(
            game=game, seat=seat, accepted=False, text=text, message=_refusal(seat, error),
            in_reply_to=message_id, now=now,
        )  # fmt: skip
        InboundMail.objects.filter(message_key=key).update(outcome="refused", detail=error.message)
        return "refused"
    game.refresh_from_db()
    notice_mails_queue(
        game=game, event_type=event.type, payload=event.payload, now=now, seats=[seat]
    )
    outcome = "accepted" if event.type == events.TAKEBACK_ACCEPTED else "declined"
    InboundMail.objects.filter(message_key=key).update(outcome=outcome, detail=text)
    return outcome


def _play(seat: Seat, text: str, move_id: str, message_id: str, key: str, now: datetime) -> str:
    game = seat.game
    engine = engine_for(game)
    try:
        move = engine.parse_move(text)
        result = move_submit(
            game=game, seat=seat, move=move, expected_seq=None, move_id=move_id, now=now
        )
    except (IllegalMove, GameError) as error:
        game.refresh_from_db()
        legal: list[Move] = []
        if seat.display_name in game.to_move:
            legal = engine.legal_moves(load_state(game), seat.display_name)
        reply_mail_queue(
            game=game, seat=seat, accepted=False, text=text, message=_refusal(seat, error),
            legal=legal, in_reply_to=message_id, now=now,
        )  # fmt: skip
        InboundMail.objects.filter(message_key=key).update(outcome="refused", detail=error.message)
        return "refused"
    notation = engine.format_move(result.move)
    reply_mail_queue(
        game=game, seat=seat, accepted=True, text=notation, move=result.move,
        in_reply_to=message_id, now=now,
    )  # fmt: skip
    InboundMail.objects.filter(message_key=key).update(outcome="played", detail=notation)
    return "played"
