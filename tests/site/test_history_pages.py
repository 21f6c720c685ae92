"""One history page for every game: the moves, the notes at the table
and, once the game is over, its deal, its record and the salt of its commitment."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.moderation.actions import game_pause, game_unpause
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from tests.site.player_helpers import bot_moves

NAMES = {
    "freibeuter": ("Anne", "Bart"),
    "seerauber": ("Anne", "Bart", "Cleo"),
    "flusspiraten": ("Anne", "Bart", "Cleo"),
}
DEALS = {
    "freibeuter": ("Hands dealt", "Sea deck, top first", "Dutchman deck, top first"),
    "seerauber": ("Ship deck, in the order dealt",),
    "flusspiraten": ("The die that set the turntable at the start rolled",),
}


@pytest.mark.parametrize("kind", sorted(NAMES))
def test_every_games_history_shows_the_notes_and_at_the_end_the_deal_and_salt(
    db: None, client: Client, kind: str
) -> None:
    game = game_create(kind=kind, players=[PlayerSpec(name=n) for n in NAMES[kind]], seed=3)
    moderator = User.objects.create_user("mod", is_staff=True)
    game = game_pause(game=game, moderator=moderator, reason="a <b>storm</b>")
    game_unpause(game=game, moderator=moderator, reason="calm")
    game.refresh_from_db()
    url = f"/play/{seat_token(game.seats.get(position=0))}/history/"
    during = client.get(url).content.decode()
    assert "At the table" in during and "A moderator paused the game." in during
    assert "a &lt;b&gt;storm&lt;/b&gt;" in during
    assert "The deal, revealed" not in during and "Salt:" not in during

    bot_moves(game)
    after = client.get(url).content.decode()
    record = client.get(f"/games/{game.pk}/record/").json()
    assert "The deal, revealed" in after and f"<code>{record['salt']}</code>" in after
    assert all(heading in after for heading in DEALS[kind])
    assert "A moderator let the game go on." in after
