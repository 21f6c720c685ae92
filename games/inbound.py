"""Moves by reply: a received email whose first own line is a move is played for its seat.

The reply address (``play+<seat>.<version>.<mac>@MAIL_DOMAIN``) names the
seat; the sender must be that seat's address. The first line that is neither
empty nor quoted (``> …``, ``On … wrote:``, a signature after ``-- ``; an
HTML-only mail is turned into text first) is parsed with the engine's text
notation and submitted through ``move_submit`` with the Message-ID as move id,
so the same message delivered twice is played once. A first line ``accept``
or ``decline`` (or ``annehmen``/``ablehnen``, ``accepter``/``refuser``)
answers the open takeback request instead. The sender gets a
confirmation or the reason, in the seat's language, with the legal moves.
Mail from strangers, with a bad or revoked address, or that cannot be read
changes nothing, gets no answer (no backscatter) and is logged as an
``InboundMail`` row.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import logging
import re
from datetime import datetime
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr
from html.parser import HTMLParser

from django.db import IntegrityError, transaction
from django.utils import timezone, translation

from engine.base import IllegalMove
from games import events
from games.errors import GameError
from games.links import REPLY_PREFIX, seat_from_reply_address
from games.loading import engine_for, load_state
from games.models import InboundMail, Seat
from games.notices import notice_mails_queue, reply_mail_queue
from games.refusals import refusal_text
from games.services import move_submit
from games.takebacks import takeback_answer

log = logging.getLogger(__name__)

MAX_MESSAGE = 1024 * 1024
QUOTE_HEADER = re.compile(
    r"^(on .+ wrote:|am .+ schrieb .+:|le .+ a écrit ?:|-+ ?original message ?-+|from: .+)$",
    re.IGNORECASE,
)
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


class _TextOfHtml(HTMLParser):
    """Collect the text of an HTML body, a line per block, dropping quoted parts."""

    BLOCKS = frozenset({"p", "div", "br", "li", "tr", "h1", "h2", "h3", "pre"})
    HIDDEN = frozenset({"blockquote", "style", "script", "head"})

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in self.HIDDEN
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN and self.hidden:
            self.hidden -= 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def html_text(html: str) -> str:
    """The visible text of an HTML body, quoted blocks left out."""
    parser = _TextOfHtml()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


def reply_body(message: EmailMessage) -> str:
    """The reply's text: its plain-text part, else its HTML part as text."""
    part = message.get_body(preferencelist=("plain",))
    if part is not None:
        return str(part.get_content())
    part = message.get_body(preferencelist=("html",))
    return html_text(str(part.get_content())) if part is not None else ""


def first_line(text: str) -> str | None:
    """The first line the sender wrote: not empty, not quoted, before any signature or quote."""
    for raw in text.splitlines():
        line = raw.strip()
        if raw.rstrip("\r\n") == "-- " or line == "--" or QUOTE_HEADER.match(line):
            return None
        if not line or line.startswith(">"):
            continue
        return line[:200]
    return None


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
        seat = _reply_seat(message)
        text = first_line(reply_body(message)) if seat is not None else None
    except Exception as error:  # broken MIME, unknown charset, …
        return _log(key, message_id, sender, None, "malformed", f"{type(error).__name__}: {error}")
    if seat is None:
        return _log(key, message_id, sender, None, "bad_address", "no valid reply address")
    if not sender or sender != seat.email.lower():
        return _log(key, message_id, sender, seat, "stranger", f"not from {seat.email}")
    with transaction.atomic():
        outcome = _log(key, message_id, sender, seat, "received", text or "")
        if outcome == "duplicate":
            return outcome
        answer = (text or "").strip().rstrip(".!").lower()
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
        legal: list[str] = []
        if seat.display_name in game.to_move:
            state = load_state(game)
            legal = [engine.format_move(m) for m in engine.legal_moves(state, seat.display_name)]
        reply_mail_queue(
            game=game, seat=seat, accepted=False, text=text, message=_refusal(seat, error),
            legal=legal, in_reply_to=message_id, now=now,
        )  # fmt: skip
        InboundMail.objects.filter(message_key=key).update(outcome="refused", detail=error.message)
        return "refused"
    notation = engine.format_move(result.move)
    reply_mail_queue(
        game=game, seat=seat, accepted=True, text=notation, in_reply_to=message_id, now=now
    )
    InboundMail.objects.filter(message_key=key).update(outcome="played", detail=notation)
    return "played"
