"""Rendering an outbox row into an email: templates in the reader's language, headers, picture.

A row's ``context`` says everything (built from the reader's view at its
event): written with the row, or, for the kinds in :data:`COMPOSED_LATER` (the
turn and game-over emails), composed from the committed events when the row is first rendered
and kept in it then (by the send's mark, ``games.mail.outbox.mail_send``, or by
:func:`mail_context`). Here it is only put into words: the subject,
a text body, an HTML body and, for a position, the board as an inline PNG
(``games.mail.message`` gives the MIME shape). Headers: ``To`` with the
reader's name, ``Date`` in UTC (``+0000``), RFC 3834 ``Auto-Submitted`` with
``Precedence: bulk`` and ``X-Auto-Response-Suppress`` so responders stay
quiet, ``List-Id`` and one-click ``List-Unsubscribe`` (RFC 8058), and
``In-Reply-To``/``References`` that keep a seat's emails of a game in one
thread.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC
from email.mime.image import MIMEImage
from email.utils import format_datetime
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.core.mail.message import sanitize_address
from django.template.loader import render_to_string
from django.utils import translation

from games.display import local_time
from games.kinds import kind_of
from games.mail.message import GameMail
from games.mail.turn_content import game_over_context_of, turn_context_of
from games.models import OutboundMail
from games.play.recipients import UNASKED_KINDS, never_invite_link

BOARD_CID = "board"
ANSWER_KINDS = frozenset({"move_accepted", "move_refused"})
"""Answers to a player's reply: ``Auto-Submitted: auto-replied`` (RFC 3834 §5)."""
TEMPLATE_OF = {"reminder": "turn"}
"""Kinds that share another kind's templates."""
COMPOSED_LATER: dict[str, Callable[[OutboundMail], dict[str, Any]]] = {
    "turn": turn_context_of,
    "game_over": game_over_context_of,
}
"""Kinds whose row holds only what the email is (seat, seq) until it is first rendered, each
with the function that composes its content then from the committed events, as its reader
could see them at that seq (the game-over email's score sheets replay the game)."""


def context_composed(row: OutboundMail) -> bool:
    """Compose ``row``'s content now if it was left for later, into ``row.context`` (not
    written: the caller keeps it in the row); tell whether it did."""
    later = COMPOSED_LATER.get(row.kind)
    if later is None or "view" in row.context:
        return False
    row.context = later(row)
    return True


def mail_context(row: OutboundMail) -> dict[str, Any]:
    """What ``row`` says: its context, composed now and kept in the row if it was left for
    later (so the digest and the moderators' scrub see the same)."""
    if context_composed(row):
        OutboundMail.objects.filter(pk=row.pk).update(context=row.context)
    context: dict[str, Any] = row.context
    return context


def _local_deadline(told: dict[str, Any]) -> dict[str, Any]:
    """``told`` with its deadline as a local time in its reader's zone (``deadline_local``)."""
    local = local_time(told.get("deadline"), told.get("time_zone", "UTC"))
    return {**told, "deadline_local": local}


def _render_context(row: OutboundMail) -> dict[str, Any]:
    context = _local_deadline(mail_context(row))
    context["kind"] = row.kind
    context["site"] = urlsplit(settings.SITE_URL).netloc
    context["games"] = [_local_deadline(entry) for entry in context.get("games", [])]
    if row.kind in UNASKED_KINDS:  # its "never invite me" link, in the body and headers
        context["unsubscribe_link"] = never_invite_link(row.to)
    view = context.get("view")
    if view is not None:  # the text board for the text part, the picture for the HTML one
        kind = kind_of(context["game_kind"])
        context["position"] = kind.position_text(view)
        png = kind.board_png(view, row.language)
        if png is not None:
            context.update(board_png=png, board_cid=BOARD_CID, board_size=png_size(png))
    return context


