"""Every Seeräuber move and piece in words, in English, German and French.

Pirates are named by colour and value, booty with its article and counts
with their plural; the same words serve the buttons, the history, the turn
emails' "since your last turn" and the reply answers (``move_action``).
"""

from __future__ import annotations

from random import Random

import pytest
from django.utils import translation
from django.utils.translation import gettext

from engine import seerauber as engine
from games.kinds import seerauber
from games.kinds.seerauber.describe import booty_list, move_choice
from games.play.services import PlayerSpec, game_create, move_submit
from games.play.tables import table_for
from tests.site.seerauber_mutiny import NAMES

MOVES = {
    "stack": {"type": "stack", "piece": "R3", "onto": "B5"},
    "board chest": {"type": "board", "stack": "R3", "ship": "S07", "booty": "chest"},
    "board candlestick": {"type": "board", "stack": "G?", "ship": "S04"},
    "board rum": {"type": "board", "stack": "Y2", "ship": "S08", "booty": "rum"},
    "board dagger": {"type": "board", "stack": "K5", "ship": "S03", "booty": "dagger"},
    "mutiny": {"type": "mutiny", "stack": "B5"},
    "no_mutiny": {"type": "no_mutiny"},
    "pass": {"type": "pass"},
}
ACTIONS = {
    "en": {
        "stack": "stacks red 3 on blue 5",
        "board chest": "boards S07 with red 3 and takes a chest",
        "board candlestick": "boards S04 with green ? and takes a candlestick",
        "board rum": "boards S08 with yellow 2 and takes a barrel of rum",
        "board dagger": "boards S03 with black 5 and takes a dagger",
        "mutiny": "calls a mutiny in the stack topped by blue 5",
        "no_mutiny": "does not mutiny",
        "pass": "passes",
    },
    "de": {
        "stack": "setzt Rot 3 auf Blau 5",
        "board chest": "entert S07 mit Rot 3 und nimmt eine Truhe",
        "board candlestick": "entert S04 mit Grün ? und nimmt einen Kerzenleuchter",
        "board rum": "entert S08 mit Gelb 2 und nimmt ein Fass Rum",
        "board dagger": "entert S03 mit Schwarz 5 und nimmt einen Dolch",
        "mutiny": "meutert im Stapel mit Blau 5 obenauf",
        "no_mutiny": "meutert nicht",
        "pass": "passt",
    },
    "fr": {
        "stack": "pose le rouge 3 sur le bleu 5",
        "board chest": "aborde S07 avec le rouge 3 et prend un coffre",
        "board candlestick": "aborde S04 avec le vert ? et prend un chandelier",
        "board rum": "aborde S08 avec le jaune 2 et prend un tonneau de rhum",
        "board dagger": "aborde S03 avec le noir 5 et prend une dague",
        "mutiny": "se mutine dans la pile coiffée par le bleu 5",
        "no_mutiny": "ne se mutine pas",
        "pass": "passe",
    },
}


@pytest.mark.parametrize("language", ACTIONS)
@pytest.mark.parametrize("move", MOVES)
def test_every_move_type_is_said_in_words_in_three_languages(language: str, move: str) -> None:
    with translation.override(language):
        assert seerauber.move_action(MOVES[move]) == ACTIONS[language][move]


def test_a_button_says_the_move_as_a_choice_in_the_readers_language() -> None:
    move = MOVES["board chest"]
    expected = {
        "en": "Board S07 with red 3 and take a chest",
        "de": "S07 mit Rot 3 entern und eine Truhe nehmen",
        "fr": "Aborder S07 avec le rouge 3 et prendre un coffre",
    }
    for language, words in expected.items():
        with translation.override(language):
            assert move_choice(move) == words


def test_booty_is_counted_in_words_with_plurals_and_none_left_out() -> None:
    held = {"chest": 1, "candlestick": 0, "rum": 0, "dagger": 2}
    expected = {
        "en": "1 chest, 2 daggers",
        "de": "1 Truhe, 2 Dolche",
        "fr": "1 coffre, 2 dagues",
    }
    for language, words in expected.items():
        with translation.override(language):
            assert booty_list(held) == words
    with translation.override("de"):
        assert booty_list(dict.fromkeys(held, 0)) == "keine Beute"


def test_the_emails_table_and_money_rows_are_in_the_readers_language() -> None:
    """The turn email's text table and its players' rows (booty in words)."""
    names = ["Anne", "Bart", "Cleo"]
    state = engine.start(names, engine.new_setup(names, Random(4)))
    state = engine.apply(state, "Anne", {"type": "stack", "piece": "R2", "onto": "B2"})
    view = engine.view(state, "Bart")
    with translation.override("de"):
        text = seerauber.position_text(view)
        rows = seerauber.player_rows(view)
    assert "Stapel (von unten nach oben):" in text
    assert "R2: Blau 2 (B2), Rot 2 (R2) (Kapitän Anne)" in text
    assert "Dukaten" in text and "ducats" not in text
    assert rows[0]["booty"] == "keine Beute"
    with translation.override("fr"):
        assert "Piles (de bas en haut) :" in seerauber.position_text(view)


@pytest.mark.parametrize(("reader", "told"), [("Anne", "Anne (you)"), ("Bart", "Anne")])
def test_the_last_move_and_the_history_mark_the_readers_own_move(
    db: None, reader: str, told: str
) -> None:
    """As on the other games' pages, the reader's own move is told as "Anne (you)"."""
    game = game_create(kind="seerauber", players=[PlayerSpec(name=name) for name in NAMES], seed=4)
    seats = {seat.display_name: seat for seat in game.seats.all()}
    move = {"type": "stack", "piece": "R2", "onto": "B2"}
    move_submit(game=game, seat=seats["Anne"], move=move, expected_seq=game.last_seq)
    game.refresh_from_db()
    table = table_for(game=game, seat=seats[reader])
    assert seerauber.page_context(table=table, selection={})["last_move"].player == told
    assert [move.player for move in seerauber.history_context(table=table, at=None)["moves"]] == [
        told
    ]


@pytest.mark.parametrize(("language", "none"), [("en", "none"), ("de", "keine"), ("fr", "aucune")])
def test_the_emails_table_says_no_stacks_in_the_stacks_gender(language: str, none: str) -> None:
    """Before any stacking the text table's stacks read "aucune" (une pile), not "aucun"."""
    state = engine.start(list(NAMES), engine.new_setup(list(NAMES), Random(4)))
    with translation.override(language):
        text = seerauber.position_text(engine.view(state, "Anne"))
        heading = gettext("Stacks (bottom to top):")
    assert f"{heading}\n  {none}\n" in text
