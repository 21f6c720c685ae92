"""Moves in words, in English, German and French, from two public positions."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from games.kinds.freibeuter.describe import move_action, move_words


def _position(
    fields: dict[str, list[str]],
    tiles: dict[str, dict[str, Any]],
    credit: dict[str, int] | None = None,
    over: bool = False,
    winners: list[str] | None = None,
) -> dict[str, Any]:
    credit = credit or {}
    return {
        "fields": fields,
        "tiles": tiles,
        "players": {
            name: {"seat": seat, "chests": 20, "credit": credit.get(name, 0), "supply": 20,
                   "ships": []}
            for seat, name in enumerate(("Anna", "Bart", "Cleo"))
        },
        "over": over,
        "winners": winners or [],
    }  # fmt: skip


SHIP = {"C3-D4": {"tile": "15/3", "boarded_by": "Bart"}}
BEFORE = _position({"C3": ["Anna", "Anna"], "D3": ["Cleo"], "D4": ["Bart"]}, SHIP)
AFTER = _position({"C3": ["Anna", "Anna"], "D3": ["Cleo"], "D4": ["Bart"], "C4": ["Anna"]}, {})
PLACE = {"type": "place", "card": "C4", "boat": True, "draw": "sea"}


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Places a boat on C4 and draws a sea card. Surrounds the 15/3 at C3-D4: "
               "you pay Anna 9; you pay Cleo 3; you take the ship."),
        ("de", "Setzt ein Boot auf C4 und zieht eine Meereskarte. Umzingelt das Schiff 15/3 auf "
               "C3-D4: du zahlst Anna 9; du zahlst Cleo 3; du bekommst das Schiff."),
        ("fr", "Pose un bateau en C4 et pioche une carte de mer. Encercle le navire 15/3 en "
               "C3-D4 : vous payez 9 à Anna ; vous payez 3 à Cleo ; vous prenez le navire."),
    ],
)  # fmt: skip
def test_it_tells_the_owner_of_a_surrounded_ship_what_he_pays(language: str, expected: str) -> None:
    with translation.override(language):
        words = move_words(PLACE, BEFORE, AFTER, viewer="Bart")
    assert words == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Bart pays you 9"),
        ("de", "Bart zahlt dir 9"),
        ("fr", "Bart vous paie 9"),
    ],
)
def test_it_tells_a_neighbour_what_he_is_paid(language: str, expected: str) -> None:
    with translation.override(language):
        assert expected in move_words(PLACE, BEFORE, AFTER, viewer="Anna")


def test_it_names_everyone_for_a_spectator() -> None:
    with translation.override("en"):
        words = move_words(PLACE, BEFORE, AFTER, viewer=None)
    assert "Bart pays Anna 9; Bart pays Cleo 3; Bart takes the ship." in words


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "it escapes, nobody had boarded it"),
        ("de", "es entkommt, niemand hatte es geentert"),
        ("fr", "il s'échappe, personne ne l'avait abordé"),
    ],
)
def test_an_unboarded_ship_escapes(language: str, expected: str) -> None:
    before = _position(BEFORE["fields"], {"C3-D4": {"tile": "15/3", "boarded_by": None}})
    with translation.override(language):
        assert expected in move_words(PLACE, before, AFTER, viewer=None)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Surrounds the pirate lair at C3-D4: you get 6; Bart gets 2; Cleo gets 2."),
        ("de", "Umzingelt das Piratennest auf C3-D4: du bekommst 6; Bart bekommt 2; "
               "Cleo bekommt 2."),
        ("fr", "Encercle le repaire de pirates en C3-D4 : vous recevez 6 ; Bart reçoit 2 ; "
               "Cleo reçoit 2."),
    ],
)  # fmt: skip
def test_a_lair_pays_everyone_around_it(language: str, expected: str) -> None:
    before = _position(BEFORE["fields"], {"C3-D4": {"tile": "lair", "boarded_by": None}})
    with translation.override(language):
        assert expected in move_words(PLACE, before, AFTER, viewer="Anna")


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "every 10/2 now counts double"),
        ("de", "jedes Schiff 10/2 zählt jetzt doppelt"),
        ("fr", "chaque navire 10/2 compte désormais double"),
    ],
)
def test_a_double_value_doubles_its_ships(language: str, expected: str) -> None:
    before = _position(BEFORE["fields"], {"C3-D4": {"tile": "x2:10", "boarded_by": None}})
    with translation.override(language):
        assert expected in move_words(PLACE, before, AFTER, viewer=None)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "You take 4 credit. The game is over. Winner: Anna."),
        ("de", "Du nimmst 4 Kredit. Das Spiel ist zu Ende. Sieger: Anna."),
        ("fr", "Vous prenez 4 de crédit. La partie est terminée. Gagnant : Anna."),
    ],
)
def test_credit_and_the_end_are_told(language: str, expected: str) -> None:
    after = _position(AFTER["fields"], {}, credit={"Bart": 4}, over=True, winners=["Anna"])
    with translation.override(language):
        assert move_words(PLACE, BEFORE, after, viewer="Bart").endswith(expected)


@pytest.mark.parametrize(
    ("move", "language", "expected"),
    [
        ({"type": "board", "tile": "B3-C4"}, "en", "boards the ship at B3-C4"),
        ({"type": "board", "tile": "B3-C4"}, "de", "entert das Schiff auf B3-C4"),
        ({"type": "board", "tile": "B3-C4"}, "fr", "aborde le navire en B3-C4"),
        ({"type": "place", "card": "F4", "boat": False, "draw": "dutchman"}, "en",
         "plays F4 and takes 2 chests and draws a Dutchman card"),
        ({"type": "place", "card": "F4", "boat": False, "draw": "dutchman"}, "de",
         "spielt F4 und nimmt 2 Truhen und zieht eine Holländerkarte"),
        ({"type": "dutchman", "card": "row 3", "field": "C3", "draw": "sea"}, "fr",
         "joue rangée 3 et place le Hollandais volant en C3 et pioche une carte de mer"),
        ({"type": "dutchman", "card": "col C", "field": "C3", "draw": "sea"}, "de",
         "spielt Spalte C und setzt den Fliegenden Holländer auf C3 und zieht eine Meereskarte"),
    ],
)  # fmt: skip
def test_each_kind_of_move_is_put_in_words(
    move: dict[str, Any], language: str, expected: str
) -> None:
    with translation.override(language):
        assert move_action(move) == expected
