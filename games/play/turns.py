"""What follows a recorded change of turn: the clocks follow and the seats to move hear of it.

Called by the services inside the transaction that appended the event, so
the deadline projections and the turn emails are written with it: the emails
by ``games.mail``, which hears of the new turn by ``signals.turn_begun``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

from django.db import models, transaction

from engine.base import Rules
from games.models import Game, Seat
from games.play.orders import Played, orders_due
from games.play.signals import bot_to_move, turn_begun
from games.store.repository import rows_update
from games.timecontrol.deadlines import RUNNING_FIELDS, clocks_follow


def clocks_update(
    *,
    game: Game,
    seats: Sequence[Seat] | None = None,
    restart: Collection[str] = (),
    now: datetime,
    along: Sequence[tuple[models.Model, Sequence[str]]] = (),
) -> list[Seat]:
    """Let the seats' clocks follow ``game.to_move`` and its status (``clocks_follow``);
    save the seats whose clock changed and return all of them.

    ``seats`` are all of the game's, when the caller has read them already; the fields
    of the rows in ``along`` are written in the same call, after the clocks have run."""
    seats = list(game.seats.all() if seats is None else seats)
    before = [[getattr(seat, field) for field in RUNNING_FIELDS] for seat in seats]
    clocks_follow(game=game, seats=seats, restart=restart, now=now)
    changed = [
        seat
        for seat, fields in zip(seats, before, strict=True)
        if [getattr(seat, field) for field in RUNNING_FIELDS] != fields
    ]
    rows_update([*((seat, RUNNING_FIELDS) for seat in changed), *along])
    return seats


def turn_begin(
    *,
    game: Game,
    engine: Rules,
    state: Any,
    now: datetime,
    moved: str | None = None,
    played: Played | None = None,
    dealt: bool = False,
    seats: Sequence[Seat] | None = None,
    along: Sequence[tuple[models.Model, Sequence[str]]] = (),
) -> None:
    """Start the clock of each seat now waited for and send its turn email (at the end: the
    result). ``moved`` names the player who just moved (or whose seat changed hands): his
    clock restarts if he is to move again; the others' running clocks run on.

    A bot seat's deadline is now, and ``bot_to_move`` is sent on commit to have it played.
    ``seats`` and ``along`` as for :func:`clocks_update`. The signal names the seats the game
    waited for before the change (``waited``: their clocks ran), so the turn emails go to
    the seats whose turn begins, not to those whose turn goes on.

    ``played`` is the move ``moved`` just made, when the change was one: the standing orders
    it leaves due are worked out here, once (``orders.orders_due``), and sent with the
    signal as ``orders``, so the turn emails skip their seats and they are played on commit.
    The deal (``dealt``) has the standing answers given with the seats due the same way.
    """
    seats = list(game.seats.all() if seats is None else seats)
    waited = [seat.display_name for seat in seats if seat.turn_started_at is not None]
    restart = () if moved is None else (moved,)
    seats = clocks_update(game=game, seats=seats, restart=restart, now=now, along=along)
    orders = orders_due(
        game=game, engine=engine, state=state, seats=seats, played=played, dealt=dealt
    )
    turn_begun.send(
        sender=Game,
        game=game,
        engine=engine,
        state=state,
        seats=seats,
        moved=moved,
        waited=waited,
        orders=orders,
        now=now,
    )
    if game.status == Game.Status.ACTIVE and any(
        seat.is_bot and seat.display_name in game.to_move for seat in seats
    ):
        game_id = game.pk
        transaction.on_commit(lambda: bot_to_move.send(sender=Game, game_id=game_id))
