"""Deadlines with a moved clock: reminders, the timeout ladder, weekend pause, vacation, time banks.

Services take ``now``, so the clock moves without sleeping.
"""

from __future__ import annotations

import threading
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.db import connections

from games.interventions.services import NoVacationLeft, game_resume, seat_replace, vacation_start
from games.interventions.sweep import deadline_sweep
from games.models import Event, Game, OutboundMail
from games.play.links import seat_from_token, seat_token
from games.play.services import PlayerSpec, game_create
from games.store.loading import engine_for
from games.store.projections import game_projections_rebuild
from games.timecontrol.deadlines import BadOptions
from tests.clock import T0
from tests.site.dates_helpers import event_types, mails, play

pytestmark = pytest.mark.clock

HOUR = timedelta(hours=1)


def _game(options: dict[str, Any] | None = None, now: datetime = T0, zone: str = "UTC") -> Game:
    return game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name=name, email=f"{name.lower()}@example.org", time_zone=zone)
            for name in ("Anne", "Bart", "Cleo")
        ],
        options=options,
        seed=5,
        now=now,
    )


def test_it_sets_a_deadline_per_move_and_a_reminder_a_day_before(db: None) -> None:
    game = _game()
    assert game.deadline_at == T0 + 72 * HOUR
    assert game.remind_at == T0 + 48 * HOUR
    play(game, T0 + 5 * HOUR)
    assert game.deadline_at == T0 + 77 * HOUR


def test_it_sends_the_reminder_exactly_once(db: None) -> None:
    game = _game()
    assert deadline_sweep(now=T0 + 47 * HOUR) == 0
    for hours in (49, 50, 71):
        deadline_sweep(now=T0 + hours * HOUR)
    (reminder,) = mails(game, "reminder")
    assert reminder.to == "anne@example.org"
    assert event_types(game) == ["game_created", "reminder_sent"]  # recorded, so never sent twice


def test_it_climbs_the_timeout_ladder_step_by_step(db: None) -> None:
    game = _game({"timeout_policy": {"action": "bot", "replace_after": 2}})
    anne = game.seats.get(display_name="Anne")
    old_link = seat_token(anne)

    now = T0 + 73 * HOUR
    assert deadline_sweep(now=now) == 1
    assert event_types(game)[1:] == ["turn_timed_out", "move"]
    auto = Event.objects.get(game=game, seq=3)
    assert auto.payload["auto"] is True and auto.payload["player"] == "Anne"
    (notice,) = mails(game, "timed_out")
    assert notice.context["move"] == engine_for(game).format_move(auto.payload["move"])
    assert notice.context["replaced"] is False
    assert deadline_sweep(now=now) == 0  # the same deadline is never dealt with twice

    play(game, now + HOUR)  # Bart
    play(game, now + 2 * HOUR)  # Cleo
    now = game.deadline_at + HOUR
    deadline_sweep(now=now)
    assert event_types(game)[-3:] == ["turn_timed_out", "seat_replaced", "move"]
    anne.refresh_from_db()
    assert anne.is_bot and anne.timeouts == 2
    assert mails(game, "timed_out")[-1].context["replaced"] is True

    play(game, now + HOUR)  # Bart
    play(game, now + 2 * HOUR)  # Cleo: now the bot seat is to move, at once
    assert game.deadline_at == now + 2 * HOUR
    deadline_sweep(now=now + 2 * HOUR)
    assert (
        event_types(game)[-1] == "move" and event_types(game)[-2] == "move"
    )  # no timeout for a bot
    assert Event.objects.filter(game=game, type="turn_timed_out").count() == 2

    seat_replace(game=game, seat=anne, email="zoe@example.org", actor="user:1", now=now)
    anne.refresh_from_db()
    assert not anne.is_bot and anne.email == "zoe@example.org"
    assert seat_from_token(old_link) is None and event_types(game)[-1] == "seat_replaced"


