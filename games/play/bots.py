"""The bots' moves, never computed while the game is locked.

:func:`bots_play` reads the game without a lock, lets the engine choose at the seat's
level (``games.play.levels``), and submits the move with the ``expected_seq`` it read; if
the game moved on meanwhile it reads and chooses again. A worker plays one move once the
write that gave a bot its turn has committed (``games.tasks.bot_move_task``; that move's
commit queues the next bot's), and the deadline sweep plays on for the bot seats it finds
due (a queued move that was lost).
"""

from __future__ import annotations

import math
import time
from datetime import datetime

from django.utils import timezone

from games.errors import StaleSeq
from games.models import Game
from games.play.levels import bot_levels
from games.play.services import move_submit
from games.store.loading import engine_for, load_state

BOT_CHAIN = 64
"""At most this many bot moves in a row for one game in one run."""

RETRIES = 3
"""How often a bot chooses again when the game moved on while it thought."""


def _bot_moves(game_id: int, now: datetime) -> bool:
    """Play one move of a bot seat to move in game ``game_id``; whether one was played."""
    for _ in range(RETRIES):
        game = Game.objects.filter(pk=game_id, status=Game.Status.ACTIVE).first()
        if game is None:
            return False
        seats = list(game.seats.order_by("position"))
        levels = bot_levels(game, seats)
        seat = next((s for s in seats if s.is_bot and s.display_name in game.to_move), None)
        if seat is None:
            return False
        name = seat.display_name
        move = engine_for(game).bot_move(load_state(game), name, levels[name])
        try:
            move_submit(
                game=game, seat=seat, move=move, expected_seq=game.last_seq, auto=True, now=now
            )
        except StaleSeq:
            continue
        return True
    return False


def bots_play(
    game_id: int, *, most: int = BOT_CHAIN, until: float = math.inf, now: datetime | None = None
) -> int:
    """Play the moves of game ``game_id``'s bots while a bot is to move, at most ``most`` and
    none begun after ``until`` (``time.monotonic``), each chosen without the game's lock;
    count them."""
    played = 0
    while played < most and time.monotonic() < until and _bot_moves(game_id, now or timezone.now()):
        played += 1
    return played
