"""The snapshot cache only speeds loading up: a miss or garbage still gives the right state."""

from __future__ import annotations

import pickle

import pytest
from django.core.cache import cache
from django.test import TestCase

import engine.freibeuter
from engine.record import replay
from games.mail.compose import mail_context
from games.models import Event, Game, OutboundMail, Seat
from games.play.selectors import game_legal_moves
from games.play.services import move_submit
from games.store.loading import SNAPSHOT_EVERY, _key, load_state


def _play(game: Game, moves: int) -> Game:
    for _ in range(moves):
        seat = game.seats.get(display_name=game.to_move[0])
        move = game_legal_moves(game=game, seat=seat)[-1]
        with TestCase.captureOnCommitCallbacks(execute=True):  # snapshots are kept on commit
            move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
        game.refresh_from_db()
    return game


def _replayed_from_scratch(game: Game) -> object:
    stored = Event.objects.filter(game=game).order_by("seq")
    moves = [
        {"player": e.payload["player"], **e.payload["move"]} for e in stored if e.type == "move"
    ]
    return replay({**stored[0].payload, "moves": moves})[1]


def _store_raw(key: str, raw: bytes) -> None:
    """Put bytes that do not unpickle under ``key``, bypassing the cache's own pickling."""
    full_key = cache.make_and_validate_key(key)
    if hasattr(cache, "_cache") and hasattr(cache._cache, "get_client"):
        cache._cache.get_client(full_key, write=True).set(full_key, raw)
    else:
        cache._cache[full_key] = raw
        cache._expire_info[full_key] = None


GARBAGE = {
    "missing": None,
    "a string": "garbage",
    "another game's tuple": ("0" * 64, 1, object()),
    "an int": 42,
    "unpicklable bytes": b"\x80\x04garbage",
}


@pytest.mark.parametrize("garbage", GARBAGE.values(), ids=GARBAGE.keys())
def test_it_loads_the_right_state_whatever_the_cache_holds(game: Game, garbage: object) -> None:
    game = _play(game, SNAPSHOT_EVERY + 5)
    for seq in range(1, game.last_seq + 1):
        if garbage is None:
            cache.delete(_key(game, seq))
        elif isinstance(garbage, bytes):
            _store_raw(_key(game, seq), garbage)
        else:
            cache.set(_key(game, seq), garbage)
    assert load_state(game) == _replayed_from_scratch(game)


def test_it_replays_only_the_tail_after_a_checkpoint(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _play(game, SNAPSHOT_EVERY + 3)
    cache.delete(_key(game, game.last_seq))
    assert cache.get(_key(game, SNAPSHOT_EVERY)) is not None

    def no_full_replay(*args: object) -> None:
        raise AssertionError("replayed from the start despite a checkpoint")

    truth = _replayed_from_scratch(game)
    monkeypatch.setattr(engine.freibeuter, "start", no_full_replay)
    assert load_state(game) == truth


def test_a_move_onto_a_checkpoint_keeps_it_once_committed(game: Game) -> None:
    game = _play(game, SNAPSHOT_EVERY - 2)  # the next move's event is the checkpoint's
    assert game.last_seq == SNAPSHOT_EVERY - 1
    seat = game.seats.get(display_name=game.to_move[0])
    move = game_legal_moves(game=game, seat=seat)[0]
    with TestCase.captureOnCommitCallbacks(execute=False) as callbacks:
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
    assert cache.get(_key(game, SNAPSHOT_EVERY)) is None, "no snapshot before the commit"
    for callback in callbacks:
        callback()
    game.refresh_from_db()
    assert game.last_seq == SNAPSHOT_EVERY
    kept = cache.get(_key(game, SNAPSHOT_EVERY))
    assert pickle.loads(pickle.dumps(kept[2])) == _replayed_from_scratch(game)


def test_a_move_s_head_reaches_the_cache_from_the_turn_email_s_composer(anne: Seat) -> None:
    """The move's request stores no head that is not a checkpoint; the worker that
    composes the next player's turn email folds it from the events and stores it."""
    game = anne.game
    move = game_legal_moves(game=game, seat=anne)[0]
    with TestCase.captureOnCommitCallbacks(execute=True):
        move_submit(game=game, seat=anne, move=move, expected_seq=game.last_seq)
    game.refresh_from_db()
    assert cache.get(_key(game, game.last_seq)) is None
    (turn,) = OutboundMail.objects.filter(game=game, kind="turn", seat__display_name="Bart")
    mail_context(turn)
    kept = cache.get(_key(game, game.last_seq))
    assert kept is not None and kept[2] == _replayed_from_scratch(game)


def test_a_load_folding_past_a_checkpoint_stores_it(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _play(game, SNAPSHOT_EVERY + 3)
    for seq in range(1, game.last_seq + 1):
        cache.delete(_key(game, seq))
    truth = _replayed_from_scratch(game)
    assert load_state(game) == truth
    assert cache.get(_key(game, SNAPSHOT_EVERY)) is not None
    cache.delete(_key(game, game.last_seq))

    def no_full_replay(*args: object) -> None:
        raise AssertionError("replayed from the start despite the checkpoint stored")

    monkeypatch.setattr(engine.freibeuter, "start", no_full_replay)
    assert load_state(game) == truth
