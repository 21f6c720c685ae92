"""The dashboard's words: how long ago a move was, and which list a tab shows.

A last move is "just now" within its first minute and "5 minutes ago" after, in the
reader's language; each tab's page is titled by the list it shows (the finished games'
tab is "Finished games", never "Games under way").
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client

from games.models import Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create

SAID = {
    "en": ("just now", "5 minutes ago"),
    "de": ("gerade eben", "vor 5 Minuten"),
    "fr": ("à l’instant", "il y a 5 minutes"),
}


def _moved_game(client: Client) -> Game:
    game = game_create(
        kind="seerauber", players=[PlayerSpec(name=n) for n in ("Anne", "Bart", "Cleo")], seed=4
    )
    anne = game.seats.get(display_name="Anne")
    client.post(f"/play/{seat_token(anne)}/", {"move": "stack R2 on B2", "expected_seq": 1})
    game.refresh_from_db()
    assert game.last_seq == 2, "the move was refused"
    return game


def _last_move_hint(page: str) -> str:
    found = re.search(r'<td class="wide">.*?<span class="hint">([^<]*)</span>', page, re.S)
    assert found is not None, page
    return found.group(1).replace("\xa0", " ")


@pytest.mark.parametrize("language", sorted(SAID))
def test_the_last_move_is_told_as_just_now_then_minutes_ago(
    db: None, client: Client, clock: Any, language: str
) -> None:
    """Rule: a relative time says "ago" (and "just now" within a minute), never "0 minutes"."""
    _moved_game(client)
    client.cookies.clear()
    fresh, later = SAID[language]
    assert _last_move_hint(client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()) == (
        fresh
    )
    clock.shift(timedelta(minutes=5))
    assert _last_move_hint(client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()) == (
        later
    )


def test_each_tab_is_titled_by_the_list_it_shows(db: None, client: Client) -> None:
    """Rule: the finished games' tab is titled "Finished games" in its heading and its title."""
    for show, heading in (("finished", "Finished games"), ("", "Games under way")):
        page = client.get("/", {"show": show}).content.decode()
        assert f"<title>{heading} ·" in page, show
        assert f"<h1>{heading}</h1>" in page, show
