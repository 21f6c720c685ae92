# ruff: noqa: F811  (pytest fixtures imported from mail_helpers and notice_helpers)
"""A real worker sends a committed turn notice by itself: its listener hears the move's
commit (PostgreSQL NOTIFY on the notices' channel), or finds the notice unclaimed when it
starts, and queues its send; no sweep runs."""

from __future__ import annotations

from typing import Any

import pytest
from mail_helpers import SmtpSink, poll, queue, smtp, worker  # noqa: F401
from notice_helpers import Receiver, receiver  # noqa: F401

from games.models import Notice
from games.notices.channels import channel_add
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from tests.clock import T0

pytestmark = [pytest.mark.clock, pytest.mark.django_db(transaction=True)]


def test_the_worker_sends_a_committed_turn_notice_without_a_sweep(
    worker: Any, smtp: SmtpSink, receiver: Receiver
) -> None:
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name="Anne"), PlayerSpec(name="Bart")],
        seed=4,
        now=T0,
    )
    channel_add(seat=game.seats.get(display_name="Bart"), kind="json", url=receiver.url, now=T0)
    move = engine_for(game).legal_moves(load_state(game), "Anne")[0]
    anne = game.seats.get(display_name="Anne")
    move_submit(game=game, seat=anne, move=move, expected_seq=game.last_seq)

    poll(lambda: receiver.received, timeout=10)
    poll(lambda: Notice.objects.filter(status="sent").exists(), timeout=5)
    (got,) = receiver.received
    assert got.json()["player"] == "Bart" and got.json()["type"] == "turn"
