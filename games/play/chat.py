"""Table chat: messages are ``chat_posted`` events; players report them, moderators hide them.

Only a seat of the game or a moderator posts. A hidden message's text never
leaves the server again: every reader (page, email, API, history) gets its
messages from :func:`chat_messages`, which puts ``None`` in its place.

Every message and report is an event of the game's history for good, so both
are bounded per seat: :data:`RATE` messages a minute and :data:`DAILY`
a day, :data:`REPORT_RATE` reports a day and one report of a given message;
and once a game has ended (finished or aborted) its history takes neither.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games.errors import Conflict, Forbidden, GameOver, NotFound, Refused, TooMany
from games.models import Event, Game, Seat
from games.play.selectors import hidden_seqs
from games.store import events
from games.store.repository import event_append


class ChatTooLong(Refused):
    """An empty chat message, or one over the length limit."""

    code = "chat_length"


class ChatFlood(TooMany):
    """Too many chat messages in a minute."""

    code = "chat_rate"


class ChatDailyFlood(ChatFlood):
    """Too many chat messages from one seat in a day."""

    code = "chat_daily_rate"


class ReportFlood(TooMany):
    """Too many chat reports from one seat in a day."""

    code = "chat_report_rate"


class AlreadyReported(Conflict):
    """A second report of the same message by the same seat."""

    code = "chat_already_reported"


class NotAtTable(Forbidden):
    """Someone who neither plays this game nor moderates it."""

    code = "not_at_table"


class NotAChatMessage(NotFound):
    """A report that names an event which is not a chat message of this game."""

    code = "not_a_chat_message"


MAX_LENGTH = 500
RATE = 5
RATE_WINDOW = timedelta(minutes=1)
DAILY = 200
REPORT_RATE = 10
DAY = timedelta(days=1)
MODERATOR_NAME = "moderator"


def chat_messages(*, game: Game, after: int = 0) -> list[dict[str, Any]]:
    """The table chat of ``game`` after seq ``after``; a hidden message has ``text`` ``None``."""
    hidden = hidden_seqs(game)
    posted = Event.objects.filter(game=game, type=events.CHAT_POSTED, seq__gt=after)
    return [
        {
            "seq": event.seq,
            "player": payload["player"],
            "text": None if event.seq in hidden else payload["text"],
            "hidden": event.seq in hidden,
            "created_at": event.created_at,
        }
        for event in posted.order_by("seq")
        for payload in [events.payload_of(event)]
    ]


@transaction.atomic
def chat_post(
    *,
    game: Game,
    text: str,
    seat: Seat | None = None,
    moderator: User | None = None,
    now: datetime | None = None,
) -> Event:
    """Post ``text`` to the table as ``seat`` (or as a moderator); refuse floods and long texts."""
    now = now or timezone.now()
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.is_over:
        raise GameOver(f"The game is {game.status}; its table chat is closed.")
    text = text.strip()
    if not text or len(text) > MAX_LENGTH:
        raise ChatTooLong(f"A chat message has 1 to {MAX_LENGTH} characters.", max=MAX_LENGTH)
    if seat is not None and seat.game_id == game.pk:
        actor, name = f"seat:{seat.position}", seat.display_name
    elif moderator is not None:
        actor, name = f"user:{moderator.pk}", MODERATOR_NAME
    else:
        raise NotAtTable("Only the players of this game and moderators may post here.")
    posted = Event.objects.filter(game=game, type=events.CHAT_POSTED, actor=actor)
    if posted.filter(created_at__gt=now - RATE_WINDOW).count() >= RATE:
        raise ChatFlood(f"At most {RATE} messages a minute; wait a moment.", rate=RATE)
    if posted.filter(created_at__gt=now - DAY).count() >= DAILY:
        raise ChatDailyFlood(
            f"At most {DAILY} messages a day from one seat; write again tomorrow.", rate=DAILY
        )
    payload = events.chat_posted_payload(player=name, text=text)
    return event_append(game, event_type=events.CHAT_POSTED, payload=payload, actor=actor, now=now)


@transaction.atomic
def chat_report(
    *,
    game: Game,
    seat: Seat,
    message_seq: int,
    reason: str = "",
    now: datetime | None = None,
) -> Event:
    """Ask the moderators to look at the chat message of event ``message_seq``; refuse a
    report on an ended game, a second report of a message and a flood of reports."""
    now = now or timezone.now()
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.is_over:
        raise GameOver(f"The game is {game.status}; its table chat is closed.")
    if seat.game_id != game.pk:
        raise NotAtTable("Only the players of this game may report its messages.")
    if not Event.objects.filter(game=game, seq=message_seq, type=events.CHAT_POSTED).exists():
        raise NotAChatMessage(f"Event {message_seq} of this game is not a chat message.")
    actor = f"seat:{seat.position}"
    sent = Event.objects.filter(game=game, type=events.CHAT_REPORTED, actor=actor)
    if sent.filter(payload__message_seq=message_seq).exists():
        raise AlreadyReported(f"This seat has already reported message {message_seq}.")
    if sent.filter(created_at__gt=now - DAY).count() >= REPORT_RATE:
        raise ReportFlood(
            f"At most {REPORT_RATE} reports a day from one seat; the moderators have yours.",
            rate=REPORT_RATE,
        )
    payload = events.chat_reported_payload(
        player=seat.display_name, message_seq=message_seq, reason=reason.strip()[:MAX_LENGTH]
    )
    return event_append(
        game, event_type=events.CHAT_REPORTED, payload=payload, actor=actor, now=now
    )


def chat_reports_open() -> list[Event]:
    """Reports of messages no moderator has hidden yet, oldest first: the moderators' queue."""
    reports = Event.objects.filter(type=events.CHAT_REPORTED).select_related("game")
    return [
        report
        for report in reports.order_by("created_at")
        if events.payload_of(report)["message_seq"] not in hidden_seqs(report.game)
    ]
