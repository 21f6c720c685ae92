"""History notes "At the table": chat messages and timeouts are notes of the
history, in the reader's language and escaped; a message a moderator hid is not said again.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.interventions.sweep import deadline_sweep
from games.models import Game
from games.moderation.actions import chat_hide
from games.play.chat import chat_post
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from tests.clock import T0

pytestmark = pytest.mark.clock  # the timeout is decided by time

HOUR = timedelta(hours=1)
SECRET = "meet me at the lair"


@pytest.fixture
def game(db: None) -> Game:
    """Anne chats (with markup), Bart's message is hidden, then Anne's time runs out."""
    game = game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name=name, email=f"{name.lower()}@example.org", language=language)
            for name, language in (("Anne", "de"), ("Bart", "fr"), ("Cleo", "en"))
        ],
        options={"timeout_policy": {"action": "bot", "replace_after": 3}},
        seed=5,
        now=T0,
    )
    anne, bart = game.seats.get(display_name="Anne"), game.seats.get(display_name="Bart")
    chat_post(game=game, seat=anne, text="Ahoy <b>all</b>", now=T0)
    hidden = chat_post(game=game, seat=bart, text=SECRET, now=T0 + HOUR)
    moderator = User.objects.create_user("mod", is_staff=True)
    chat_hide(game=game, moderator=moderator, reason="spoiler", message_seq=hidden.seq)
    assert deadline_sweep(now=T0 + 73 * HOUR) == 1
    game.refresh_from_db()
    return game


def _history(client: Client, game: Game, name: str) -> str:
    seat = game.seats.get(display_name=name)
    return client.get(f"/play/{seat_token(seat)}/history/").content.decode()


def test_the_history_notes_chat_and_timeouts_in_english(game: Game, client: Client) -> None:
    page = _history(client, game, "Cleo")
    assert "Anne says: Ahoy &lt;b&gt;all&lt;/b&gt;" in page
    assert "Bart wrote a message a moderator hid." in page
    assert "Time ran out for Anne." in page
    assert "made by the service" in page  # the move the service made for her
    assert SECRET not in page


def test_the_history_notes_are_in_german_and_french(game: Game, client: Client) -> None:
    german, french = _history(client, game, "Anne"), _history(client, game, "Bart")
    assert "Anne schreibt: Ahoy &lt;b&gt;all&lt;/b&gt;" in german
    assert "Für Anne ist die Zeit abgelaufen." in german
    assert "Bart a écrit un message qu’un modérateur a masqué." in french
    assert "Le temps est écoulé pour Anne." in french
    assert SECRET not in german + french
