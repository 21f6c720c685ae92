"""No page or fragment shows a seat another seat's hand, or anyone the decks, in a live game.

Random 2-4 player games are played move by move; at checkpoints every page
and fragment (game page with a selection, poll, confirmation, history, replay
board, spectator pages, dashboard) is fetched as each seat and as a spectator,
and its raw HTML is searched for what that reader may not know (rules §9),
taken from the omniscient state.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from django.test import Client

from games.kinds.freibeuter.describe import card_label
from games.models import Event, Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state

NAMES = ("Anne", "Bart", "Cleo", "Dirk")
CARD_LABEL = re.compile(r'class="card-label">([^<]+)<')


def _hidden_from(reader: str | None, summary: dict[str, Any], state: Any) -> list[str]:
    hidden = []
    for name, player in summary["players"].items():
        if name != reader and player["hand"]:
            hidden += [", ".join(player["hand"]), json.dumps(player["hand"])]
    for deck, top in ((state.sea_deck, state.sea_top), (state.dutchman_deck, state.dutchman_top)):
        upcoming = list(deck[top : top + 4])
        if len(upcoming) >= 3:
            hidden += [", ".join(upcoming), " ".join(upcoming), json.dumps(upcoming)]
    return hidden


def _pages(game: Game, token: str | None, legal: list[str], at: int) -> list[str]:
    base = f"/play/{token}/" if token else f"/games/{game.pk}/"
    pages = [base, f"{base}poll/?seq=-1", f"{base}history/", f"{base}history/board/?at={at}"]
    if token:
        pages += [f"{base}?card=A1", f"{base}confirm/?move=board+A1-B2"]
        for notation in legal[:3]:
            card = notation.split()[1] if notation.startswith("place") else ""
            pages += [f"{base}?move={notation}", f"{base}confirm/?move={notation}"]
            pages += [f"{base}?card={card}"] if card else []
    return [*pages, "/", "/?show=finished"]


@pytest.mark.parametrize(("players", "seed"), [(2, 31), (3, 32), (4, 33)])
def test_no_page_shows_a_reader_what_the_rules_hide(db: None, players: int, seed: int) -> None:
    rng = random.Random(seed)
    game = game_create(
        kind="freibeuter", players=[PlayerSpec(name=n) for n in NAMES[:players]], seed=seed
    )
    engine = engine_for(game)
    salt = Event.objects.get(game=game, seq=1).payload["salt"]
    client = Client()
    checked = 0
    for move_number in range(60):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        state = load_state(game)
        summary = engine.summary(state)
        if move_number % 9 == 0:
            for seat in [*game.seats.all(), None]:
                reader = seat.display_name if seat else None
                legal = engine.legal_moves(state, reader) if reader else []
                picked = rng.sample(legal, min(3, len(legal)))
                notations = [engine.format_move(move) for move in picked]
                token = seat_token(seat) if seat else None
                hand = summary["players"][reader]["hand"] if reader else []
                own = Counter(card_label(card) for card in hand)
                for path in _pages(game, token, notations, rng.randint(0, move_number)):
                    html = client.get(path).content.decode()
                    for secret in _hidden_from(reader, summary, state):
                        assert secret not in html, f"{path} shows {reader} {secret!r}"
                    assert salt not in html, f"{path} shows the commitment's salt"
                    labels = Counter(CARD_LABEL.findall(html))
                    assert labels <= own or not labels, f"{path} shows cards {labels}"
                    checked += 1
        (name,) = game.to_move
        move = rng.choice(engine.legal_moves(state, name))
        move_submit(
            game=game, seat=game.seats.get(display_name=name), move=move,
            expected_seq=game.last_seq,
        )  # fmt: skip
    assert checked > 100
