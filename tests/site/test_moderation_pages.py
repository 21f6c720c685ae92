"""Moderation pages: a game's moderation page names its actions in words, tells
its event stream in sentences as the history does (never a payload's Python dict), and its
header knows the moderator is signed in; the omniscient view stays the moderators' alone.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from games.kinds import kind_of
from games.models import Game
from games.moderation.actions import game_pause
from games.moderation.requests import ACTIONS
from games.play.chat import chat_post
from games.play.services import PlayerSpec, game_create
from games.store import events
from tests.site.player_helpers import bot_moves, moderator_create

NAMES = {
    "freibeuter": ("Anne", "Bart"),
    "seerauber": ("Anne", "Bart", "Cleo"),
    "flusspiraten": ("Anne", "Bart", "Cleo"),
}
MOVES = 4
ACTION_NAMES = (
    "Pause the game",
    "Let the game go on",
    "Give more time",
    "Let the bot play a seat",
    "Abort the game",
    "Decide the game",
    "Hide a chat message",
)


@pytest.fixture
def moderator(db: None) -> User:
    return moderator_create("mara")


def _played(kind: str) -> tuple[Game, list[str]]:
    """A game of ``kind`` a few moves in, and those moves in English words."""
    game = game_create(kind=kind, players=[PlayerSpec(name=n) for n in NAMES[kind]], seed=3)
    bot_moves(game, MOVES)
    with translation.override("en"):
        words = [
            f"{event.payload['player']}: {kind_of(kind).move_action(event.payload['move'])}"
            for event in game.events.filter(type=events.MOVE)
        ]
    return game, words


@pytest.mark.parametrize("kind", sorted(NAMES))
def test_the_event_stream_is_told_in_sentences(moderator: User, client: Client, kind: str) -> None:
    game, words = _played(kind)
    chat_post(game=game, seat=game.seats.get(position=1), text="Ahoy <i>all</i>")
    game_pause(game=game, moderator=moderator, reason="a report")
    client.force_login(moderator)

    page = client.get(f"/moderate/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert "{'" not in page and "False" not in page and "'auto'" not in page
    sealed = "made a choice, sealed until the others have chosen."
    assert all(escape(line) in page or sealed in page for line in words)
    assert "Bart says: Ahoy &lt;i&gt;all&lt;/i&gt;" in page
    assert "A moderator paused the game. Reason: a report" in page
    assert "moderator mara" in page  # who did it, for moderators


def test_the_actions_are_named_in_words_on_styled_forms(moderator: User, client: Client) -> None:
    game, _words = _played("freibeuter")
    client.force_login(moderator)
    page = client.get(f"/moderate/games/{game.pk}/").content.decode()
    for name in ACTION_NAMES:
        assert f'<button class="button primary">{name}</button>' in page
    assert "<button>pause</button>" not in page and "<strong>adjudicate</strong>" not in page
    assert page.count('class="form-grid panel moderate-action"') == len(ACTIONS)


def test_an_action_is_confirmed_in_words(moderator: User, client: Client) -> None:
    game, _words = _played("freibeuter")
    client.force_login(moderator)
    page = client.post(
        f"/moderate/games/{game.pk}/pause/", {"reason": "storm"}, follow=True
    ).content.decode()
    assert "Done: Pause the game." in page


def test_the_header_says_who_is_signed_in_not_sign_in(moderator: User, client: Client) -> None:
    game, _words = _played("freibeuter")
    client.force_login(moderator)
    for url in (f"/moderate/games/{game.pk}/", "/moderate/", f"/games/{game.pk}/"):
        page = client.get(url).content.decode()
        assert "Sign out" in page and "<span>mara</span>" in page, url
        assert 'href="/signin/"' not in page, url


def test_the_omniscient_view_stays_the_moderators(moderator: User, client: Client) -> None:
    game, _words = _played("freibeuter")
    assert client.get(f"/moderate/games/{game.pk}/omniscient/").status_code == 403
    client.force_login(moderator)
    page = client.get(f"/moderate/games/{game.pk}/omniscient/")
    assert page.status_code == 200
    assert "&quot;hand&quot;: [" in page.content.decode()  # JSON, read as it is stored
    assert "False" not in page.content.decode() and "None" not in page.content.decode()