def test_it_pauses_the_game_for_a_moderator_under_the_pause_policy(db: None) -> None:
    game = _game({"timeout_policy": {"action": "pause"}})
    deadline_sweep(now=T0 + 73 * HOUR)
    game.refresh_from_db()
    assert game.status == Game.Status.PAUSED and game.deadline_at is None
    assert event_types(game)[1:] == ["turn_timed_out", "game_paused"]
    assert [m.to for m in mails(game, "paused")] == ["bart@example.org", "cleo@example.org"]
    assert len(mails(game, "timed_out")) == 1
    assert deadline_sweep(now=T0 + 200 * HOUR) == 0
    game_projections_rebuild(game=game)
    game.refresh_from_db()
    assert game.status == Game.Status.PAUSED

    game_resume(game=game, actor="user:1", reason="Anne is back", now=T0 + 201 * HOUR)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and event_types(game)[-1] == "game_resumed"
    assert game.deadline_at == T0 + 273 * HOUR and len(mails(game, "turn")) == 2


def test_it_pauses_the_clock_over_the_weekend(db: None) -> None:
    berlin = ZoneInfo("Europe/Berlin")
    friday_noon = datetime(2037, 12, 4, 12, 0, tzinfo=berlin)
    daily = {"time_control": {"kind": "per_move", "hours": 24}}
    plain = _game(daily, now=friday_noon, zone="Europe/Berlin")
    assert plain.deadline_at == datetime(2037, 12, 5, 12, 0, tzinfo=berlin)
    paused = _game({**daily, "weekend_pause": True}, now=friday_noon, zone="Europe/Berlin")
    assert paused.deadline_at == datetime(2037, 12, 7, 12, 0, tzinfo=berlin)


def test_it_shifts_the_deadline_by_a_vacation(db: None) -> None:
    game = _game({"vacation_days": 7})
    anne = game.seats.get(display_name="Anne")
    until = vacation_start(game=game, seat=anne, days=5, now=T0 + 24 * HOUR)
    game.refresh_from_db()
    assert until == T0 + 24 * HOUR + timedelta(days=5)
    assert game.deadline_at == T0 + 72 * HOUR + timedelta(days=5)
    assert event_types(game)[-1] == "vacation_started"
    with pytest.raises(NoVacationLeft):
        vacation_start(game=game, seat=anne, days=3, now=T0 + 25 * HOUR)
    assert deadline_sweep(now=T0 + 73 * HOUR) == 0


def test_it_starts_a_turn_that_begins_during_a_vacation_when_the_vacation_ends(db: None) -> None:
    game = _game()
    bart = game.seats.get(display_name="Bart")
    vacation_start(game=game, seat=bart, days=3, now=T0)
    play(game, T0 + HOUR)  # Anne; Bart's turn begins while he is away
    assert game.deadline_at == T0 + timedelta(days=3) + 72 * HOUR


def test_it_charges_and_refills_a_time_bank(db: None) -> None:
    bank = {"time_control": {"kind": "bank", "bank_hours": 240, "increment_hours": 36}}
    game = _game(bank)
    assert game.deadline_at == T0 + 240 * HOUR
    play(game, T0 + 50 * HOUR)
    anne = game.seats.get(display_name="Anne")
    assert anne.clock_bank == (240 - 50 + 36) * HOUR
    play(game, T0 + 51 * HOUR)
    play(game, T0 + 52 * HOUR)
    assert game.deadline_at == T0 + 52 * HOUR + 226 * HOUR
    play(game, T0 + 53 * HOUR)
    anne.refresh_from_db()
    assert anne.clock_bank == 240 * HOUR  # capped


def test_it_refuses_options_that_are_not_a_time_control(db: None) -> None:
    with pytest.raises(BadOptions):
        _game({"time_control": {"kind": "hourglass"}})
    with pytest.raises(BadOptions):
        _game({"time_control": {"kind": "per_move", "hours": -1}})


@pytest.mark.django_db(transaction=True)
def test_it_records_one_timeout_when_two_sweeps_race() -> None:
    game = _game()
    barrier = threading.Barrier(4)
    steps: list[int] = []

    def sweep() -> None:
        try:
            barrier.wait(timeout=20)
            steps.append(deadline_sweep(now=T0 + 73 * HOUR))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=sweep) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sum(steps) == 1
    assert Event.objects.filter(game=game, type="turn_timed_out").count() == 1
    assert Event.objects.filter(game=game, type="move").count() == 1
    assert OutboundMail.objects.filter(game=game, kind="timed_out").count() == 1
