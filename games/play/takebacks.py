"""Takebacks with consent: a player asks to undo his last move, the others accept or decline.

A move may be taken back only while it revealed nothing (no card drawn, no
ship laid out, no die rolled: each game's kind lists such moves in
``TAKEBACK_MOVES``) and nobody has moved since. When
every other human seat has accepted (bot seats never object),
``move_taken_back`` is appended: replay then restores the state from before
the move (``games.store.loading.fold``), and the player is to move again with a
fresh clock and a turn email. The players a takeback event concerns hear of it
from ``games.mail``, told by ``signals.event_announced``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.errors import Conflict, GameNotActive, GameOver
from games.kinds import kind_of
from games.models import Event, Game, Seat
from games.play.signals import event_announced
from games.play.turns import turn_begin
from games.store import events
from games.store.loading import engine_for
from games.store.repository import (
    event_append,
    game_change,
    load_state,
    projections_set,
    snapshot_on_commit,
)


class NotLastOwnMove(Conflict):
    """Only the game's last move, made by the asker himself, can be taken back."""

    code = "takeback_not_last"


class MoveRevealed(Conflict):
    """The move showed hidden information (a card drawn, a ship laid out, dice)."""

    code = "takeback_revealed"


class TakebackPending(Conflict):
    """A takeback of this move is already asked for."""

    code = "takeback_pending"


class NoTakeback(Conflict):
    """No takeback is waiting for an answer."""

    code = "no_takeback"


class NotYourTakeback(Conflict):
    """Only the other players of the game answer a takeback."""

    code = "takeback_not_yours"


class TakebackAnswered(Conflict):
    """The player has already accepted this takeback."""

    code = "takeback_answered"


def _locked_active(game: Game) -> Game:
    game = Game.objects.select_for_update().get(pk=game.pk)
    if game.is_over:
        raise GameOver(f"The game is {game.status}; no move can be taken back.")
    if game.status != Game.Status.ACTIVE:
        raise GameNotActive(f"The game is {game.status}; no move can be taken back now.")
    return game


def _last_move(game: Game) -> Event | None:
    """The last move still on the board (``None`` when it was taken back or there is none)."""
    last = (
        Event.objects.filter(game=game, type__in=[events.MOVE, events.MOVE_TAKEN_BACK])
        .order_by("-seq")
        .first()
    )
    return last if last is not None and last.type == events.MOVE else None


def takeback_pending(game: Game) -> dict[str, Any] | None:
    """The open request for ``game``'s last move: who asked, who accepted; ``None`` if none."""
    move = _last_move(game)
    if move is None:
        return None
    answers = Event.objects.filter(
        game=game,
        seq__gt=move.seq,
        type__in=[events.TAKEBACK_REQUESTED, events.TAKEBACK_ACCEPTED, events.TAKEBACK_DECLINED],
    ).order_by("seq")
    pending: dict[str, Any] | None = None
    for event in answers:
        if event.type == events.TAKEBACK_REQUESTED:
            asker = events.payload_of(event)["player"]
            pending = {"player": asker, "move_seq": move.seq, "accepted": []}
        elif event.type == events.TAKEBACK_DECLINED:
            pending = None
        elif pending is not None:
            pending["accepted"].append(events.payload_of(event)["player"])
    return pending


def _takeback_refusal(game: Game, seat: Seat, move: Event | None) -> Conflict | None:
    """Why ``seat`` may not ask to take back ``move``, the game's last one; ``None`` if it may."""
    played = None if move is None else events.payload_of(move)
    if played is None or played["player"] != seat.display_name or played.get("auto"):
        return NotLastOwnMove("Only the last move, made by yourself, can be taken back.")
    if played["move"].get("type") not in kind_of(game.kind).TAKEBACK_MOVES:
        return MoveRevealed(
            "That move revealed hidden information (a card drawn, a ship laid out or dice "
            "rolled), so it cannot be taken back."
        )
    if takeback_pending(game) is not None:
        return TakebackPending("A takeback of this move is already asked for.")
    return None


def takeback_possible(*, game: Game, seat: Seat) -> bool:
    """Whether ``seat`` may ask now to take back its last move (the page offers it only then)."""
    if game.status != Game.Status.ACTIVE:
        return False
    return _takeback_refusal(game, seat, _last_move(game)) is None


@transaction.atomic
def takeback_request(*, game: Game, seat: Seat, now: datetime | None = None) -> Event:
    """Ask the other players to let ``seat`` take back its last move."""
    now = now or timezone.now()
    game = _locked_active(game)
    move = _last_move(game)
    refusal = _takeback_refusal(game, seat, move)
    if refusal is not None:
        raise refusal
    assert move is not None, "a move to take back is the game's last"
    event, payload = _seat_says(game, seat, events.TAKEBACK_REQUESTED, move.seq, now)
    others = [other for other in game.seats.all() if other.pk != seat.pk and not other.is_bot]
    _announce(game, events.TAKEBACK_REQUESTED, payload, now, seats=others)
    if not others:
        _take_back(game, seat.display_name, move.seq, now)
    return event


def _seat_says(
    game: Game, seat: Seat, event_type: str, move_seq: int, now: datetime
) -> tuple[Event, dict[str, Any]]:
    """Append ``seat``'s takeback event of type ``event_type``; the event and its payload."""
    payload = events.takeback_payload(player=seat.display_name, move_seq=move_seq)
    actor = f"seat:{seat.position}"
    event = event_append(game, event_type=event_type, payload=payload, actor=actor, now=now)
    return event, payload


def _announce(
    game: Game,
    event_type: str,
    payload: dict[str, Any],
    now: datetime,
    seats: list[Seat] | None = None,
) -> None:
    """Tell ``seats`` (``None``: all) of the takeback event just appended."""
    event_announced.send(
        sender=Game, game=game, event_type=event_type, payload=payload, now=now, seats=seats
    )


def _take_back(game: Game, player: str, move_seq: int, now: datetime) -> None:
    payload = events.takeback_payload(player=player, move_seq=move_seq)
    with game_change(game) as change:
        change.append(event_type=events.MOVE_TAKEN_BACK, payload=payload, actor="system", now=now)
        engine = engine_for(game)
        state = load_state(game)
        projections_set(game, engine, state)
        turn_begin(game=game, engine=engine, state=state, now=now, moved=player)
    snapshot_on_commit(game, state)
    _announce(game, events.MOVE_TAKEN_BACK, payload, now)


@transaction.atomic
def takeback_answer(*, game: Game, seat: Seat, accept: bool, now: datetime | None = None) -> Event:
    """Accept or decline the open takeback as ``seat``; the last acceptance takes the move back."""
    now = now or timezone.now()
    game = _locked_active(game)
    pending = takeback_pending(game)
    if pending is None:
        raise NoTakeback("No takeback is waiting for an answer.")
    if seat.game_id != game.pk or seat.display_name == pending["player"]:
        raise NotYourTakeback("Only the other players of this game answer a takeback.")
    if seat.display_name in pending["accepted"]:
        raise TakebackAnswered("You have already accepted this takeback.")
    event_type = events.TAKEBACK_ACCEPTED if accept else events.TAKEBACK_DECLINED
    event, payload = _seat_says(game, seat, event_type, pending["move_seq"], now)
    if not accept:
        asker = game.seats.filter(display_name=pending["player"])
        _announce(game, event_type, payload, now, seats=list(asker))
        return event
    waiting = game.seats.exclude(display_name__in=[pending["player"], *pending["accepted"]])
    if not waiting.exclude(pk=seat.pk).filter(is_bot=False).exists():
        _take_back(game, pending["player"], pending["move_seq"], now)
    return event
