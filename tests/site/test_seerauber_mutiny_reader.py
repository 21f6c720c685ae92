"""The mutiny line of a Seeräuber page addresses its reader as "you" where he is its subject.

The seat asked about a mutiny reads "You may mutiny against Anne.", the mutineer "You
mutinied: …" and the captain "… you must board …"; the other seats and spectators read
the players' names (rules §6).
"""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from tests.site.seerauber_mutiny import MUTINY, NAMES, OPENING

SAID = {
    "en": {
        "asked": "You may mutiny against Anne.",
        "others_asked": "Bart may mutiny against Anne.",
        "mutineer": "You mutinied: Anne must board with that stack.",
        "captain": "Bart mutinied: you must board with that stack.",
        "others_mutiny": "Bart mutinied: Anne must board with that stack.",
    },
    "de": {
        "asked": "Du darfst gegen Anne meutern.",
        "others_asked": "Bart darf gegen Anne meutern.",
        "mutineer": "Du hast gemeutert: Anne muss mit diesem Stapel entern.",
        "captain": "Bart hat gemeutert: Du musst mit diesem Stapel entern.",
        "others_mutiny": "Bart hat gemeutert: Anne muss mit diesem Stapel entern.",
    },
    "fr": {
        "asked": "Vous pouvez vous mutiner contre Anne.",
        "others_asked": "Bart peut se mutiner contre Anne.",
        "mutineer": "Votre mutinerie : Anne doit aborder avec cette pile.",
        "captain": "Bart a déclenché une mutinerie : vous devez aborder avec cette pile.",
        "others_mutiny": "Bart a déclenché une mutinerie : Anne doit aborder avec cette pile.",
    },
}


def _page(client: Client, game: Game, name: str) -> str:
    seat = game.seats.get(display_name=name)
    return client.get(f"/play/{seat_token(seat)}/").content.decode()


@pytest.mark.parametrize("language", sorted(SAID))
def test_the_mutiny_line_says_you_to_its_subject_and_names_to_the_others(
    db: None, client: Client, language: str
) -> None:
    """Rule: a sentence whose subject is the reader addresses him as "you"."""
    said = SAID[language]
    game = game_create(
        kind="seerauber",
        players=[PlayerSpec(name=n, language=language) for n in NAMES],
        seed=4,
    )
    tokens = {seat.display_name: seat_token(seat) for seat in game.seats.all()}
    for player, move in OPENING:
        game.refresh_from_db()
        client.post(f"/play/{tokens[player]}/", {"move": move, "expected_seq": game.last_seq})
    game.refresh_from_db()
    assert said["asked"] in _page(client, game, "Bart")
    for other in ("Anne", "Cleo"):
        assert said["others_asked"] in _page(client, game, other), other

    client.post(f"/play/{tokens['Bart']}/", {"move": MUTINY, "expected_seq": game.last_seq})
    game.refresh_from_db()
    assert said["mutineer"] in _page(client, game, "Bart")
    assert said["captain"] in _page(client, game, "Anne")
    assert said["others_mutiny"] in _page(client, game, "Cleo")
