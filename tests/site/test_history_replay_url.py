"""The replay's board fragment names its position for the address bar and the slider.

Previous, Next and the slider swap in ``board/?at=N``; its answer tells htmx to push
the page's own ``?at=N`` (never the fragment's address) and names the move for the
slider, the position clamped to the game's moves.
"""

from __future__ import annotations

import json

import pytest
from django.test import Client

from games.models import Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from tests.site.player_helpers import bot_moves

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def game() -> Game:
    game = game_create(
        kind="freibeuter", players=[PlayerSpec(name="Anne"), PlayerSpec(name="Bart")], seed=5
    )
    bot_moves(game, 3)
    return game


def test_it_pushes_the_pages_own_address_of_the_position_shown(game: Game, client: Client) -> None:
    """The fragment of move N pushes ``history/?at=N`` and names move N for the slider."""
    for base in (f"/games/{game.pk}/history/", f"/play/{seat_token(game.seats.first())}/history/"):
        answer = client.get(f"{base}board/", {"at": "2"}, **HTMX)
        assert answer["HX-Push-Url"] == f"{base}?at=2"
        moved = json.loads(answer["HX-Trigger-After-Settle"])["replay-moved"]
        assert moved == {"at": 2, "label": "move 2 of 3"}


def test_it_pushes_the_clamped_position(game: Game, client: Client) -> None:
    """A position beyond the last move shows and pushes the last move."""
    answer = client.get(f"/games/{game.pk}/history/board/", {"at": "99"}, **HTMX)
    assert answer["HX-Push-Url"].endswith("/history/?at=3")


def test_the_fragment_without_htmx_pushes_nothing(game: Game, client: Client) -> None:
    """Opened by hand, the fragment is a plain page part."""
    answer = client.get(f"/games/{game.pk}/history/board/", {"at": "1"})
    assert "HX-Push-Url" not in answer
