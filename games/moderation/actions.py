"""Moderator actions: each one transaction that appends an event with the moderator and reason.

The moderator is the event's actor (``user:N``), the reason is in its
payload; the players affected hear of it by email and the game's history
shows it in words (``games.event_lines``). Nothing here edits or removes an
event: a correction is a new event. A finished or aborted game takes no
action but the hiding of a chat message (:class:`GameOver`).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games.errors import GameNotActive, GameOver, Refused
from games.interventions.services import game_decide, game_resume, seat_hand_over, seat_replace
from games.models import Event, Game, OutboundMail, Seat
from games.play.recipients import addresses_check
from games.play.signals import event_announced
from games.play.turns import clocks_update
from games.store import events
from games.store.repository import GameChange, game_change
from games.timecontrol.deadlines import clock_extend, clocks_earliest

MAX_EXTENSION_HOURS = 24 * 30


def actor_of(moderator: User) -> str:
    """The event actor that names ``moderator``."""
    return f"user:{moderator.pk}"


def _opened(
    game: Game, reason: str, now: datetime | None, *, over_too: bool = False
) -> tuple[Game, str, datetime]:
    """``game`` locked for an action, the reason given and the action's time; refused
    without a reason, or once the game is over (unless ``over_too``)."""
    reason = reason.strip()
    if not reason:
        raise Refused("Say why: every moderator action needs a reason.")
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.is_over and not over_too:
        raise GameOver(f"The game is {game.status}; moderators can no longer change it.")
    return game, reason, now or timezone.now()


def _record(
    change: GameChange,
    moderator: User,
    event_type: str,
    payload: dict[str, Any],
    now: datetime,
    seats: list[Seat] | None = None,
) -> None:
    """Append the moderator's event to the changed game, as it is now, and tell ``seats``
    (default: every player) of it."""
    change.append(event_type=event_type, payload=payload, actor=actor_of(moderator), now=now)
    event_announced.send(
        sender=Game, game=change.game, event_type=event_type, payload=payload, now=now, seats=seats
    )


def _status_set(
    game: Game,
    moderator: User,
    event_type: str,
    payload: dict[str, Any],
    status: Game.Status,
    now: datetime,
) -> Game:
    """Record the event that leaves ``game`` in ``status``, let the clocks follow, and tell
    every player; an aborted game waits for no one."""
    with game_change(game) as change:
        game.status = status
        clocks_update(game=game, now=now)
        if game.is_over:
            game.to_move = []
        _record(change, moderator, event_type, payload, now)
    return game


@transaction.atomic
def game_pause(*, game: Game, moderator: User, reason: str, now: datetime | None = None) -> Game:
    """Stop the game and its clock until a moderator resumes it."""
    game, reason, now = _opened(game, reason, now)
    if game.status != Game.Status.ACTIVE:
        raise GameNotActive(f"The game is {game.status}, not under way.")
    payload = events.game_paused_payload(reason=reason)
    return _status_set(game, moderator, events.GAME_PAUSED, payload, Game.Status.PAUSED, now)


@transaction.atomic
def game_unpause(*, game: Game, moderator: User, reason: str, now: datetime | None = None) -> Game:
    """Let a paused game go on (``game_resume``) and tell every player."""
    game, reason, now = _opened(game, reason, now)
    game = game_resume(game=game, actor=actor_of(moderator), reason=reason, now=now)
    payload = events.game_resumed_payload(reason=reason)
    event_announced.send(
        sender=Game, game=game, event_type=events.GAME_RESUMED, payload=payload, now=now
    )
    return game


@transaction.atomic
def deadline_extend(
    *, game: Game, moderator: User, reason: str, hours: int, now: datetime | None = None
) -> Game:
    """Give every seat the game waits for ``hours`` more before its deadline (one event each)."""
    game, reason, now = _opened(game, reason, now)
    if not 1 <= hours <= MAX_EXTENSION_HOURS:
        raise Refused(f"Extend a deadline by 1 to {MAX_EXTENSION_HOURS} hours.")
    if game.status != Game.Status.ACTIVE or game.deadline_at is None:
        raise GameNotActive("Only a game under way has a deadline to extend.")
    seats = list(game.seats.all())
    waiting = [seat for seat in seats if seat.deadline_at is not None and not seat.is_bot]
    if not waiting:
        raise Refused("Only the bot is to move, and it plays at once; nothing to extend.")
    with game_change(game) as change:
        for seat in waiting:
            deadline = clock_extend(game=game, seat=seat, by=timedelta(hours=hours), now=now)
            seat.save(update_fields=["turn_allowance", "deadline_at", "remind_at"])
            payload = events.deadline_extended_payload(
                player=seat.display_name, hours=hours, deadline=deadline.isoformat(), reason=reason
            )
            _record(change, moderator, events.DEADLINE_EXTENDED, payload, now, seats=[seat])
        clocks_earliest(game, seats)
    return game


@transaction.atomic
def seat_invite(
    *, game: Game, moderator: User, reason: str, seat: Seat, email: str, now: datetime | None = None
) -> Seat:
    """Give ``seat`` to a new player invited by ``email``; the old link stops working.

    AddressRefused if the address's owner asked never to be invited."""
    game, reason, now = _opened(game, reason, now)
    addresses_check([email], now=now, new_game=False)
    actor = actor_of(moderator)
    return seat_replace(game=game, seat=seat, email=email, actor=actor, reason=reason, now=now)


