"""What changes a game's course besides its moves and the deadline sweep: a player's
vacation, a seat handed to another player or to the bot, a paused game resumed, a game
decided before its end. Each appends its event and moves the clocks with it."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from games.errors import Conflict, GameNotActive
from games.models import Event, Game, Seat, StandingAnswers
from games.people.accounts import seats_attach
from games.people.reliability import former_holder_keep
from games.play.levels import level_checked
from games.play.signals import event_announced
from games.play.turns import clocks_update, turn_begin
from games.store import events
from games.store.loading import engine_for
from games.store.repository import game_change, load_state
from games.timecontrol.deadlines import (
    RUNNING_FIELDS,
    clock_pause_for,
    clocks_earliest,
    time_control,
    zone_of,
)


class NoVacationLeft(Conflict):
    """The player has used up this year's vacation days."""

    code = "no_vacation_left"


def vacation_days_used(*, seat: Seat, year: int) -> int:
    """Vacation days ``seat`` has taken in ``year``, a year of its own calendar: a vacation
    counts in the year it started in on the seat's wall clock (one begun on 1 January in
    Auckland is the new year's, though it is still 31 December in UTC)."""
    zone = zone_of(seat)
    started = Event.objects.filter(
        game_id=seat.game_id, type=events.VACATION_STARTED, payload__player=seat.display_name
    )
    taken = [events.payload_of(event) for event in started]
    return sum(
        payload["days"]
        for payload in taken
        if datetime.fromisoformat(payload["since"]).astimezone(zone).year == year
    )


@transaction.atomic
def vacation_start(*, game: Game, seat: Seat, days: int, now: datetime | None = None) -> datetime:
    """Stop ``seat``'s clock for ``days`` days from now; return when the vacation ends."""
    now = now or timezone.now()
    game = Game.objects.select_for_update().get(pk=game.pk)
    seat = Seat.objects.get(pk=seat.pk, game=game)
    if game.status != Game.Status.ACTIVE:
        raise GameNotActive(f"The game is {game.status}; no vacation can start now.")
    allowed = time_control(game.options).vacation_days
    used = vacation_days_used(seat=seat, year=now.astimezone(zone_of(seat)).year)
    if days < 1 or used + days > allowed:
        raise NoVacationLeft(
            f"{seat.display_name} has {allowed - used} of {allowed} vacation days left this year."
        )
    until = max(now, seat.vacation_until or now) + timedelta(days=days)
    payload = events.vacation_started_payload(
        player=seat.display_name, days=days, since=now.isoformat(), until=until.isoformat()
    )
    actor = f"seat:{seat.position}"
    with game_change(game) as change:
        change.append(event_type=events.VACATION_STARTED, payload=payload, actor=actor, now=now)
        clock_pause_for(game=game, seat=seat, until=until, now=now)
        seat.save(update_fields=["vacation_until", *RUNNING_FIELDS])
        clocks_earliest(game, [seat, *game.seats.exclude(pk=seat.pk)])
    return until


def seat_hand_over(
    *,
    game: Game,
    seat: Seat,
    email: str | None,
    reason: str,
    actor: str,
    now: datetime,
    ladder: bool = False,
    level: str = "easy",
) -> None:
    """Give ``seat`` of the locked ``game`` to the player invited by ``email``, or to the bot
    (``None``) at ``level``, recorded as ``seat_replaced``: the old link stops working, the
    old player's account no longer acts for the seat, its timeouts count from none, its
    standing answers are forgotten (they were the old player's), and when the game waits
    for the seat its clock starts afresh (with a turn email for a new player); everyone is
    told.

    On the timeout ladder (``ladder``) the bot takes the seat of a late player and plays at
    once: he keeps his link, his count of timeouts and his standing answers, and his
    timeout email tells him."""
    if email is not None:
        former_holder_keep(seat=seat, until_seq=game.last_seq + 1)  # the seat_replaced below
        seat.email, seat.player = email, None
    seat.is_bot = email is None
    if not ladder:
        seat.timeouts, seat.user = 0, None
        seat.token_version += 1
    seat.save(update_fields=["email", "player", "is_bot", "timeouts", "user", "token_version"])
    if not ladder:
        StandingAnswers.objects.filter(seat=seat).delete()
    if email is not None:
        seats_attach(seats=Seat.objects.filter(pk=seat.pk))
    by = "bot" if email is None else "player"
    payload = events.seat_replaced_payload(
        player=seat.display_name, by=by, reason=reason, level=level
    )
    with game_change(game) as change:
        change.append(event_type=events.SEAT_REPLACED, payload=payload, actor=actor, now=now)
        waits = seat.display_name in game.to_move and game.status == Game.Status.ACTIVE
        if waits and not ladder:
            engine, state = engine_for(game), load_state(game)
            turn_begin(game=game, engine=engine, state=state, now=now, moved=seat.display_name)
    if not ladder:
        event_announced.send(
            sender=Game, game=game, event_type=events.SEAT_REPLACED, payload=payload, now=now
        )


@transaction.atomic
def seat_replace(
    *,
    game: Game,
    seat: Seat,
    email: str | None,
    actor: str,
    reason: str = "invited",
    level: str = "easy",
    now: datetime | None = None,
) -> Seat:
    """Lock ``game`` and give its ``seat`` to the player invited by ``email``, or to the bot
    at ``level`` (:func:`seat_hand_over`)."""
    now = now or timezone.now()
    level_checked(level)
    game = Game.objects.select_for_update().get(pk=game.pk)
    seat = Seat.objects.get(pk=seat.pk, game=game)
    seat_hand_over(
        game=game, seat=seat, email=email, reason=reason, actor=actor, now=now, level=level
    )
    return seat


@transaction.atomic
def game_resume(*, game: Game, actor: str, reason: str, now: datetime | None = None) -> Game:
    """Let a paused game go on: the seat to move gets a fresh clock and its turn email."""
    now = now or timezone.now()
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.status != Game.Status.PAUSED:
        raise GameNotActive(f"The game is {game.status}, not paused.")
    payload = events.game_resumed_payload(reason=reason)
    with game_change(game) as change:
        change.append(event_type=events.GAME_RESUMED, payload=payload, actor=actor, now=now)
        game.status = Game.Status.ACTIVE
        turn_begin(game=game, engine=engine_for(game), state=load_state(game), now=now)
    return game


def game_decide(
    *, game: Game, winners: list[str], reason: str, by: str, actor: str, now: datetime
) -> None:
    """Declare ``winners`` (player names, seat order) of the locked, open ``game`` before its
    end (``game_adjudicated``): it is over, its clocks stop and its players hear it. ``by``
    says who decided: a moderator, or a league whose round's deadline passed."""
    payload = events.game_adjudicated_payload(winners=winners, reason=reason, by=by)
    with game_change(game) as change:
        change.append(event_type=events.GAME_ADJUDICATED, payload=payload, actor=actor, now=now)
        game.status, game.winners, game.to_move = Game.Status.FINISHED, winners, []
        clocks_update(game=game, now=now)
    event_announced.send(
        sender=Game, game=game, event_type=events.GAME_ADJUDICATED, payload=payload, now=now
    )
