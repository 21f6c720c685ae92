"""Take-back: the game page offers "Ask to take back my last move" only when a
takeback is possible — the seat's own last move still standing, of a kind that revealed
nothing, no takeback asked for yet, the game under way — and the button then works.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from games.models import Game, Seat
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create, move_submit
from games.store import events
from games.store.loading import engine_for, load_state
from tests.clock import T0

BUTTON = "Ask to take back my last move"


@pytest.fixture
def game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")],
        seed=5,
        now=T0,
    )


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def _chat(client: Client, seat: Seat) -> str:
    return client.get(f"/play/{seat_token(seat)}/chat/").content.decode()


def _play(game: Game, name: str, kind: str) -> dict[str, Any]:
    game.refresh_from_db()
    move = next(
        m for m in engine_for(game).legal_moves(load_state(game), name) if m["type"] == kind
    )
    move_submit(game=game, seat=_seat(game, name), move=move, expected_seq=game.last_seq, now=T0)
    return move


def test_a_seat_that_has_not_moved_is_offered_no_takeback(game: Game, client: Client) -> None:
    assert BUTTON not in _chat(client, _seat(game, "Anne"))
    assert BUTTON not in _chat(client, _seat(game, "Bart"))


def test_a_move_that_drew_a_card_is_offered_no_takeback(game: Game, client: Client) -> None:
    _play(game, "Anne", "place")
    assert BUTTON not in _chat(client, _seat(game, "Anne"))


def test_the_mover_of_a_boarding_is_offered_a_takeback_that_works(
    game: Game, client: Client
) -> None:
    _play(game, "Anne", "board")
    anne, bart = _seat(game, "Anne"), _seat(game, "Bart")
    assert BUTTON in _chat(client, anne)
    assert BUTTON not in _chat(client, bart)  # not his move

    client.post(f"/play/{seat_token(anne)}/takeback/", {"answer": "ask"})

    assert game.events.filter(type=events.TAKEBACK_REQUESTED).count() == 1
    assert BUTTON not in _chat(client, anne)  # asked already
    assert "Anne asks to take back the last move." in _chat(client, bart)
    client.post(f"/play/{seat_token(bart)}/takeback/", {"answer": "accept"})
    game.refresh_from_db()
    assert game.to_move == ["Anne"]
    assert BUTTON not in _chat(client, anne)  # the move is gone
