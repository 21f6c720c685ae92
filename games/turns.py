"""What follows a recorded change of turn: the clock starts and the seat to move hears of it.

Called by the services inside the transaction that appended the event, so
the deadline projection and the turn email are written with it.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from django.db import transaction

from engine.base import Game as Engine
from games.deadlines import clock_turn_start
from games.models import Game
from games.notices import turn_mails_queue

log = logging.getLogger(__name__)


def _sweep_soon() -> None:
    from games.tasks import deadline_sweep_task

    try:
        deadline_sweep_task.delay()
    except Exception:  # the minutely beat sweep plays the bot's move anyway
        log.warning("could not queue a deadline sweep for a bot seat", exc_info=True)


def turn_begin(*, game: Game, engine: Engine, state: Any, now: datetime) -> None:
    """Start the clock of the seat now to move and send its turn email (at the end: the result).

    A bot seat's deadline is now, and a deadline sweep is queued to play for it.
    """
    seats = {seat.display_name: seat for seat in game.seats.all()}
    mover = seats[game.to_move[0]] if game.to_move else None
    clock_turn_start(game=game, seat=mover, now=now)
    turn_mails_queue(game=game, engine=engine, state=state, now=now)
    if mover is not None and mover.is_bot and game.status == Game.Status.ACTIVE:
        transaction.on_commit(_sweep_soon)
