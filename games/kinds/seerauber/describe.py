"""Seeräuber's pieces and moves in words, in the active language.

A pirate is said by its colour and value (``red 3``), a stack by its top
pirate, a booty piece by its name with an article (``a chest``) and counts
of booty with their plural (``2 daggers``). ``move_action`` says a move as
what a player did, ``move_choice`` as a button offers it, and
``move_effect`` what a chosen move would do, read from the public views
before and after it (everything on the table is public [S6]).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_noop, ngettext

from engine.base import Move
from engine.seerauber.board import BOOTY, SHIPS

COLOUR_WORDS = {
    "R": gettext_noop("red"),
    "B": gettext_noop("blue"),
    "G": gettext_noop("green"),
    "Y": gettext_noop("yellow"),
    "K": gettext_noop("black"),
}
"""The pirates' colour letters as words (``R`` is red)."""
BOOTY_TAKEN = {
    "chest": gettext_noop("a chest"),
    "candlestick": gettext_noop("a candlestick"),
    "rum": gettext_noop("a barrel of rum"),
    "dagger": gettext_noop("a dagger"),
}
"""One booty piece with its article, as the object of "takes"."""


def booty_count(kind: str, count: int) -> str:
    """``count`` pieces of booty ``kind`` in words: ``1 chest``, ``2 daggers``."""
    forms = {
        "chest": ngettext("%(count)s chest", "%(count)s chests", count),
        "candlestick": ngettext("%(count)s candlestick", "%(count)s candlesticks", count),
        "rum": ngettext("%(count)s barrel of rum", "%(count)s barrels of rum", count),
        "dagger": ngettext("%(count)s dagger", "%(count)s daggers", count),
    }
    return forms[kind] % {"count": count}


def booty_list(held: dict[str, int]) -> str:
    """A player's booty in words, kinds he has none of left out (``nothing`` if empty)."""
    pieces = [booty_count(kind, held[kind]) for kind in BOOTY if held.get(kind)]
    return ", ".join(pieces) if pieces else gettext("no booty")


def booty_held(held: dict[str, int]) -> str:
    """A player's booty as a row of figures says it: ``booty: 1 chest, 2 daggers``, ``no booty``."""
    if not any(held.values()):
        return gettext("no booty")
    return gettext("booty: %(pieces)s") % {"pieces": booty_list(held)}


def colour_word(letter: str) -> str:
    """A seat's colour letter as a word (``R``: red)."""
    return gettext(COLOUR_WORDS[letter])


def pirate_words(pirate: str) -> str:
    """A pirate (or the stack it tops) in words: ``red 3``, ``blue ?``."""
    return gettext("%(colour)s %(value)s") % {"colour": colour_word(pirate[0]), "value": pirate[1]}


def ship_booty(ship: str) -> str:
    """The booty a ship card shows, in words: ``chest`` or ``chest and rum``."""
    kinds = [gettext(kind) for kind in SHIPS[ship].booty]
    if len(kinds) == 1:
        return kinds[0]
    return gettext("%(first)s and %(second)s") % {"first": kinds[0], "second": kinds[1]}


ACTIONS = {
    "stack": gettext_noop("stacks %(piece)s on %(onto)s"),
    "board": gettext_noop("boards %(ship)s with %(stack)s and takes %(booty)s"),
    "mutiny": gettext_noop("calls a mutiny in the stack topped by %(stack)s"),
    "no_mutiny": gettext_noop("does not mutiny"),
    "pass": gettext_noop("passes"),
}
"""A move as what a player did (``Anne stacks red 3 on blue 5``)."""
CHOICES = {
    "stack": gettext_noop("Put %(piece)s on %(onto)s"),
    "board": gettext_noop("Board %(ship)s with %(stack)s and take %(booty)s"),
    "mutiny": gettext_noop("Mutiny in the stack topped by %(stack)s"),
    "no_mutiny": gettext_noop("Do not mutiny"),
    "pass": gettext_noop("Pass"),
}
"""A move as a button offers it (``Put red 3 on blue 5``)."""


def _taken(move: Move) -> str:
    """The booty a boarding takes with its article (the ship's only one if the move names none)."""
    return gettext(BOOTY_TAKEN[str(move.get("booty") or SHIPS[move["ship"]].booty[0])])


def _words(move: Move, phrases: dict[str, str]) -> str:
    kind = str(move.get("type"))
    values: dict[str, str] = {
        key: pirate_words(move[key]) for key in ("piece", "onto", "stack") if key in move
    }
    if kind == "board":
        values["ship"] = move["ship"]
        values["booty"] = _taken(move)
    return gettext(phrases.get(kind, phrases["pass"])) % values


def move_action(move: Move) -> str:
    """A move in words, in the active language: ``stacks red 3 on blue 5``."""
    return _words(move, ACTIONS)


def move_choice(move: Move) -> str:
    """A move as its button says it, in the active language: ``Put red 3 on blue 5``."""
    return _words(move, CHOICES)


def _changes(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Each player's ducats and booty that a move changes, in words."""
    lines = []
    for name, was in before["players"].items():
        now = after["players"][name]
        gained = {kind: now["booty"][kind] - was["booty"][kind] for kind in BOOTY}
        parts = []
        if now["ducats"] != was["ducats"]:
            parts.append(
                gettext("ducats %(before)s → %(after)s")
                % {"before": was["ducats"], "after": now["ducats"]}
            )
        parts += [
            gettext("+ %(booty)s") % {"booty": booty_count(kind, count)}
            for kind, count in gained.items()
            if count
        ]
        if parts:
            lines.append(
                gettext("%(player)s: %(changes)s") % {"player": name, "changes": ", ".join(parts)}
            )
    return lines


def move_effect(move: Move, before: dict[str, Any], after: dict[str, Any]) -> str:
    """What ``move`` of the player to move does, from the public views around it."""
    kind = move["type"]
    pending = before["table"]["pending"] or {}
    if kind == "stack":
        pirates = after["table"]["stacks"][move["piece"]]["pirates"]
        return gettext(
            "You put %(piece)s on %(onto)s. The new stack holds %(count)s pirates, "
            "bottom to top: %(pirates)s; you are its captain."
        ) % {
            "piece": pirate_words(move["piece"]),
            "onto": pirate_words(move["onto"]),
            "count": len(pirates),
            "pirates": ", ".join(pirate_words(p) for p in pirates),
        }
    if kind == "board":
        sentences = [
            gettext("You board %(ship)s with %(stack)s and take %(booty)s.")
            % {
                "ship": move["ship"],
                "stack": pirate_words(move["stack"]),
                "booty": _taken(move),
            },
            gettext("The crew is paid and every pirate goes back to its owner."),
            *(line + "." for line in _changes(before, after)),
        ]
        return " ".join(sentences)
    if kind == "mutiny":
        return gettext(
            "You mutiny: %(captain)s must board a ship with the stack topped by %(stack)s now."
        ) % {"captain": pending.get("captain", ""), "stack": pirate_words(move["stack"])}
    if kind == "no_mutiny":
        return gettext("You do not mutiny: %(captain)s keeps the command.") % {
            "captain": pending.get("captain", "")
        }
    return gettext("You pass: you can neither stack nor board.")
