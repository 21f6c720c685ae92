"""Player names: one normal form, checked wherever a name enters (API, lobby, invitations, imports).

A name is stored as written but normalised: Unicode NFC, every kind of
whitespace as one space, trimmed, without control (Cc), format (Cf: zero-width
spaces and joiners, direction marks, soft hyphens) or lone surrogate (Cs)
characters. It needs at least one visible character and at most
``NAME_LENGTH`` characters after that. Two names at one table must differ
after normalisation, compared case-insensitively and by compatibility form
(``Anne``, ``anne``, ``An\\u200bne`` and the full-width ``Ａｎｎｅ`` are one name).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from games.errors import Refused

NAME_LENGTH = 40
DROPPED = frozenset({"Cc", "Cf", "Cs"})
VISIBLE = frozenset("LNPS")
"""Categories (first letter) of characters that show: letters, digits, punctuation, symbols."""
BLANK = frozenset("\u115f\u1160\u2800\u3164\uffa0")
"""Characters of those categories that draw nothing (Hangul fillers, the blank Braille cell)."""


class BadName(Refused):
    """A name with nothing visible in it, or too long."""

    code = "bad_name"


class NameTaken(Refused):
    """Someone at the table already plays under that name."""

    code = "name_taken"


def name_normal(name: str) -> str:
    """The normal form of ``name``: NFC, spaces collapsed and trimmed, no Cc/Cf/Cs characters."""
    kept = (
        " " if char.isspace() else char
        for char in name
        if char.isspace() or unicodedata.category(char) not in DROPPED
    )
    return unicodedata.normalize("NFC", " ".join("".join(kept).split()))


def name_key(name: str) -> str:
    """What two names are compared by: the normal form, case-folded, in compatibility form."""
    return unicodedata.normalize("NFKC", name_normal(name).casefold())


def name_clean(name: str) -> str:
    """The normal form of ``name``; BadName if nothing of it shows or it is too long."""
    normal = name_normal(name)
    if not any(unicodedata.category(char)[0] in VISIBLE and char not in BLANK for char in normal):
        raise BadName(
            "A name needs at least one visible character: a letter, a digit or a sign.",
            max=NAME_LENGTH,
        )
    if len(normal) > NAME_LENGTH:
        raise BadName(f"A name has at most {NAME_LENGTH} characters.", max=NAME_LENGTH)
    return normal


def names_clean(names: Iterable[str]) -> list[str]:
    """Each name in normal form; NameTaken if two of them are one name after normalisation."""
    cleaned = [name_clean(name) for name in names]
    seen: dict[str, str] = {}
    for name in cleaned:
        key = name_key(name)
        if key in seen:
            raise NameTaken(
                f"{seen[key]} and {name} count as one name; each player needs a name of their own."
            )
        seen[key] = name
    return cleaned
