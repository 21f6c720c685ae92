"""A game is named by its title as players write it (Flußpiraten, Seeräuber, Freibeuter).

Pages, emails, form errors and API error messages say the engine's ``TITLE``; the
internal name (``flusspiraten``) appears only where it is an identifier: URLs, the API's
``kind`` values, CSS classes.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.mail.compose import mail_compose
from games.models import OutboundMail
from games.play.lobby import LobbyError, SeatSpec, table_create
from games.play.services import PlayerSpec, game_create
from games.web.lobby_forms import MAX_SEATS
from tests.site.api_helpers import post_json

ASCII_NAMES = ("Seerauber", "Flusspiraten")


def _games() -> None:
    for kind in ("seerauber", "flusspiraten"):
        game_create(kind=kind, players=[PlayerSpec(name=n) for n in ("Anne", "Bart", "Cleo")])


def _lobby_form(game: str, **seats: str) -> dict[str, object]:
    return {
        "game": game,
        "clock": "per_move",
        "hours": 72,
        "bank_days": 10,
        "timeout_policy": "bot",
        "replace_after": 3,
        **seats,
        **{f"seat{i}_language": "de" for i in range(MAX_SEATS)},
    }


def test_the_dashboard_names_each_game_by_its_title(db: None, client: Client) -> None:
    """Rule: the dashboard's kind column says Seeräuber and Flußpiraten, in every language."""
    _games()
    for language in ("en", "de", "fr"):
        page = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert "Seeräuber ·" in page and "Flußpiraten ·" in page, language
        assert not any(name in page for name in ASCII_NAMES), language


def test_a_lobby_table_of_too_few_players_is_refused_with_the_games_title(
    db: None, client: Client
) -> None:
    """Rule: the lobby's form error names the game by its title, in the page's language."""
    form = _lobby_form(
        "seerauber",
        seat0_kind="email",
        seat0_name="Anne",
        seat0_email="anne@example.org",
        seat1_kind="bot",
    )
    said = {
        "en": "Seeräuber is played by 3 to 5 players.",
        "de": "Seeräuber wird von 3 bis 5 Personen gespielt.",
        "fr": "Seeräuber se joue de 3 à 5 joueurs.",
    }
    for language, sentence in said.items():
        page = client.post("/games/new/", form, HTTP_ACCEPT_LANGUAGE=language)
        assert page.status_code == 200
        text = page.content.decode()
        assert sentence in text, language
        assert "seerauber is played" not in text.lower().replace("seeräuber", "")


def test_the_invitation_email_names_the_game_by_its_title(db: None, client: Client) -> None:
    """Rule: an email names the game by its title (subject and body)."""
    form = _lobby_form(
        "flusspiraten",
        seat0_kind="email",
        seat0_name="Anne",
        seat0_email="anne@example.org",
        seat1_kind="bot",
        seat2_kind="bot",
    )
    assert client.post("/games/new/", form).status_code == 302
    message = mail_compose(OutboundMail.objects.get(kind="invitation"))
    body = str(message.body)
    assert "Flußpiraten" in message.subject and "Flußpiraten" in body
    assert not any(name in message.subject + body for name in ASCII_NAMES)


def test_an_api_game_of_too_few_players_is_refused_with_the_games_title(
    db: None, client: Client
) -> None:
    """Rule: an API error message names the game by its title; ``kind`` stays the identifier."""
    client.force_login(User.objects.create(username="organiser"))
    players = [{"name": "Anne"}, {"name": "Bart"}]
    response = post_json(client, "/api/games/", {"kind": "seerauber", "players": players})
    assert response.status_code == 400
    assert "Seeräuber is played by 3 to 5 players." in response.content.decode()


def test_the_lobby_service_names_the_game_by_its_title_when_the_seats_do_not_fit(
    db: None,
) -> None:
    """The lobby's own check, under the form's: a table of two Seeräuber seats is refused in
    words that name the game as players write it."""
    with pytest.raises(LobbyError) as refused:
        table_create(kind="seerauber", seats=[SeatSpec(kind="bot")] * 2, options={})
    assert str(refused.value).startswith("Seeräuber is played by 3 to 5 players")