@transaction.atomic
def seat_remove(
    *,
    game: Game,
    moderator: User,
    reason: str,
    seat: Seat,
    level: str = "easy",
    now: datetime | None = None,
) -> Seat:
    """Take ``seat`` from its player and give it to the bot at ``level``; the player hears
    why."""
    game, reason, now = _opened(game, reason, now)
    seat = Seat.objects.get(pk=seat.pk, game=game)
    if seat.is_bot:
        raise Refused(f"The bot already plays for {seat.display_name}.")
    actor = actor_of(moderator)
    seat_hand_over(
        game=game, seat=seat, email=None, reason=reason, actor=actor, now=now, level=level
    )
    return seat


@transaction.atomic
def link_reissue(
    *, game: Game, moderator: User, reason: str, seat: Seat, now: datetime | None = None
) -> Seat:
    """Revoke ``seat``'s link (and reply address) and email the new one to its player."""
    game, reason, now = _opened(game, reason, now)
    seat = Seat.objects.get(pk=seat.pk, game=game)
    seat.token_version += 1
    seat.save(update_fields=["token_version"])
    payload = events.link_reissued_payload(player=seat.display_name, reason=reason)
    with game_change(game) as change:
        _record(change, moderator, events.LINK_REISSUED, payload, now, seats=[seat])
    return seat


@transaction.atomic
def game_abort(*, game: Game, moderator: User, reason: str, now: datetime | None = None) -> Game:
    """End the game without a result."""
    game, reason, now = _opened(game, reason, now)
    payload = events.game_aborted_payload(reason=reason)
    return _status_set(game, moderator, events.GAME_ABORTED, payload, Game.Status.ABORTED, now)


@transaction.atomic
def game_adjudicate(
    *, game: Game, moderator: User, reason: str, winners: list[str], now: datetime | None = None
) -> Game:
    """Declare the result of a stuck game: ``winners`` (player names) win, the game is over."""
    game, reason, now = _opened(game, reason, now)
    names = list(game.seats.values_list("display_name", flat=True))
    unknown = sorted(set(winners) - set(names))
    if unknown or not winners:
        raise Refused(f"Winners must be players of this game: {', '.join(names)}.")
    ordered = [name for name in names if name in winners]
    actor = actor_of(moderator)
    game_decide(game=game, winners=ordered, reason=reason, by="moderator", actor=actor, now=now)
    return game


@transaction.atomic
def chat_hide(
    *, game: Game, moderator: User, reason: str, message_seq: int, now: datetime | None = None
) -> Event:
    """Hide the chat message of event ``message_seq`` from everyone, for good."""
    game, reason, now = _opened(game, reason, now, over_too=True)
    message = Event.objects.filter(game=game, seq=message_seq, type=events.CHAT_POSTED).first()
    if message is None:
        raise Refused(f"Event {message_seq} of this game is not a chat message.")
    hidden = Event.objects.filter(
        game=game, type=events.CHAT_HIDDEN, payload__message_seq=message_seq
    )
    if hidden.exists():
        raise Refused("That message is already hidden.")
    payload = events.chat_hidden_payload(message_seq=message_seq, reason=reason)
    with game_change(game) as change:
        actor = actor_of(moderator)
        event = change.append(event_type=events.CHAT_HIDDEN, payload=payload, actor=actor, now=now)
    _unsent_mail_scrub(game, message_seq)
    return event


def _unsent_mail_scrub(game: Game, message_seq: int) -> None:
    """Take a hidden message's text out of the game's emails not sent yet."""
    unsent = OutboundMail.objects.select_for_update().filter(
        game=game, status__in=[OutboundMail.Status.PENDING, OutboundMail.Status.HELD]
    )
    for row in unsent:
        since = row.context.get("since", [])
        if any(entry.get("seq") == message_seq for entry in since):
            for entry in since:
                if entry.get("seq") == message_seq:
                    entry.update(text=None, hidden=True)
            row.save(update_fields=["context"])
