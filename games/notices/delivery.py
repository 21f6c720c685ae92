"""Delivery of notices, as the outbox delivers emails: a row per notice written with its
event, sent after the commit, retried with back-off, never lost.

:func:`turn_notices_queue` answers ``signals.turn_begun`` inside the move's transaction: one
``INSERT … SELECT`` per seat whose turn begins writes a notice for each of its channels that
is not paused, and one more a notice for the channel of the game's table (naming everyone
to move), with the change's writes (no read, no round trip of its own); the first turn
reaches the table's channel by :func:`table_notice_queue` at the deal. A seat's channel at
the address of its table's channel is not told the turn the table's hears already. On
PostgreSQL each ``INSERT`` tells ``NOTIFY`` :data:`CHANNEL` each new id at commit, which
the outbox's listener queues (``games.tasks``); elsewhere ``signals.notice_committed`` is
sent on commit. A seat's notice written outside its playing hours is written leased
until they begin (``games.timecontrol.hours``), so only the sweep sends it then. A send claims
its row with a lease (:func:`notice_send`); a failure leaves it leased until its retry,
which the sweep (:func:`notices_due`) queues. A channel whose
sends failed ``NOTICE_PAUSE_AFTER`` times in a row is paused, its waiting notices dropped,
and its player (or its table's host) told by email. A duplicate is only possible when a
worker dies between the receiver's answer and the mark, and then carries the same
``X-Notice-Id``.

A notice names the game, whose turn it is, the deadline in the reader's zone and the game's
public page: never a seat's play link, since a channel may be read by others.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.display import game_label, local_time
from games.mail.outbox import mail_queue
from games.models import Game, Notice, NoticeChannel, Seat, Table
from games.notices.webhooks import SendFailed, notice_post
from games.play.links import preferences_link
from games.play.lobby import table_token
from games.play.orders import Order, turn_begun_players
from games.play.signals import notice_committed
from games.store.repository import change_rows_written, notice_hearers
from games.timecontrol.hours import notice_wait

log = logging.getLogger(__name__)

CHANNEL = "games_notices"
"""The PostgreSQL channel told the id of each committed notice to send now (``NOTIFY``)."""

UNCLAIMED = (
    f"SELECT id FROM {Notice._meta.db_table} "
    "WHERE status = %s AND claimed_until IS NULL ORDER BY id"
)
"""The notices to send that no one has claimed yet (a listener's catch-up when it starts)."""

LEASE = timedelta(seconds=60)
"""How long a send's claim holds: longer than a request's two timeouts."""

SWEEP_LIMIT = 500

ENDED = (Game.Status.FINISHED, Game.Status.ABORTED)


def game_link(game: Game) -> str:
    """The game's public page: what a notice links to (never a seat's own link)."""
    return f"{settings.SITE_URL}/games/{game.pk}/"


def _words(
    *, label: str, link: str, players: list[str], deadline: str | None, time_zone: str, kind: str
) -> dict[str, Any]:
    """What a notice says, in the active language: ``kind`` (``turn`` or ``test``) in the
    game ``label`` (its page at ``link``) for ``players``, until the ISO ``deadline`` shown
    in ``time_zone``."""
    shown = local_time(deadline, time_zone)
    words = {"player": ", ".join(players), "game": label, "deadline": shown, "link": link}
    if kind == "test" and not players:
        text = _("A test from the pirate games for the table %(game)s: this channel works.")
    elif kind == "test":
        text = _("A test from the pirate games for %(player)s in %(game)s: this channel works.")
    elif shown:
        text = _("%(player)s to move in %(game)s, until %(deadline)s: %(link)s")
    else:
        text = _("%(player)s to move in %(game)s: %(link)s")
    return {
        "type": kind,
        "player": words["player"],
        "players": players,
        "deadline": deadline,
        "deadline_local": shown,
        "text": text % words,
    }


def notice_context(*, game: Game, seat: Seat, kind: str) -> dict[str, Any]:
    """What a notice of ``kind`` (``turn`` or ``test``) to ``seat``'s channels says, in its
    player's language and time zone."""
    deadline = seat.deadline_at.isoformat() if seat.deadline_at else None
    label, link = game_label(game), game_link(game)
    with translation.override(seat.language):
        said = _words(
            label=label,
            link=link,
            players=[seat.display_name],
            deadline=deadline,
            time_zone=seat.time_zone,
            kind=kind,
        )
    return {**said, "game": {"id": game.pk, "kind": game.kind, "name": label, "url": link}}


def table_notice_context(
    *, channel: NoticeChannel, game: Game | None, facts: dict[str, Any]
) -> dict[str, Any]:
    """What a notice to the table channel ``channel`` says of ``facts`` (its ``type``, the
    ``players`` to move and their ``deadline``), in the channel's language and time zone;
    a test before the deal names the table."""
    table = channel.table
    assert table is not None, "a table's channel"
    label = game_label(game) if game is not None else table.title
    link = game_link(game) if game is not None else f"{settings.SITE_URL}/"
    with translation.override(channel.language):
        said = _words(
            label=label,
            link=link,
            players=facts["players"],
            deadline=facts["deadline"],
            time_zone=channel.time_zone,
            kind=facts["type"],
        )
    about = {"id": game.pk, "kind": game.kind} if game is not None else {"kind": table.kind}
    return {**said, "game": {**about, "name": label, "url": link}}


def _inserted(sql: str, params: list[Any]) -> tuple[str, list[Any]]:
    """``sql``, an ``INSERT`` of notices, telling :data:`CHANNEL` each new id at commit on
    PostgreSQL."""
    if connection.vendor == "postgresql":
        return f"{sql} RETURNING pg_notify(%s, CAST(id AS TEXT))", [*params, CHANNEL]
    return sql, params


def _insert(
    game: Game,
    context: dict[str, Any],
    where: str,
    params: list[Any],
    now: datetime,
    wait: datetime | None = None,
) -> tuple[str, list[Any]]:
    """The ``INSERT … SELECT`` of a turn notice saying ``context`` to each channel ``c`` not
    paused that ``where`` (with ``params``) finds, held until ``wait`` if given (its seat's
    playing hours: ``games.timecontrol.hours``)."""
    notices, channels = Notice._meta.db_table, NoticeChannel._meta.db_table
    cast = "CAST(%s AS jsonb)" if connection.vendor == "postgresql" else "%s"
    sql = (
        f"INSERT INTO {notices} (channel_id, game_id, kind, notice_id, context, status,"
        " created_at, claimed_until, attempts, error)"
        f" SELECT c.id, %s, 'turn', %s || CAST(c.id AS TEXT), {cast}, %s, %s, %s, 0, ''"
        f" FROM {channels} c WHERE c.paused_at IS NULL AND {where}"
        " ON CONFLICT (notice_id) DO NOTHING"
    )
    at = connection.ops.adapt_datetimefield_value
    head = [game.pk, f"turn-{game.pk}-{game.last_seq}-", json.dumps(context)]
    return _inserted(sql, [*head, Notice.Status.PENDING, at(now), at(wait), *params])


def _table_facts(game: Game, players: list[str]) -> dict[str, Any]:
    """What a table's channel is told of a turn until its send words it."""
    deadline = game.deadline_at.isoformat() if game.deadline_at else None
    return {"type": "turn", "players": players, "deadline": deadline}


def _table_channels_of(game: Game, alias: str = "c") -> tuple[str, list[Any]]:
    """The condition on the channel ``alias`` that it is the channel of ``game``'s table, and
    its parameters."""
    tables = Table._meta.db_table
    return f"{alias}.table_id IN (SELECT id FROM {tables} WHERE game_id = %s)", [game.pk]


def _insert_for_seat(
    game: Game, seat: Seat, now: datetime, *, hours: bool
) -> tuple[str, list[Any]]:
    """The ``INSERT … SELECT`` of a turn notice to each of ``seat``'s channels, but one at the
    address of the table's own channel, which hears the turn already; with ``hours``,
    outside the seat's playing hours it waits for them."""
    table, params = _table_channels_of(game, alias="g")
    channels = NoticeChannel._meta.db_table
    where = (
        f"c.seat_id = %s AND NOT EXISTS (SELECT 1 FROM {channels} g"
        f" WHERE g.url = c.url AND g.paused_at IS NULL AND {table})"
    )
    context = notice_context(game=game, seat=seat, kind="turn")
    wait = notice_wait(seat, now) if hours else None
    return _insert(game, context, where, [seat.pk, *params], now, wait)


def turn_notices_queue(
    *,
    game: Game,
    seats: list[Seat],
    state: Any,
    moved: str | None,
    waited: list[str],
    orders: Sequence[Order] = (),
    now: datetime,
    **_signal: object,
) -> None:
    """Write a turn notice to the channels of each seat whose turn begins, as its turn email
    is written (``games.mail.notices.turn_mails_queue``), and one naming them all to the
    channel of the game's table; an ended game writes none. A turn another's change begins
    waits for the seat's playing hours, as its email does; a seat whose standing order is
    about to play (``orders``: ``games.play.orders``) is not told."""
    if game.status != Game.Status.ACTIVE:
        return
    hearers = notice_hearers(game, seats)
    if not hearers.table and not hearers.seats:
        return
    by_name = {seat.display_name: seat for seat in seats}
    begun = [
        by_name[name]
        for name in turn_begun_players(game, moved=moved, waited=waited, orders=orders)
        if not by_name[name].is_bot
    ]
    if not begun:
        return
    written = [
        _insert_for_seat(game, seat, now, hours=seat.display_name != moved)
        for seat in begun
        if seat.pk in hearers.seats
    ]
    if hearers.table:
        where, params = _table_channels_of(game)
        written.append(_insert(game, _table_facts(game, game.to_move), where, params, now))
    if written:
        change_rows_written(written)
        _kick()


def table_notice_queue(*, table: Table, game: Game, **_signal: object) -> None:
    """Tell the channel of ``table`` the first turn of its game, the moment it is dealt (the
    table is linked to the game only after ``turn_begun``)."""
    now = timezone.now()
    facts = _table_facts(game, game.to_move)
    change_rows_written([_insert(game, facts, "c.table_id = %s", [table.pk], now)])
    _kick()


def _kick() -> None:
    """Where the database has no ``NOTIFY``, have the notices swept at commit."""
    if connection.vendor != "postgresql":
        transaction.on_commit(lambda: notice_committed.send(sender=Notice))


def retry_in(attempts: int) -> timedelta:
    """How long a notice waits after its ``attempts``-th failed send: doubling, capped."""
    base = settings.NOTICE_RETRY_BASE_SECONDS
    return timedelta(
        seconds=min(base * 2 ** max(attempts - 1, 0), settings.NOTICE_RETRY_MAX_SECONDS)
    )


def notice_send(*, notice_id: int, now: datetime | None = None) -> bool:
    """Claim, send and mark one notice; tell whether this call sent it. A notice of a game
    that ended, to a paused channel, or of a turn that passed is dropped unsent; a failure
    counts against its channel and leaves the notice leased until its retry (none after a
    4xx answer)."""
    now = now or timezone.now()
    waiting = Notice.objects.filter(pk=notice_id, status=Notice.Status.PENDING)
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    if not waiting.filter(free).update(claimed_until=now + LEASE, attempts=F("attempts") + 1):
        return False
    notice = Notice.objects.select_related("channel__seat", "channel__table", "game").get(
        pk=notice_id
    )
    if notice.channel.paused_at is not None or (notice.game and notice.game.status in ENDED):
        waiting.update(status=Notice.Status.DROPPED, claimed_until=None)
        return False
    if notice.kind == "turn" and not _still_to_move(notice):
        waiting.update(status=Notice.Status.DROPPED, claimed_until=None)
        return False
    if "text" not in notice.context:  # a table's notice, put into words once
        facts = notice.context
        notice.context = table_notice_context(channel=notice.channel, game=notice.game, facts=facts)
        waiting.update(context=notice.context)
    try:
        notice_post(notice, timestamp=int(now.timestamp()))
    except SendFailed as failure:
        log.warning("notice %s not taken: %s", notice.notice_id, failure.message)
        _failed(notice, failure, now)
        return False
    waiting.update(status=Notice.Status.SENT, sent_at=timezone.now(), claimed_until=None, error="")
    NoticeChannel.objects.filter(pk=notice.channel_id).exclude(failures=0).update(failures=0)
    return True


def _still_to_move(notice: Notice) -> bool:
    """Whether one of the players a turn notice names is still to move in its game: one
    that waited for its retries until they all moved says nothing true any more."""
    game = notice.game
    return game is not None and any(name in game.to_move for name in notice.context["players"])


@transaction.atomic
def _failed(notice: Notice, failure: SendFailed, now: datetime) -> None:
    """Keep ``failure`` in ``notice`` (failed for good if it is permanent, else leased until
    its retry) and count it against its channel, pausing it at ``NOTICE_PAUSE_AFTER``."""
    mark: dict[str, Any] = {"error": failure.message[:2000]}
    if failure.permanent:
        mark |= {"status": Notice.Status.FAILED, "claimed_until": None}
    else:
        mark["claimed_until"] = now + retry_in(notice.attempts)
    Notice.objects.filter(pk=notice.pk, status=Notice.Status.PENDING).update(**mark)
    channel = NoticeChannel.objects.select_for_update().get(pk=notice.channel_id)
    channel.failures += 1
    channel.save(update_fields=["failures"])
    if channel.failures >= settings.NOTICE_PAUSE_AFTER and channel.paused_at is None:
        _pause(channel, failure.message, now)


def _pause(channel: NoticeChannel, error: str, now: datetime) -> None:
    """Pause ``channel``, drop its waiting notices and tell its player (or its table's host)
    by email why (``error``, the last failure)."""
    channel.paused_at = now
    channel.save(update_fields=["paused_at"])
    channel.notices.filter(status=Notice.Status.PENDING).update(
        status=Notice.Status.DROPPED, claimed_until=None
    )
    log.warning("notice channel #%s paused after %s failures", channel.pk, channel.failures)
    about = {"channel": channel.get_kind_display(), "error": error[:300]}
    seat, table = channel.seat, channel.table
    game: Game | None
    if seat is not None and seat.email:
        about |= {
            "seat_name": seat.display_name,
            "player": seat.display_name,  # the To: header names the reader
            "game": game_label(seat.game),
            "link": preferences_link(seat),
        }
        to, language, game = seat.email, seat.language, seat.game
    elif table is not None and table.host_email:
        about |= {
            "seat_name": "",
            "game": game_label(table.game) if table.game else table.title,
            "link": f"{settings.SITE_URL}/tables/{table_token(table)}/",
        }
        to, language, game = table.host_email, channel.language, table.game
    else:
        return
    mail_queue(
        to=to,
        kind="channel_paused",
        context=about,
        language=language,
        game=game,
        seat=seat,
        now=now,
    )


def notices_due(*, now: datetime, limit: int = SWEEP_LIMIT) -> list[int]:
    """Pending notices that no send holds: never claimed, or their lease or retry wait over."""
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    due = Notice.objects.filter(status=Notice.Status.PENDING).filter(free).order_by("id")
    return list(due.values_list("id", flat=True)[:limit])
