"""The glossary (docs/glossary.md) holds: each thing has one word per language, on the page,
in the emails and on their pictures.

Each row lists messages that name the thing: their German and French
translations must say the glossary's word. Every label of an email picture is
one of them, so a picture never names a thing otherwise than the page does. The
words a row rules out appear in no translation of that language.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from engine.base import GAMES, get_game
from games.kinds.flusspiraten.describe import SPACE_NAMES

ROOT = Path(__file__).parents[2]
GLOSSARY = ROOT / "docs" / "glossary.md"
LANGUAGES = ("de", "fr")
PICTURES = [
    ROOT / "games" / "kinds" / "freibeuter" / "boards.py",
    ROOT / "games" / "kinds" / "seerauber" / "table_png.py",
    ROOT / "games" / "kinds" / "flusspiraten" / "river_png.py",
]
"""The modules that draw the emails' pictures."""
START_SPACES = {("", SPACE_NAMES["SL"]), ("", SPACE_NAMES["SR"])}
"""The river picture's start spaces, labelled by their names (``space_label``)."""


@dataclass(frozen=True)
class Term:
    section: str
    english: str
    words: dict[str, list[str]]
    msgids: list[tuple[str, str]]
    wrong: dict[str, list[str]]


def _forms(cell: str) -> list[str]:
    """A term and its inflected forms: "Boot [Boote]" is "Boot" or "Boote"."""
    main, _, inflected = cell.partition("[")
    forms = main.split(",") + inflected.rstrip("]").split(",")
    return [form.strip() for form in forms if form.strip()]


def _wrong(cell: str) -> dict[str, list[str]]:
    """``de: a, b; fr: c`` as the words ruled out per language."""
    wrong: dict[str, list[str]] = {language: [] for language in LANGUAGES}
    for part in filter(None, (part.strip() for part in cell.split(";"))):
        language, _, words = part.partition(":")
        wrong[language.strip()] += [word.strip() for word in words.split(",")]
    return wrong


def _terms() -> list[Term]:
    terms, section = [], ""
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            section = line[3:]
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) != 5 or not cells[3].startswith("`"):
            continue
        english, german, french, msgids, wrong = cells
        listed = [ctx_msgid.partition("::") for ctx_msgid in re.findall(r"`([^`]+)`", msgids)]
        terms.append(
            Term(
                section=section,
                english=english,
                words={"de": _forms(german), "fr": _forms(french)},
                msgids=[(ctx if msgid else "", msgid or ctx) for ctx, _, msgid in listed],
                wrong=_wrong(wrong),
            )
        )
    return terms


def _catalogue(language: str) -> dict[tuple[str, str], list[str]]:
    """Each message of a catalogue, by (context, msgid), with its translations."""
    path = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    with path.open("rb") as po:
        catalogue = read_po(po)
    found = {}
    for message in catalogue:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, tuple) else message.id
        strings = list(message.string) if isinstance(message.string, tuple) else [message.string]
        found[(message.context or "", msgid)] = strings
    return found


def _plain(text: str) -> str:
    """A translation as read: a picture's word broken over lines ("Nach-\\nzieh-") joined."""
    return text.replace("-\n", "").replace("\n", " ").casefold()


TERMS = _terms()
CATALOGUES = {language: _catalogue(language) for language in LANGUAGES}


def test_the_glossary_lists_terms_for_every_game() -> None:
    sections = Counter(term.section for term in TERMS)
    assert set(sections) == {"Every game", *(get_game(name).TITLE for name in GAMES)}
    assert min(sections.values()) >= 10


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_listed_message_says_the_glossarys_word(language: str) -> None:
    """One thing, one word: every message a row lists says that row's word."""
    catalogue = CATALOGUES[language]
    unsaid = []
    for term in TERMS:
        for key in term.msgids:
            assert key in catalogue, f"{term.english}: {key} is not in the catalogue"
            for said in map(_plain, catalogue[key]):
                if not any(form.casefold() in said for form in term.words[language]):
                    unsaid.append((term.english, key[1], said))
    assert unsaid == []


def test_every_picture_label_is_a_glossary_message() -> None:
    """The pictures draw only words the glossary ties to the page's (the Seeräuber table's
    labels have their own messages, so each is listed beside the page's)."""
    literal = re.compile(r"\b(?:_|gettext)\(\s*\"([^\"]+)\"\s*\)")
    drawn = {("", msgid) for path in PICTURES for msgid in literal.findall(path.read_text())}
    assert ("", "Lair") in drawn and ("", "harbour") in drawn
    labels = drawn | START_SPACES | {key for key in CATALOGUES["de"] if key[0] == "table picture"}
    assert labels - {key for term in TERMS for key in term.msgids} == set()


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_uses_a_word_the_glossary_rules_out(language: str) -> None:
    """Another word for a listed thing (or the wrong form of address) is nowhere."""
    wrong = [word for term in TERMS for word in term.wrong[language]]
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, wrong)) + r")\b", re.IGNORECASE)
    found = [
        (said, match.group())
        for strings in CATALOGUES[language].values()
        for said in strings
        if (match := pattern.search(said))
    ]
    assert found == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_rules_page_uses_a_word_the_glossary_rules_out(language: str) -> None:
    """The pages written in German or French (the rules of playing by email, …) name each
    thing by the glossary's word too: a word a row rules out is on none of them."""
    pages = sorted((ROOT / "templates").rglob(f"*.{language}.html"))
    assert pages
    wrong = [word for term in TERMS for word in term.wrong[language]]
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, wrong)) + r")\b", re.IGNORECASE)
    found = [
        (page.name, match.group())
        for page in pages
        for match in pattern.finditer(page.read_text(encoding="utf-8"))
    ]
    assert found == []
