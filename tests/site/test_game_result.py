"""The end of a game explains its scores: the game page and the game-over email show how
each player's score came about, in words and figures, in the reader's language.

The sheets are each kind's ``score_sheets`` (``test_score_sheets.py`` checks that they add
up to the engine's scores); here they reach the reader: on the finished game's page, and
in both parts of the game-over email, whose HTML part shows the board as its picture and
leaves the text board to the text part.
"""

from __future__ import annotations

import random
from email.message import Message

from django.test import Client
from django.utils import translation
from player_helpers import bot_moves, finished_game, moderator_create

from games.kinds import kind_of
from games.mail.compose import mail_compose
from games.models import OutboundMail
from games.moderation import actions
from games.play.links import seat_link
from games.play.services import PlayerSpec, game_create
from games.play.tables import table_for
from tests.clock import T0

NAMES = ["Anne", "Bart", "Cleo"]


def _parts(message: Message) -> dict[str, str]:
    return {
        part.get_content_type(): part.get_payload(decode=True).decode()
        for part in message.walk()
        if part.get_content_maintype() == "text"
    }


def test_a_finished_games_page_shows_how_each_score_came_about(db: None, client: Client) -> None:
    """Seeräuber §7: the ducats and each booty kind's majority or pieces, with the total."""
    game = finished_game("seerauber", NAMES, random.Random(5))
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "How the scores came about" in page
    for sheet in kind_of("seerauber").score_sheets(table_for(game=game, seat=None)):
        assert sheet.player in page and f'<td class="points">{sheet.total}</td>' in page
        for line in sheet.lines:
            assert line.words in page


def test_a_game_under_way_or_decided_by_a_moderator_shows_no_score_sheets(
    db: None, client: Client
) -> None:
    """Only a game its rules ended has scores to explain; a decided one ended otherwise."""
    game = game_create(
        kind="seerauber", players=[PlayerSpec(name=name) for name in NAMES], seed=5, now=T0
    )
    bot_moves(game, 6)
    assert "How the scores came about" not in client.get(f"/games/{game.pk}/").content.decode()
    moderator = moderator_create()
    actions.game_adjudicate(game=game, moderator=moderator, reason="stuck", winners=["Cleo"])
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Cleo" in page and "How the scores came about" not in page


def test_the_game_over_email_explains_the_scores_in_its_readers_language(db: None) -> None:
    """Flußpiraten §7: each pirate at the source with the turntable's value, in German for
    a German seat; the picture in the HTML part, the text board in the text part only."""
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES]
    game = game_create(kind="flusspiraten", players=players, seed=4, now=T0)
    seat = game.seats.get(display_name="Bart")
    seat.language = "de"
    seat.save(update_fields=["language"])
    bot_moves(game)
    row = OutboundMail.objects.get(game=game, seat=seat, kind="game_over")
    parts = _parts(mail_compose(row).message())
    text, html = parts["text/plain"], parts["text/html"]
    assert "So kamen die Punkte zustande" in text and "So kamen die Punkte zustande" in html
    with translation.override("de"):
        sheets = kind_of("flusspiraten").score_sheets(table_for(game=game, seat=seat))
    for sheet in sheets:
        assert f"{sheet.total:4d}  Punkte" in text
        for line in sheet.lines:
            assert line.words in text and line.words in html
    assert 'src="cid:board"' in html and "<pre" not in html
    assert seat_link(seat) in text
