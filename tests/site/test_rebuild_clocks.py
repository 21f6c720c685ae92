"""Rebuilding projections restores the clock: deadlines, reminders, time banks, timeouts, vacations.

The games are played with a moved clock (services take ``now``), then their
clock fields are corrupted on the rows (events are immutable) and rebuilt.
A sent reminder is an event (``reminder_sent``), so a rebuild never sends it again.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.interventions.services import vacation_start
from games.interventions.sweep import deadline_sweep
from games.models import Game, Seat
from games.moderation import actions
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from games.store.projections import game_projections_rebuild
from games.timecontrol.deadlines import CLOCK_FIELDS, SEAT_CLOCK_FIELDS
from tests.clock import T0

pytestmark = pytest.mark.clock

HOUR = timedelta(hours=1)


@pytest.fixture
def mod(db: None) -> User:
    return User.objects.create_user("mod", "mod@example.org", "x", is_staff=True)


def _game(options: dict[str, Any]) -> Game:
    return game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name=name, email=f"{name.lower()}@example.org", time_zone="Europe/Berlin")
            for name in ("Anne", "Bart", "Cleo")
        ],
        options=options,
        seed=5,
        now=T0,
    )


def _play(game: Game, now: datetime) -> None:
    game.refresh_from_db()
    seat = game.seats.get(display_name=game.to_move[0])
    move = engine_for(game).bot_move(load_state(game), seat.display_name)
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq, now=now)


def _mover(game: Game) -> Seat:
    game.refresh_from_db()
    return game.seats.get(display_name=game.to_move[0])


def _clocks(game: Game) -> dict[str, Any]:
    row = Game.objects.values(*CLOCK_FIELDS).get(pk=game.pk)
    seats = Seat.objects.filter(game=game).order_by("position")
    return {**row, "seats": list(seats.values("display_name", *SEAT_CLOCK_FIELDS))}


def _corrupt(game: Game) -> None:
    Game.objects.filter(pk=game.pk).update(deadline_at=T0, remind_at=T0)
    Seat.objects.filter(game=game).update(
        clock_bank=HOUR,
        timeouts=7,
        vacation_until=T0,
        turn_started_at=T0,
        turn_allowance=HOUR,
        deadline_at=T0,
        remind_at=T0,
    )


def _assert_rebuilt(game: Game) -> None:
    snapshot = _clocks(game)
    assert game_projections_rebuild(game=game) is False
    _corrupt(game)
    assert game_projections_rebuild(game=game) is True
    assert _clocks(game) == snapshot


def test_it_rebuilds_a_time_bank_game_with_a_vacation_timeout_and_extension(
    mod: User,
) -> None:
    game = _game(
        {
            "time_control": {"kind": "bank", "bank_hours": 100, "increment_hours": 20},
            "weekend_pause": True,
            "timeout_policy": {"action": "bot", "replace_after": 3},
        }
    )
    _play(game, T0 + 30 * HOUR)  # Anne
    vacation_start(game=game, seat=_mover(game), days=2, now=T0 + 31 * HOUR)  # Bart
    _play(game, T0 + 80 * HOUR)  # Bart
    game.refresh_from_db()
    deadline_sweep(now=game.deadline_at + HOUR)  # Cleo times out, the bot plays for her
    game.refresh_from_db()
    actions.deadline_extend(
        game=game, moderator=mod, reason="ill", hours=12, now=_mover(game).turn_started_at + HOUR
    )
    game.refresh_from_db()
    assert Seat.objects.get(game=game, display_name="Cleo").timeouts == 1
    assert Seat.objects.get(game=game, display_name="Anne").clock_bank is not None
    _assert_rebuilt(game)


def test_it_rebuilds_a_fixed_time_game_with_a_reminder_timeout_and_extension(
    mod: User,
) -> None:
    game = _game({"time_control": {"kind": "per_move", "hours": 48}, "reminder_hours": 12})
    deadline_sweep(now=T0 + 40 * HOUR)  # Anne's reminder goes out
    _play(game, T0 + 41 * HOUR)  # Anne
    _play(game, T0 + 42 * HOUR)  # Bart
    deadline_sweep(now=T0 + 91 * HOUR)  # Cleo times out
    vacation_start(game=game, seat=_mover(game), days=1, now=T0 + 92 * HOUR)
    actions.deadline_extend(game=game, moderator=mod, reason="storm", hours=6, now=T0 + 93 * HOUR)
    game.refresh_from_db()
    assert game.remind_at is not None
    _assert_rebuilt(game)

    deadline_sweep(now=game.remind_at)  # the reminder is sent and recorded
    game.refresh_from_db()
    assert game.remind_at is None
    _assert_rebuilt(game)
    assert Game.objects.get(pk=game.pk).remind_at is None
