"""The game and legal-moves GETs read the state kept at a game's head, never a stale one."""

from __future__ import annotations

import copy
import pickle
from typing import Any

from api_helpers import get_json
from django.test import Client

from games.models import Event, Game
from games.play.selectors import game_legal_moves, game_state
from games.play.services import move_submit
from games.store import kept
from games.store.kept import head_of, state_read
from games.store.loading import engine_for, fold, load_state


def _truth(game: Game) -> Any:
    stored = Event.objects.filter(game=game).order_by("seq")
    return fold(
        engine_for(game), game.pk, None, stored.values_list("seq", "type", "version", "payload")
    )


def _move(game: Game, capture: Any, *, committed_here: bool) -> Game:
    """The first legal move of the player to move; its commit hooks run only ``committed_here``
    (else another worker wrote it: this process kept nothing of it)."""
    game.refresh_from_db()
    name = game.to_move[0]
    move = engine_for(game).legal_moves(load_state(game), name)[0]
    with capture(execute=committed_here):
        move_submit(
            game=game,
            seat=game.seats.get(display_name=name),
            move=move,
            expected_seq=game.last_seq,
        )
    game.refresh_from_db()
    return game


def test_a_get_after_another_worker_s_move_shows_the_new_state(
    game: Game,
    tokens: dict[str, str],
    client: Client,
    django_capture_on_commit_callbacks: Any,
    state_loads: list[int],
) -> None:
    first = game.to_move[0]
    assert get_json(client, f"/api/games/{game.pk}/", tokens[first]).json()["last_seq"] == 1
    game = _move(game, django_capture_on_commit_callbacks, committed_here=False)
    assert kept._kept[game.pk][0] != head_of(game)  # this process kept the older head only
    name = game.to_move[0]
    detail = get_json(client, f"/api/games/{game.pk}/", tokens[name]).json()
    legal = get_json(client, f"/api/games/{game.pk}/legal/", tokens[name]).json()
    truth = _truth(game)
    assert detail["last_seq"] == legal["seq"] == 2
    assert detail["view"] == engine_for(game).view(truth, name)
    assert legal["moves"] == engine_for(game).legal_moves(truth, name)
    assert state_loads == [1, 2]  # the new head was loaded once, then kept for the legal GET


def test_a_get_after_this_process_s_move_needs_no_load(
    game: Game,
    tokens: dict[str, str],
    client: Client,
    django_capture_on_commit_callbacks: Any,
    state_loads: list[int],
) -> None:
    game = _move(game, django_capture_on_commit_callbacks, committed_here=True)
    name = game.to_move[0]
    for path in (f"/api/games/{game.pk}/", f"/api/games/{game.pk}/legal/"):
        assert get_json(client, path, tokens[name]).status_code == 200
    assert state_loads == [1]  # the move's own load; both GETs found its state kept


def test_a_reader_behind_a_writer_keeps_nothing_older(
    game: Game, django_capture_on_commit_callbacks: Any
) -> None:
    behind, before = copy.copy(game), _truth(game)  # read before the move committed
    game = _move(game, django_capture_on_commit_callbacks, committed_here=True)
    assert state_read(behind) == before != _truth(game)
    assert kept._kept[game.pk][0] == head_of(game)


def test_what_a_reader_gets_is_its_own(game: Game) -> None:
    seat = game.seats.get(display_name=game.to_move[0])
    shared = state_read(game)
    before = pickle.loads(pickle.dumps(shared))
    _scrambled(game_state(game=game, seat=seat))
    _scrambled(game_state(game=game, seat=None))
    _scrambled(game_legal_moves(game=game, seat=seat))
    assert state_read(game) is shared
    assert shared == before


def _scrambled(value: Any) -> None:
    """Empty every list and dict in ``value``, innermost first."""
    if isinstance(value, dict):
        for item in value.values():
            _scrambled(item)
        value.clear()
    elif isinstance(value, list):
        for item in value:
            _scrambled(item)
        value.clear()
