"""Flußpiraten's German and French sentences name a space with the article it takes.

German chooses "vom", "von der", "zum", "zur", "auf dem" and French "du", "de la",
"au", "à la" by the space's gender, so a sentence cannot put a bare label after
its own preposition ("von rotes Feld links", "jusqu'à voie intérieure 4"); and a
player whose name does not tell is not called "er".
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation

from games.kinds.flusspiraten.describe import action_words, space_label, space_phrase
from games.kinds.flusspiraten.steps import step_line, step_prompt


@pytest.fixture(autouse=True)
def _german() -> Iterator[None]:
    with translation.override("de"):
        yield


def test_it_walks_a_pirate_from_a_space_with_its_article() -> None:
    """Leaving a space: "vom roten Feld links", "von der Furt 3", never "von rotes Feld"."""
    assert action_words({"type": "walk", "from": "XL"}) == (
        "geht mit einem Piraten vom roten Feld links los"
    )
    ford = action_words({"type": "walk", "from": "F3"})
    assert ford == "geht mit einem Piraten von der Furt 3 los"


def test_it_walks_to_a_space_with_its_article() -> None:
    """Going to a space: "zum Ufer links 1", "zur Innenbahn 4", never "nach Ufer links 1"."""
    assert action_words({"type": "path", "steps": ["L1"]}) == "geht zum Ufer links 1"
    assert space_phrase("I4", "to") == "zur Innenbahn 4"
    assert space_phrase("SL", "to") == "zum Start links"


def test_it_says_a_pirate_on_a_space_with_its_article() -> None:
    """The roll's prompt: "Dein Pirat auf dem roten Feld links geht 1 Feld"."""
    view = {"step": {"kind": "path", "player": "Hana", "points": 1, "boat": None, "from": "XL"}}
    prompt = step_prompt(view, "Hana", {"type": "roll", "roll": [1]})
    assert "Dein Pirat auf dem roten Feld links geht 1 Feld." in prompt


def test_it_keeps_the_plain_label_where_no_sentence_surrounds_it() -> None:
    """A label alone (the river, a list) stays in the nominative."""
    assert space_label("XL") == "rotes Feld links"
    with translation.override("en"):
        assert space_phrase("XL", "from") == space_label("XL") == "left red space"


def test_it_announces_a_walk_or_a_row_without_a_gendered_pronoun() -> None:
    """Another player's announcement does not call the player "er"."""
    line = step_line({"kind": "announce", "turn": "Hana"}, "Dora")
    assert line == "Hana sagt an: gehen oder rudern."
    assert " er " not in line


def test_it_names_a_space_with_its_french_article() -> None:
    """French: "jusqu'à la voie intérieure 4", "de la case rouge gauche", "du gué 3"."""
    with translation.override("fr"):
        assert action_words({"type": "path", "steps": ["L1"]}) == "marche jusqu’à la rive gauche 1"
        assert action_words({"type": "walk", "from": "XL"}) == (
            "fait partir un pirate de la case rouge gauche"
        )
        assert space_phrase("F3", "to") == "au gué 3"
        assert space_phrase("SL", "on") == "sur le départ gauche"
