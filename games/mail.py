"""Rendering an outbox row into an email: templates in the reader's language, headers, picture.

A row's ``context`` already says everything (built from the reader's view
when its event was recorded); here it is only put into words: the subject,
a text body, an HTML body and, for a position, the board as an inline PNG
(``multipart/related`` with a ``cid:`` reference). Every game email carries
``List-Unsubscribe`` with one-click ``List-Unsubscribe-Post`` (RFC 8058).
"""

from __future__ import annotations

import zoneinfo
from datetime import datetime
from email.mime.image import MIMEImage
from typing import Any

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.template.loader import render_to_string
from django.utils import formats, translation

from games.deadlines import deadline_for
from games.kinds import kind_of
from games.models import Game, OutboundMail, Seat

BOARD_CID = "board"
HTML_KINDS = frozenset({"turn", "reminder"})
"""Kinds with an HTML body of their own; the others get their text wrapped in HTML."""
TEMPLATE_OF = {"reminder": "turn"}
"""Kinds that share another kind's templates."""


def local_time(moment: str | None, time_zone: str) -> str:
    """An ISO time as an absolute local time with its zone, in the active language."""
    if not moment:
        return ""
    try:
        zone = zoneinfo.ZoneInfo(time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo("UTC")
    local = datetime.fromisoformat(moment).astimezone(zone)
    day = formats.date_format(local, "l")
    return f"{day}, {formats.date_format(local, 'DATETIME_FORMAT')} ({zone.key})"


def deadline_local(game: Game, seat: Seat | None) -> str:
    """The deadline a page shows ``seat`` (its own while the game waits for it, else the
    game's earliest) in its time zone, in the active language."""
    deadline = deadline_for(game, seat)
    time_zone = seat.time_zone if seat is not None else "UTC"
    return local_time(deadline.isoformat() if deadline else None, time_zone)


def _render_context(row: OutboundMail) -> dict[str, Any]:
    context = dict(row.context)
    context["kind"] = row.kind
    time_zone = context.get("time_zone", "UTC")
    context["deadline_local"] = local_time(context.get("deadline"), time_zone)
    context["games"] = [
        {
            **entry,
            "deadline_local": local_time(entry.get("deadline"), entry.get("time_zone", "UTC")),
        }
        for entry in context.get("games", [])
    ]
    view = context.get("view")
    if view is not None:
        context["position"] = kind_of(_game_kind(context)).position_text(view)
        context["board_cid"] = BOARD_CID
    return context


def _game_kind(context: dict[str, Any]) -> str:
    """The kind of game a row is about (rows queued before kinds were recorded: Freibeuter)."""
    return str(context.get("game_kind") or "freibeuter")


def _templates(context: dict[str, Any], name: str) -> list[str]:
    """The kind's own template for ``name`` if it has one, else the common one."""
    return [f"games/mail/{_game_kind(context)}/{name}", f"games/mail/{name}"]


def _headers(row: OutboundMail, context: dict[str, Any]) -> dict[str, str]:
    headers = {"Message-ID": row.message_id, "Auto-Submitted": "auto-generated"}
    if context.get("unsubscribe_link"):
        headers["List-Unsubscribe"] = f"<{context['unsubscribe_link']}>"
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    if context.get("game_id"):
        headers["List-Id"] = f"<game-{context['game_id']}.{settings.MAIL_DOMAIN}>"
    if context.get("in_reply_to"):
        headers["In-Reply-To"] = context["in_reply_to"]
        headers["References"] = context["in_reply_to"]
    return headers


def mail_compose(row: OutboundMail) -> EmailMultiAlternatives:
    """The email of ``row``, ready to send; the same row always gives the same message."""
    template = TEMPLATE_OF.get(row.kind, row.kind)
    with translation.override(row.language):
        context = _render_context(row)
        subject = render_to_string(_templates(context, f"{template}_subject.txt"), context)
        text = render_to_string(_templates(context, f"{template}.txt"), context)
        if template in HTML_KINDS:
            html = render_to_string(_templates(context, f"{template}.html"), context)
        else:
            html = render_to_string("games/mail/plain.html", {**context, "text": text})
    message = EmailMultiAlternatives(
        subject=" ".join(subject.split()),
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[row.to],
        reply_to=[context["reply_to"]] if context.get("reply_to") else None,
        headers=_headers(row, context),
    )
    message.attach_alternative(html, "text/html")
    png = (
        None
        if context.get("view") is None
        else kind_of(_game_kind(context)).board_png(context["view"])
    )
    if png is not None:
        message.mixed_subtype = "related"  # type: ignore[attr-defined]  # Django's, not stubbed
        picture = MIMEImage(png, "png")
        picture.add_header("Content-ID", f"<{BOARD_CID}>")
        picture.add_header("Content-Disposition", "inline", filename="board.png")
        message.attach(picture)
    return message
