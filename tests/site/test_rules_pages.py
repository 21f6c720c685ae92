"""The rules at hand: each game's rules are a page of the site in English, German and French,
written with the board's own terms in each language, and every game page, the lobby's
new-game page and every turn email link to the game's rules; a short page tells how to play
by email.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client

from games.mail.compose import mail_compose
from games.models import Game, OutboundMail
from games.play.services import PlayerSpec, game_create
from tests.clock import T0

PLAYERS = {
    "freibeuter": ("Anne", "Bart"),
    "seerauber": ("Anne", "Bart", "Cleo"),
    "flusspiraten": ("Anne", "Bart", "Cleo"),
}

# Words each rules page must use as the game's pages and emails do in that language.
TERMS = {
    ("freibeuter", "en"): ["pirate lair", "Flying Dutchman card", "chests", "credit"],
    ("freibeuter", "de"): ["Nest", "Holländerkarte", "Truhen", "Kredit", "Meereskarte"],
    ("freibeuter", "fr"): ["Repaire", "carte Hollandais volant", "coffres", "crédit"],
    ("seerauber", "en"): ["stack", "captain", "mutiny", "candlestick", "ducats"],
    ("seerauber", "de"): ["Stapel", "Kapitän", "Meuterei", "Kerzenleuchter", "Heuer"],
    ("seerauber", "fr"): ["pile", "capitaine", "mutinerie", "chandelier", "solde"],
    ("flusspiraten", "en"): ["turntable", "ford", "rowing test", "harbour", "club"],
    ("flusspiraten", "de"): ["Drehscheibe", "Furt", "Ruderprobe", "Hafenplatz", "Keule"],
    ("flusspiraten", "fr"): ["plaque tournante", "gué", "épreuve d'aviron", "quai", "massue"],
}


def _game(kind: str) -> Game:
    return game_create(
        kind=kind,
        players=[
            PlayerSpec(name=name, email=f"{name.lower()}@example.org", language="en")
            for name in PLAYERS[kind]
        ],
        seed=7,
        now=T0,
    )


@pytest.mark.parametrize(("kind", "language"), sorted(TERMS))
def test_it_shows_each_games_rules_in_the_readers_language_with_the_boards_terms(
    db: None, client: Client, kind: str, language: str
) -> None:
    """Rule: a game's rules page answers in en/de/fr, using the terms the game's pages use."""
    response = client.get(f"/rules/{kind}/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    page = response.content.decode()
    assert f'lang="{language}"' in page
    for term in TERMS[kind, language]:
        assert term.lower() in page.lower().replace("&#x27;", "'"), (kind, language, term)


@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "How to play by email"),
        ("de", "Per E-Mail spielen"),
        ("fr", "Jouer par e-mail"),
    ],
)
def test_it_explains_playing_by_email_with_a_reply_for_each_game(
    db: None, client: Client, language: str, title: str
) -> None:
    """Rule: the email help page gives a reply example per game, take-backs and vacations."""
    response = client.get("/rules/email/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    page = response.content.decode()
    assert title in page
    for example in ("place F4 draw sea", "board S07 with R3 take chest", "path XL L1 L2"):
        assert example in page


def test_an_unknown_game_has_no_rules_page(db: None, client: Client) -> None:
    """Rule: /rules/<game>/ is 404 for a game not played here."""
    assert client.get("/rules/chess/").status_code == 404


@pytest.mark.parametrize("kind", sorted(PLAYERS))
def test_every_game_page_links_to_its_rules(db: None, client: Client, kind: str) -> None:
    """Rule: a game's page links to that game's rules page."""
    game = _game(kind)
    page = client.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert f'href="/rules/{kind}/">Regeln</a>' in page


def test_the_lobby_links_to_every_games_rules(db: None, client: Client) -> None:
    """Rule: the new-game page links to each game's rules and to playing by email."""
    page = client.get("/games/new/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    for target in ("/rules/freibeuter/", "/rules/seerauber/", "/rules/flusspiraten/"):
        assert f'href="{target}"' in page
    assert 'href="/rules/email/">Jouer par e-mail</a>' in page
    assert "Les règles :" in page  # French sets a space before the colon


@pytest.mark.parametrize("kind", sorted(PLAYERS))
def test_a_turn_email_links_to_the_games_rules(db: None, kind: str) -> None:
    """Rule: a turn email's text and HTML both link to the game's rules at the site's address."""
    game = _game(kind)
    row = OutboundMail.objects.filter(game=game, kind="turn").order_by("id").first()
    assert row is not None
    message = mail_compose(row)
    link = f"{settings.SITE_URL}/rules/{kind}/"
    assert f"The rules of the game: {link}" in message.body
    (html,) = [part for part in message.message().walk() if part.get_content_type() == "text/html"]
    assert f'href="{link}"' in html.get_payload(decode=True).decode("utf-8")
