"""Writes sent together (``games.store.repository.game_change``): every read still sees them."""

from __future__ import annotations

import pytest
from django.db import transaction

from games.models import Game
from games.store.repository import game_change, rows_update


def test_a_read_in_the_block_sees_the_waiting_writes(game: Game) -> None:
    with game_change(game):
        game.scores = {"Anne": 99}
        rows_update([(game, ["scores"])])
        assert Game.objects.get(pk=game.pk).scores == {"Anne": 99}
        game.scores = {"Anne": 98}
        rows_update([(game, ["scores"])])
    assert Game.objects.get(pk=game.pk).scores == {"Anne": 98}  # sent with this read


def test_a_failed_block_sends_nothing_that_waited(game: Game) -> None:
    before = Game.objects.get(pk=game.pk).scores
    with pytest.raises(RuntimeError), transaction.atomic(), game_change(game):
        game.scores = {"Anne": 99}
        rows_update([(game, ["scores"])])
        raise RuntimeError
    assert Game.objects.get(pk=game.pk).scores == before
    with game_change(game):  # and the next block starts with nothing waiting
        pass
    assert Game.objects.get(pk=game.pk).scores == before
