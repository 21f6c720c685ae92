"""The engine state kept in the process for the write path: used only at the game's head."""

from __future__ import annotations

import pickle
from typing import Any

from games.models import Event, Game
from games.play.services import move_submit
from games.play.takebacks import takeback_answer, takeback_request
from games.store import kept
from games.store.kept import KEEP, head_of, kept_state, state_keep
from games.store.loading import engine_for, fold, load_state


def _truth(game: Game) -> Any:
    stored = Event.objects.filter(game=game).order_by("seq")
    return fold(
        engine_for(game), game.pk, None, stored.values_list("seq", "type", "version", "payload")
    )


def _move(game: Game, capture: Any, *, committed_here: bool = True, kind: str = "") -> Game:
    """The first legal move (of ``kind``, if given) of the player to move; its commit hooks run
    only ``committed_here`` (else it is as if another worker had written it: this process kept
    nothing of it)."""
    game.refresh_from_db()
    name = game.to_move[0]
    legal = engine_for(game).legal_moves(load_state(game), name)
    move = next(move for move in legal if move["type"] == kind or not kind)
    seat = game.seats.get(display_name=name)
    with capture(execute=committed_here):
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
    game.refresh_from_db()
    return game


def test_a_move_after_this_process_s_own_needs_no_load(
    game: Game, django_capture_on_commit_callbacks: Any, state_loads: list[int]
) -> None:
    game = _move(game, django_capture_on_commit_callbacks)
    game = _move(game, django_capture_on_commit_callbacks)
    game = _move(game, django_capture_on_commit_callbacks)
    assert state_loads == [1]  # the first move's state was loaded, the next two were kept
    assert kept_state(game) == _truth(game)


def test_a_move_another_worker_wrote_moves_the_key(
    game: Game, django_capture_on_commit_callbacks: Any, state_loads: list[int]
) -> None:
    game = _move(game, django_capture_on_commit_callbacks)
    kept_before = kept_state(game)
    game = _move(game, django_capture_on_commit_callbacks, committed_here=False)
    assert kept._kept[game.pk][0] != head_of(game)  # this process kept the older head only
    game = _move(game, django_capture_on_commit_callbacks)
    assert state_loads == [1, game.last_seq - 1]  # the other worker's head was loaded, not the kept
    assert kept_state(game) == _truth(game) != kept_before


def test_a_takeback_moves_the_key(
    game: Game, django_capture_on_commit_callbacks: Any, state_loads: list[int]
) -> None:
    game = _move(game, django_capture_on_commit_callbacks)
    before_takeback = _truth(game)
    game = _move(game, django_capture_on_commit_callbacks, kind="board")
    mover = game.seats.get(
        display_name=Event.objects.get(game=game, seq=game.last_seq).payload["player"]
    )
    takeback_request(game=game, seat=mover)
    for other in game.seats.exclude(pk=mover.pk):
        takeback_answer(game=game, seat=other, accept=True)
    game.refresh_from_db()
    assert kept_state(game) == before_takeback == _truth(game)


def test_a_state_kept_under_another_head_is_never_handed_out(game: Game) -> None:
    game_id, commitment, seq, head_hash = head_of(game)
    for stale in (
        (game_id, commitment, seq, "0" * 64),
        (game_id, commitment, seq - 1, head_hash),
        (game_id, "another game's", seq, head_hash),
    ):
        state_keep(stale, "not this game's state")
        assert kept_state(game) == _truth(game)


def test_a_move_leaves_the_kept_state_as_it_was(
    game: Game, django_capture_on_commit_callbacks: Any
) -> None:
    game = _move(game, django_capture_on_commit_callbacks)
    shared = kept_state(game)
    copy = pickle.loads(pickle.dumps(shared))
    _move(game, django_capture_on_commit_callbacks)
    assert shared == copy


def test_it_keeps_the_latest_games_only() -> None:
    for game_id in range(-KEEP - 1, 0):
        state_keep((game_id, "c", 1, "h"), game_id)
    assert -KEEP - 1 not in kept._kept and len(kept._kept) <= KEEP
    assert kept._kept[-1] == ((-1, "c", 1, "h"), -1)
