"""A takeback request is shown to each seat asked in the game page's banner, with its answer.

The seat whose consent is wanted reads the request above the board, beside "Your turn.",
with the Accept and Decline buttons; the asker, a seat that accepted already and
spectators see no buttons there, and the request is gone once answered.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client

from games.models import Game, Seat
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from tests.clock import T0

ASKED = {
    "en": ("Anne asks to take back the last move.", "Your turn.", "Accept", "Decline"),
    "de": (
        "Anne bittet darum, den letzten Zug zurückzunehmen.",
        "Du bist am Zug.",
        "Annehmen",
        "Ablehnen",
    ),
    "fr": ("Anne demande à reprendre le dernier coup.", "À vous de jouer.", "Accepter", "Refuser"),
}


def _game(language: str) -> Game:
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, language=language) for n in ("Anne", "Bart", "Cleo")],
        seed=5,
        now=T0,
    )
    anne = _seat(game, "Anne")
    move = next(
        m for m in engine_for(game).legal_moves(load_state(game), "Anne") if m["type"] == "board"
    )
    move_submit(game=game, seat=anne, move=move, expected_seq=game.last_seq, now=T0)
    return game


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def _banner(client: Client, game: Game, name: str | None, path: str = "") -> str:
    url = f"/play/{seat_token(_seat(game, name))}/" if name else f"/games/{game.pk}/"
    page = client.get(url + path).content.decode()
    found = re.search(r'<div class="banner[^"]*" role="status">(.*?)\n</div>', page, re.S)
    assert found is not None, page
    return found.group(1)


@pytest.mark.parametrize("language", sorted(ASKED))
def test_the_seats_asked_answer_a_takeback_from_the_banner(
    db: None, client: Client, language: str
) -> None:
    """Rule: a pending takeback is in the banner, with its buttons, for each seat asked."""
    sentence, your_turn, accept, decline = ASKED[language]
    game = _game(language)
    game.refresh_from_db()
    before = game.last_seq
    client.post(f"/play/{seat_token(_seat(game, 'Anne'))}/takeback/", {"answer": "ask"})

    bart = _banner(client, game, "Bart")
    assert sentence in bart and your_turn in bart
    assert f'value="accept">{accept}<' in bart and f'value="decline">{decline}<' in bart
    # The page open before the request learns of it by its poll.
    assert sentence in _banner(client, game, "Cleo", f"poll/?seq={before}")
    assert sentence not in _banner(client, game, "Anne")  # the asker
    assert sentence not in _banner(client, game, None)  # a spectator

    client.post(f"/play/{seat_token(_seat(game, 'Bart'))}/takeback/", {"answer": "accept"})
    assert sentence not in _banner(client, game, "Bart")  # answered already
    assert 'value="accept"' in _banner(client, game, "Cleo")
    client.post(f"/play/{seat_token(_seat(game, 'Cleo'))}/takeback/", {"answer": "decline"})
    assert sentence not in _banner(client, game, "Bart")
    assert sentence not in _banner(client, game, "Cleo")