def png_size(png: bytes) -> tuple[int, int]:
    """A PNG's width and height in pixels, from its header (``IHDR``, the first chunk)."""
    return int.from_bytes(png[16:20]), int.from_bytes(png[20:24])


def _templates(context: dict[str, Any], name: str) -> list[str]:
    """The game's own template for ``name`` (``games/<kind>/mail/``) if it has one, else the
    common one; a mail about no game (a sign-in link) has only the common one."""
    common = f"games/mail/{name}"
    kind = context.get("game_kind")
    return [f"games/{kind}/mail/{name}", common] if kind else [common]


def thread_root(row: OutboundMail) -> str | None:
    """The Message-ID every email of a seat in one game refers to, so they form one thread.

    It is derived, not stored: no message needs to carry it (mail clients thread
    around a missing root), and nothing personal goes into it or into events.
    """
    if row.game_id is None or row.seat_id is None:
        return None
    return f"<game-{row.game_id}.seat-{row.seat_id}@{settings.MAIL_DOMAIN}>"


def _list_id(row: OutboundMail) -> str | None:
    """The mailing list a row belongs to (RFC 2919): its game's, the invitations' (every kind
    sent unasked) or the digest's."""
    if row.game_id is not None:
        return f"<game-{row.game_id}.{settings.MAIL_DOMAIN}>"
    if row.kind in UNASKED_KINDS:
        return f"<invitations.{settings.MAIL_DOMAIN}>"
    return f"<digest.{settings.MAIL_DOMAIN}>" if row.kind == "digest" else None


def _recipient(row: OutboundMail, context: dict[str, Any]) -> str:
    """``To:`` with the reader's name (RFC 5322 ``name-addr``, encoded where needed)."""
    name = context.get("player") or next(
        (entry.get("player") for entry in context.get("games", []) if entry.get("player")), ""
    )
    return sanitize_address((str(name), row.to), "utf-8") if name else f"<{row.to}>"


def _headers(row: OutboundMail, context: dict[str, Any]) -> dict[str, str]:
    headers = {
        "To": _recipient(row, context),
        "Date": format_datetime(row.created_at.astimezone(UTC)),
        "Message-ID": row.message_id,
        "Auto-Submitted": "auto-replied" if row.kind in ANSWER_KINDS else "auto-generated",
        "Precedence": "bulk",
        "X-Auto-Response-Suppress": "All",
    }
    if context.get("unsubscribe_link"):
        headers["List-Unsubscribe"] = f"<{context['unsubscribe_link']}>"
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    list_id = _list_id(row)
    if list_id:
        headers["List-Id"] = list_id
    parents = [thread_root(row), context.get("in_reply_to")]
    thread = [parent for parent in parents if parent]
    if thread:
        headers["In-Reply-To"] = thread[-1]
        headers["References"] = " ".join(thread)
    return headers


def mail_compose(row: OutboundMail) -> EmailMultiAlternatives:
    """The email of ``row``, ready to send; the same row always gives the same message.

    Both bodies come from templates: the text one with autoescaping off, the
    HTML one autoescaped, so a name or reason full of markup shows as text.
    """
    template = TEMPLATE_OF.get(row.kind, row.kind)
    with translation.override(row.language):
        context = _render_context(row)
        subject = render_to_string(_templates(context, f"{template}_subject.txt"), context)
        text = render_to_string(_templates(context, f"{template}.txt"), context)
        html = render_to_string(_templates(context, f"{template}.html"), context)
    message = GameMail(
        subject=" ".join(subject.split()),
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[row.to],
        reply_to=[context["reply_to"]] if context.get("reply_to") else None,
        headers=_headers(row, context),
    )
    message.attach_alternative(html, "text/html")
    png = context.get("board_png")
    if png is not None:
        picture = MIMEImage(png, "png")
        picture.add_header("Content-ID", f"<{BOARD_CID}>")
        picture.add_header("Content-Disposition", "inline", filename="board.png")
        message.attach(picture)
    return message
