"""French: no French sentence puts "de", "que", "le" or "la" right before a
player's name, which French elides before a vowel ("d’Anne", never "de Anne"): the
sentences are built so that any name fits ("En attente : Anne.", "à Anne de jouer").
"""

from __future__ import annotations

import re
from pathlib import Path

from django.utils import translation
from django.utils.translation import gettext

CATALOGUE = Path(__file__).parents[2] / "locale" / "fr" / "LC_MESSAGES" / "django.po"
NAMES = (
    "player|players|name|names|winners|captain|payer|payee|owner|mutineer|late_player|first|handle"
)
BEFORE_A_NAME = re.compile(rf"\b(de|que|le|la|du|ce|je|me|se|ne) %\(({NAMES})\)s", re.I)


def _msgstrs() -> list[str]:
    """Each French msgstr of the catalogue, its continuation lines joined."""
    found, current = [], None
    for line in CATALOGUE.read_text(encoding="utf-8").splitlines():
        if line.startswith("msgstr"):
            current = [line.partition(" ")[2].strip('"')]
            found.append(current)
        elif line.startswith('"') and current is not None:
            current.append(line.strip('"'))
        else:
            current = None
    return ["".join(parts) for parts in found]


def test_no_french_sentence_needs_an_elision_before_a_name() -> None:
    offending = [text for text in _msgstrs() if BEFORE_A_NAME.search(text)]
    assert offending == []


def test_the_sentences_once_written_with_de_read_well_before_anne() -> None:
    with translation.override("fr"):
        assert gettext("%(player)s's seat changed hands.") % {"player": "Anne"} == (
            "Anne : cette place a changé de mains."
        )
        assert "de Anne" not in gettext("A new player now plays the seat of %(player)s.") % {
            "player": "Anne"
        }
