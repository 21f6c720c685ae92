"""Reliability: how many of his turns a player moved in time, and the games he left.

A query over the events, relative to the ``now`` it is given (never the clock):

- A **turn** of a player is one begun for his seat (the game waits for it,
  with a deadline and a turn email) that has ended, by one of two events
  naming the seat's player: his own ``move`` (``auto`` false) — **moved in
  time**, since the service takes a move until it times the turn out — or a
  ``turn_timed_out`` — **late** (the move the service then makes for him is
  ``auto`` and is not a turn of his). A turn counts in the
  :data:`WINDOW` before ``now`` in which its event lies; turns under way do
  not count yet, nor do the moves of a bot seat or the service's forced
  passes (none of them his own); a turn restarted after a pause for his
  timeout is a new one.
- A **game left** is a seat taken from him while he played it: by the bot
  (``seat_replaced`` by the bot, after his timeouts or by a moderator) or by
  another player a moderator gave it to (``seat_replaced`` by a player while
  the seat was not the bot's), counted once per seat he held, in the window
  by the event's time.

A seat's row names its current player; its earlier ones are kept in
:class:`~games.models.FormerHolder` (:func:`former_holder_keep`), so the turns
each held count for him: a holding runs from the ``seat_replaced`` by a
player that gave him the seat (or the game's start) to the one that gave it
to the next.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Q

from games.models import Event, FormerHolder, Player, Seat
from games.store import events

WINDOW = timedelta(days=365)
"""The last 12 months: the turns and games left that count, before ``now``."""

Seen = tuple[int, str, dict[str, object], bool]
"""An event of a seat: its seq, type and payload, and whether it lies in the window."""


@dataclass(frozen=True)
class Reliability:
    """A player's turns of the last 12 months, those moved in time, and the games he left."""

    turns: int = 0
    in_time: int = 0
    left: int = 0

    @property
    def share(self) -> float | None:
        """The share of turns moved in time (0 to 1); ``None`` without a turn."""
        return self.in_time / self.turns if self.turns else None

    @property
    def percent(self) -> int | None:
        """:attr:`share` in whole per cent, rounded down (99.9 % is not 100 %)."""
        return None if self.share is None else self.in_time * 100 // self.turns

    def meets(self, minimum: int | None) -> bool:
        """Whether a table asking for ``minimum`` per cent admits him; a player without a
        turn yet is admitted (a newcomer has no record to fall short of)."""
        return minimum is None or self.percent is None or self.percent >= minimum


@dataclass(frozen=True)
class _Holding:
    player_id: int
    game_id: int
    name: str
    until_seq: int | None
    """The seq of the ``seat_replaced`` that gave the seat on; ``None`` while he holds it."""


def former_holder_keep(*, seat: Seat, until_seq: int) -> None:
    """Keep ``seat``'s current holder (if a person) as a former one: the seat is given to
    another player by the ``seat_replaced`` event at ``until_seq``."""
    if seat.player_id is not None or seat.email:
        FormerHolder.objects.create(
            seat=seat, player_id=seat.player_id, email=seat.email.lower(), until_seq=until_seq
        )


def former_holders_claim(*, player: Player) -> None:
    """The former holdings of ``player``'s address become his (at sign-in)."""
    FormerHolder.objects.filter(email=player.email, player__isnull=True).update(player=player)


def _holdings(player_ids: list[int]) -> list[_Holding]:
    current = Seat.objects.filter(player__in=player_ids).values_list(
        "player_id", "game_id", "display_name"
    )
    former = FormerHolder.objects.filter(player__in=player_ids).values_list(
        "player_id", "seat__game_id", "seat__display_name", "until_seq"
    )
    return [_Holding(*row, None) for row in current] + [_Holding(*row) for row in former]


def reliabilities(*, players: Iterable[Player], now: datetime) -> dict[int, Reliability]:
    """The reliability of each of ``players`` at ``now``, by account id (three queries).

    Every ``seat_replaced`` of their games is read, whenever it was: the holdings of a
    seat are bounded by them even when ``now`` is in the past."""
    player_ids = [player.pk for player in players]
    holdings = _holdings(player_ids)
    since = now - WINDOW
    stored = (
        Event.objects.filter(
            game_id__in={holding.game_id for holding in holdings},
            type__in=(events.MOVE, events.TURN_TIMED_OUT, events.SEAT_REPLACED),
        )
        .filter(Q(created_at__gt=since, created_at__lte=now) | Q(type=events.SEAT_REPLACED))
        .order_by("game_id", "seq")
        .values_list("game_id", "seq", "type", "version", "payload", "created_at")
    )
    by_seat: dict[tuple[int, str], list[Seen]] = defaultdict(list)
    for game_id, seq, event_type, version, raw, created_at in stored:
        payload = events.upcast(event_type, version, raw)
        by_seat[game_id, str(payload["player"])].append(
            (seq, event_type, payload, since < created_at <= now)
        )
    held: dict[int, list[tuple[int, int, int]]] = {pk: [] for pk in player_ids}
    for holding in holdings:
        held[holding.player_id].append(_count(holding, by_seat[holding.game_id, holding.name]))
    return {pk: Reliability(*map(sum, zip(*rows, strict=True))) for pk, rows in held.items()}


def _count(holding: _Holding, stored: list[Seen]) -> tuple[int, int, int]:
    """Turns, turns moved in time and games left (0 or 1) in one holding of a seat."""
    handovers = [
        seq
        for seq, event_type, payload, _ in stored
        if event_type == events.SEAT_REPLACED and payload["by"] == "player"
    ]
    end = holding.until_seq
    start = max((seq for seq in handovers if end is None or seq < end), default=0)
    turns = in_time = 0
    for seq, event_type, payload, recent in stored:
        if seq <= start or (end is not None and seq > end):
            continue
        if event_type == events.SEAT_REPLACED:  # the seat was taken from him: his holding ends
            return turns, in_time, int(recent)
        if recent and event_type == events.TURN_TIMED_OUT:
            turns += 1
        elif recent and event_type == events.MOVE and not payload["auto"]:
            turns += 1
            in_time += 1
    return turns, in_time, 0


def reliability(*, player: Player, now: datetime) -> Reliability:
    """The reliability of one player at ``now`` (:func:`reliabilities`)."""
    return reliabilities(players=[player], now=now)[player.pk]


def reliabilities_of_emails(*, emails: Iterable[str], now: datetime) -> dict[str, Reliability]:
    """The reliability of each address in ``emails`` that has an account, by lower-case address."""
    accounts = list(Player.objects.filter(email__in={email.lower() for email in emails if email}))
    figures = reliabilities(players=accounts, now=now)
    return {account.email: figures[account.pk] for account in accounts}
