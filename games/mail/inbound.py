"""Moves by reply: a received email whose first own line is a move is played for its seat.

Automatic mail (RFC 3834: out-of-office and other auto-replies, delivery and read reports,
list and bulk mail) is recognised first: it is logged as ``automatic`` with the header that
gave it away, never answered and never played, even when its first line is a legal move —
answering it would start a mail loop.

The reply address (``play+<seat>.<version>.<mac>@MAIL_DOMAIN``) names the seat; the sender
must be that seat's address. A ``From`` is easily forged, so when ``INBOUND_AUTHSERV_ID``
names the operator's receiving server the reply must also pass that server's
``Authentication-Results`` (:func:`reply_authentication`); one that does not is answered (to
the seat's address) and not played. The first line the player wrote
(``games.mail.reply_text``) is parsed with the engine's text notation and submitted through
``move_submit`` with a move id made from the Message-ID, so the same message delivered twice
is played once; a first line in :data:`TAKEBACK_ANSWERS` answers the open takeback request
instead, and one of :data:`CANCEL_WORDS` (optionally followed by a word of
:data:`CANCEL_KINDS`) cancels the seat's standing orders, once however often the message
comes. The sender gets a confirmation or the reason, in the seat's language, with the
legal moves. Mail from strangers, with a bad or revoked address, or that cannot be read
changes nothing, gets no answer (no backscatter) and is logged as an ``InboundMail`` row.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import getaddresses, parseaddr

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

from engine.base import IllegalMove, Move
from games.errors import GameError
from games.mail.reply_text import first_line, reply_body
from games.mail.turn_content import standing_orders
from games.models import Game, InboundMail, Seat, StandingAnswers
from games.play.links import REPLY_PREFIX, seat_from_reply_address
from games.play.queued import orders_cancel, queue_cancel
from games.play.refusals import refusal_text
from games.play.services import move_submit
from games.play.signals import event_announced, reply_answered
from games.play.standing import orders_change_check, standing_answers, standing_set
from games.play.takebacks import takeback_answer
from games.store import events
from games.store.loading import engine_for
from games.store.repository import load_state

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
CANCEL_WORDS = frozenset({"cancel", "stornieren", "abbrechen", "annuler"})
"""First words of a line that cancels the seat's standing orders: its standing answers and
its queued moves (no move's notation starts with these words)."""
CANCEL_KINDS = {
    "queue": "queue",
    "züge": "queue",
    "coups": "queue",
    "answers": "answers",
    "antworten": "answers",
    "réponses": "answers",
    "reponses": "answers",
}
"""Words after a cancel word that cancel only one kind of standing order."""
CANCEL_HELP = (
    'Write "cancel" alone to cancel all your standing orders, or "cancel queue" or '
    '"cancel answers" to cancel only your queued moves or only your standing answers.'
)
"""The answer to a cancel line that names no kind of standing order (an English msgid)."""
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


@dataclass(frozen=True)
class Authentication:
    """What the receiving server's ``Authentication-Results`` say of a reply's sender.

    ``verdict`` is ``pass``, ``fail``, ``none`` (no header from the configured
    authserv-id) or ``unchecked`` (``INBOUND_AUTHSERV_ID`` unset); ``method`` the
    method that decided (``dmarc``, ``dkim``, ``spf``) or ""; ``detail`` the results read.
    """

    verdict: str
    method: str = ""
    detail: str = ""

    def __str__(self) -> str:
        said = f"{self.verdict} {self.method}".strip()
        return f"{said} ({self.detail})" if self.detail else said


UNCHECKED = Authentication("unchecked")
DMARC_REFUSALS = frozenset({"fail", "temperror", "permerror", "quarantine", "reject"})
"""DMARC results that refuse a reply outright (``none`` means no policy: DKIM or SPF decide)."""


def _header_tokens(value: str) -> list[tuple[str, str]]:
    """Split a header value into words, quoted strings, ``=`` and ``;``; comments dropped."""
    tokens: list[tuple[str, str]] = []
    i, n = 0, len(value)
    while i < n:
        char = value[i]
        if char.isspace():
            i += 1
        elif char == "(":  # a comment, possibly nested, with quoted-pairs
            depth, i = 1, i + 1
            while i < n and depth:
                if value[i] == "\\":
                    i += 2
                    continue
                depth += {"(": 1, ")": -1}.get(value[i], 0)
                i += 1
        elif char == '"':
            chars, i = [], i + 1
            while i < n and value[i] != '"':
                if value[i] == "\\" and i + 1 < n:
                    i += 1
                chars.append(value[i])
                i += 1
            tokens.append(("quoted", "".join(chars)))
            i += 1
        elif char in ";=":
            tokens.append((char, char))
            i += 1
        else:
            start = i
            while i < n and not value[i].isspace() and value[i] not in ';="()':
                i += 1
            tokens.append(("word", value[start:i]))
    return tokens


def authentication_results(value: str) -> tuple[str, list[tuple[str, str, dict[str, str]]]]:
    """Parse one ``Authentication-Results`` value (RFC 8601).

    Returns the authserv-id (lower case) and each result as ``(method, result,
    properties)``, e.g. ``("dkim", "pass", {"header.d": "example.org"})``; all
    lower case, a method's version (``dkim/1``) dropped, results that do not
    parse skipped.
    """
    groups: list[list[tuple[str, str]]] = [[]]
    for token in _header_tokens(value):
        if token[0] == ";":
            groups.append([])
        else:
            groups[-1].append(token)
    head = groups[0]
    authserv_id = head[0][1].lower() if head and head[0][0] != "=" else ""
    results: list[tuple[str, str, dict[str, str]]] = []
    for group in groups[1:]:
        pairs: list[tuple[str, str]] = []
        index = 0
        while index + 2 < len(group) and group[index + 1][0] == "=":
            if group[index][0] != "word" or group[index + 2][0] == "=":
                break
            pairs.append((group[index][1].lower(), group[index + 2][1].lower()))
            index += 3
        if not pairs:
            continue
        method, result = pairs[0]
        results.append((method.split("/")[0], result, dict(pairs[1:])))
    return authserv_id, results


def _domain(value: str) -> str:
    return value.rpartition("@")[2].strip().rstrip(".").lower()


def _aligned(domain: str, from_domain: str) -> bool:
    """``domain`` is the From domain or a parent of it (not a bare top-level label).

    A parent's owner controls its subdomains' DNS, so his signature vouches for them.
    """
    return "." in domain and (from_domain == domain or from_domain.endswith("." + domain))


def reply_authentication(message: EmailMessage, sender: str) -> Authentication:
    """Did the operator's receiving server authenticate ``sender`` (the From address)?

    Unchecked when ``INBOUND_AUTHSERV_ID`` is unset. Otherwise only the
    ``Authentication-Results`` headers with that authserv-id are read, and of
    them only the topmost one and those directly under it (the receiving server
    and its filters add theirs on top, one combined or one per method; a sender
    can write headers with any id: other ids are ignored, and one with this id
    further down, below a ``Received`` or any other header, is not read — the
    server should also remove arriving ones claiming its id, RFC 8601 §5). The
    From header must hold exactly one address. The reply passes when, from those:

    - ``dmarc=pass`` for the From domain (``header.from`` that domain, or absent); or,
      unless DMARC said ``fail``/``temperror``/``permerror`` (or ``quarantine``/``reject``),
    - ``dkim=pass`` with ``header.d`` (or the domain of ``header.i``) aligned; or
    - ``spf=pass`` with the domain of ``smtp.mailfrom`` aligned,

    aligned meaning the From domain itself or a parent domain of it with at least
    two labels. Anything else is ``fail``; no header from the id is ``none``.
    """
    authserv_id = str(getattr(settings, "INBOUND_AUTHSERV_ID", "") or "").lower()
    if not authserv_id:
        return UNCHECKED
    results: list[tuple[str, str, dict[str, str]]] = []
    found = False
    for name, value in message.items():
        server, said_here = "", list[tuple[str, str, dict[str, str]]]()
        if name.lower() == "authentication-results":
            server, said_here = authentication_results(str(value))
        if server == authserv_id:
            found = True
            results += said_here
        elif found:
            break
    if not found:
        return Authentication("none", "", f"no Authentication-Results from {authserv_id}")
    senders = getaddresses([str(value) for value in message.get_all("From", [])])
    from_domain = _domain(sender) if "@" in sender and len(senders) == 1 else ""
    said = " ".join(f"{method}={result}" for method, result, _ in results) or "none"
    if not from_domain:
        return Authentication("fail", "", said)
    dmarc = [(result, props) for method, result, props in results if method == "dmarc"]
    if any(result in DMARC_REFUSALS for result, _ in dmarc):
        return Authentication("fail", "dmarc", said)
    for result, props in dmarc:
        if result == "pass" and _domain(props.get("header.from", from_domain)) == from_domain:
            return Authentication("pass", "dmarc", said)
    for method, result, props in results:
        if result != "pass":
            continue
        if method == "dkim":
            domain = props.get("header.d") or _domain(props.get("header.i", ""))
        elif method == "spf":
            domain = _domain(props.get("smtp.mailfrom", ""))
        else:
            continue
        if _aligned(_domain(domain), from_domain):
            return Authentication("pass", method, f"{said} {domain}")
    methods = [method for method, _, _ in results if method in ("dmarc", "dkim", "spf")]
    return Authentication("fail", methods[0] if methods else "", said)


UNAUTHENTICATED = (
    "This server could not confirm that the email came from your address (no DKIM, SPF "
    "or DMARC pass for its domain). Send your reply from your own address's mail service, "
    "or make your move on the game's page."
)
"""The answer to a reply that does not pass authentication (an English msgid)."""


def _reply_seat(message: EmailMessage) -> Seat | None:
    for header in ADDRESS_HEADERS:
        for _, address in getaddresses([str(value) for value in message.get_all(header, [])]):
            if address.lower().startswith(REPLY_PREFIX):
                seat = seat_from_reply_address(address)
                if seat is not None:
                    return seat
    return None


def _log(
    key: str,
    message_id: str,
    sender: str,
    seat: Seat | None,
    outcome: str,
    detail: str,
    auth: Authentication = UNCHECKED,
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
    log.info("inbound mail %s from %s: %s %s [auth %s]", message_id, sender, outcome, detail, auth)
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
        text = (first_line(reply_body(message)) or "") if seat is not None and not automatic else ""
        auth = reply_authentication(message, sender)
    except Exception as error:  # broken MIME, unknown charset, …
        return _log(key, message_id, sender, None, "malformed", f"{type(error).__name__}: {error}")
    if automatic:
        return _log(key, message_id, sender, seat, "automatic", automatic, auth)
    if seat is None:
        return _log(key, message_id, sender, None, "bad_address", "no valid reply address", auth)
    if not sender or sender != seat.email.lower():
        return _log(key, message_id, sender, seat, "stranger", f"not from {seat.email}", auth)
    reply = _Reply(seat, text, message_id, key, now)
    with transaction.atomic():
        if auth.verdict not in ("pass", "unchecked"):  # refused: nothing played, the seat told
            outcome = _log(key, message_id, sender, seat, "unauthenticated", str(auth), auth)
            if outcome != "duplicate":
                with translation.override(seat.language):
                    refusal = gettext(UNAUTHENTICATED)
                reply.answer(accepted=False, text=text[:100], message=refusal)
            return outcome
        if _log(key, message_id, sender, seat, "received", text, auth) == "duplicate":
            return "duplicate"
        if text.lower() in TAKEBACK_ANSWERS:
            return _answer(reply, TAKEBACK_ANSWERS[text.lower()])
        if (text.lower().split() or [""])[0] in CANCEL_WORDS:
            return _cancel(reply)
        return _play(reply)


@dataclass(frozen=True)
class _Reply:
    """A reply from its seat's own address, logged under ``key``."""

    seat: Seat
    text: str
    message_id: str
    key: str
    now: datetime

    def answer(self, *, accepted: bool, text: str, **said: object) -> None:
        """Answer it by email, in its thread (``games.mail.notices.reply_mail_queue``)."""
        reply_answered.send(
            game=self.seat.game, seat=self.seat, accepted=accepted, text=text,
            in_reply_to=self.message_id, now=self.now, sender=Seat, **said,
        )  # fmt: skip

    def settled(self, outcome: str, detail: str) -> str:
        """Log what came of it; return ``outcome``."""
        InboundMail.objects.filter(message_key=self.key).update(outcome=outcome, detail=detail)
        return outcome


def _refused(reply: _Reply, error: IllegalMove | GameError, legal: list[Move] | None = None) -> str:
    """Answer the reply with why it was refused, in the seat's language (its reply email is
    rendered in it), and log it as refused."""
    with translation.override(reply.seat.language):
        message = refusal_text(error)
    reply.answer(accepted=False, text=reply.text, message=message, legal=legal)
    return reply.settled("refused", error.message)


def _answer(reply: _Reply, accept: bool) -> str:
    """Accept or decline the open takeback by reply; a refusal is answered like a bad move."""
    game, seat, now = reply.seat.game, reply.seat, reply.now
    try:
        event = takeback_answer(game=game, seat=seat, accept=accept, now=now)
    except GameError as error:
        return _refused(reply, error)
    game.refresh_from_db()
    event_announced.send(
        sender=Game,
        game=game,
        event_type=event.type,
        payload=events.payload_of(event),
        now=now,
        seats=[seat],
    )
    accepted = event.type == events.TAKEBACK_ACCEPTED
    return reply.settled("accepted" if accepted else "declined", reply.text)


def _cancel(reply: _Reply) -> str:
    """Cancel the seat's standing orders by reply (all, or the kind the line names) and answer
    with what was cancelled; a line naming no kind, a game that has ended and too many
    changes are answered with why nothing changed."""
    game, seat, now = reply.seat.game, reply.seat, reply.now
    named = reply.text.lower().split()[1:]
    which = CANCEL_KINDS.get(" ".join(named)) if named else "all"
    if which is None:
        with translation.override(seat.language):
            help_text = gettext(CANCEL_HELP)
        reply.answer(accepted=False, text=reply.text, message=help_text)
        return reply.settled("refused", CANCEL_HELP)
    stored = StandingAnswers.objects.filter(seat=seat).first()
    orders = standing_orders(
        game, seat, {} if stored is None else stored.answers, [] if stored is None else stored.queue
    )
    try:
        with transaction.atomic():  # all of it or, refused, nothing
            if which == "all":
                orders_cancel(game=game, seat=seat, now=now)
            elif which == "queue":
                queue_cancel(game=game, seat=seat, now=now)
            else:
                _answers_cancel(game, seat, now)
    except GameError as error:
        return _refused(reply, error)
    cancelled = {
        "answers": orders["answers"] if which != "queue" else [],
        "queue": orders["queue"] if which != "answers" else [],
    }
    reply.answer(accepted=True, text=reply.text, cancelled=cancelled)
    count = len(cancelled["answers"]) + len(cancelled["queue"])
    return reply.settled("cancelled", f"{which}: {count}")


def _answers_cancel(game: Game, seat: Seat, now: datetime) -> None:
    """Cancel each of ``seat``'s standing answers (with none, still refused once the game
    has ended or after too many changes, like any change of its orders)."""
    questions = list(standing_answers(seat))
    if not questions:
        orders_change_check(game=game, seat=seat)
    for question in questions:
        standing_set(game=game, seat=seat, question=question, rule=None, now=now)


def _play(reply: _Reply) -> str:
    game, seat = reply.seat.game, reply.seat
    engine = engine_for(game)
    try:
        move = engine.parse_move(reply.text)
        move_id = f"mail:{reply.key[:40]}"
        result = move_submit(
            game=game, seat=seat, move=move, expected_seq=None, move_id=move_id, now=reply.now
        )
    except (IllegalMove, GameError) as error:
        game.refresh_from_db()
        legal: list[Move] = []
        if seat.display_name in game.to_move:
            legal = engine.legal_moves(load_state(game), seat.display_name)
        return _refused(reply, error, legal)
    notation = engine.format_move(result.move)
    reply.answer(accepted=True, text=notation, move=result.move)
    return reply.settled("played", notation)
