"""The standing orders a write leaves due: worked out once, inside the write.

A seat's standing orders (:class:`~games.models.StandingAnswers`) are its standing answers
to the questions its game asks off its turn (``games.play.standing``) and the moves it
queued for its next turn (``games.play.queued``). When a move leaves a seat to move, its
answer to the question it is now asked is due, or else the first of its queued moves that
is legal now and whose watched fields still show what they showed when it was queued.
``turns.turn_begin`` works them out once per move and hands them to the receivers of
``turn_begun``: the turn emails and notices skip the seats whose order is about to play,
and ``standing.standing_due`` plays it once the write has committed. A move that begins a
player's turn (one of the types he may queue) empties his queue: it was for that turn.

Only a move, and the deal that begins the first turn, has orders due: a takeback, a
moderator's action or a resume never plays one (the player is told and acts himself).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.base import Move, Rules
from games.models import Game, Seat, StandingAnswers
from games.store.repository import seats_with_orders

ANSWER = "answer"
"""An order's kind: the seat's standing answer to the question it is asked."""
QUEUED = "queued"
"""An order's kind: a move the seat queued for its turn."""


@dataclass(frozen=True)
class Order:
    """A standing order due: the seat, the move it makes and its kind (answer or queued)."""

    seat: Seat
    move: Move
    kind: str


@dataclass(frozen=True)
class Played:
    """The move a write made: who made it, the move, and the state before it."""

    player: str
    move: Move
    before: Any


def _as_json(move: Move) -> str:
    return json.dumps(move, sort_keys=True)


def answer_order(engine: Rules, state: Any, seat: Seat, answers: dict[str, Any]) -> Order | None:
    """``seat``'s standing answer to the question ``state`` asks it, if it set one."""
    rules = engine.standing
    if rules is None or not answers:
        return None
    player = seat.display_name
    view = engine.view(state, player)
    question = rules.question(view, player)
    if question is None or (rule := answers.get(question)) is None:
        return None
    return Order(seat, rules.answer(view, player, rule), ANSWER)


def queued_order(engine: Rules, state: Any, seat: Seat, queue: list[Any]) -> Order | None:
    """``seat``'s first queued move legal in ``state``, where its turn begins, whose watched
    fields still show what they showed when it was queued."""
    if not queue:
        return None
    player = seat.display_name
    view = engine.view(state, player)
    if not engine.queued.turn_begins(view, player):
        return None
    legal = {_as_json(move) for move in engine.legal_moves(state, player)}
    shown = engine.queued.fields(view)
    for entry in queue:
        watched = entry["fields"].items()
        if _as_json(entry["move"]) in legal and all(shown.get(k) == v for k, v in watched):
            return Order(seat, entry["move"], QUEUED)
    return None


def order_of(engine: Rules, state: Any, seat: Seat, row: StandingAnswers) -> Order | None:
    """The order of ``seat`` due in ``state`` (it is to move there), from its stored ``row``:
    its standing answer to the question it is asked, else its first playable queued move."""
    return answer_order(engine, state, seat, row.answers) or queued_order(
        engine, state, seat, row.queue
    )


def _began_turn(engine: Rules, played: Played) -> bool:
    """Whether ``played`` was the first move of its player's turn (his queue was for it)."""
    return bool(engine.queued.turn_begins(engine.view(played.before, played.player), played.player))


def orders_due(
    *,
    game: Game,
    engine: Rules,
    state: Any,
    seats: Sequence[Seat],
    played: Played | None,
    dealt: bool = False,
) -> list[Order]:
    """The orders due once the move ``played`` commits, or the deal (``dealt``, which begins
    the first turn as a move does; ``state`` the state after it), in seat order; ``[]`` when
    the write was neither. One query reads the stored orders of the seats to move and of the
    mover, none when the game's locked read found that they have none
    (``repository.seats_with_orders``); a move he made at his turn's start empties his queue."""
    if (played is None and not dealt) or game.status != Game.Status.ACTIVE:
        return []
    waiting = [seat for seat in seats if seat.display_name in game.to_move and not seat.is_bot]
    mover = None
    if played is not None:
        mover = next((seat for seat in seats if seat.display_name == played.player), None)
    read = [*waiting, *filter(None, [mover])]
    known = seats_with_orders(game)
    if known is not None and not known & {seat.pk for seat in read}:
        return []
    rows = {row.seat_id: row for row in StandingAnswers.objects.filter(seat__in=read)}
    spent = None if mover is None else rows.get(mover.pk)
    if played is not None and spent is not None and spent.queue and _began_turn(engine, played):
        spent.queue = []
        spent.save(update_fields=["queue"])
    return [
        order
        for seat in waiting
        if (row := rows.get(seat.pk)) is not None
        and (order := order_of(engine, state, seat, row)) is not None
    ]


def seat_order(engine: Rules, state: Any, seat: Seat) -> Order | None:
    """The order ``seat`` has due in ``state`` now (the deadline sweep's, before the bot)."""
    row = StandingAnswers.objects.filter(seat=seat).first()
    return None if row is None else order_of(engine, state, seat, row)


def turn_begun_players(
    game: Game, *, moved: str | None, waited: Sequence[str], orders: Sequence[Order]
) -> list[str]:
    """The players a change (``turn_begun``'s ``moved``, ``waited`` and ``orders``) began a
    turn for, as their turn emails and notices tell it: each to move now whom the game did not
    wait for before it, or who made it; not one whose standing order of ``orders`` is about to
    play (his emails and notices wait for what it leads to)."""
    ordered = {order.seat.display_name for order in orders}
    return [
        name
        for name in game.to_move
        if (name not in waited or name == moved) and name not in ordered
    ]
