# ruff: noqa: F811  (pytest fixtures imported from mail_helpers)
"""A bot seat plays as soon as its turn comes, through a real Celery worker on Redis.

The write that makes it the bot's turn has the bot's move queued when it
commits (``signals.bot_to_move``, answered by ``games.tasks.bot_move_task``); no
beat runs here, so only that queued task can play the bot's move.
"""

from __future__ import annotations

from typing import Any

import pytest
from mail_helpers import SmtpSink, poll, queue, smtp, worker  # noqa: F401

from games.models import Event, Game
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state

pytestmark = pytest.mark.django_db(transaction=True)


def _moved(game: Game, name: str) -> bool:
    return Event.objects.filter(game=game, type="move", payload__player=name).exists()


def test_it_plays_a_bot_seat_as_soon_as_its_turn_comes(worker: Any, smtp: SmtpSink) -> None:
    game = game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name="Anne", email="anne@example.org"),
            PlayerSpec(name="Robo", is_bot=True),
        ],
        seed=5,
    )
    if game.to_move == ["Anne"]:
        seat = game.seats.get(display_name="Anne")
        move = engine_for(game).bot_move(load_state(game), "Anne")
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)

    poll(lambda: _moved(game, "Robo"), timeout=30)
    game.refresh_from_db()
    assert game.to_move == ["Anne"]
