"""The fixed components of Seeräuber (rules §1): colours, pirates, booty and ship cards.

Everything here is a constant. The ship list is this project's reconstruction
of the printed cards **[S1]**.
"""

from __future__ import annotations

from typing import NamedTuple

MIN_PLAYERS = 3
MAX_PLAYERS = 5
"""3 to 5 players [S2]."""

COLOURS = "RBGYK"
"""Colour letters in seat order: red, blue, green, yellow, black."""
VALUES = ("2", "3", "4", "5", "?")
STARTING_DUCATS = 10
MAX_STACK = 9
MUTINY_PIRATES = 3
"""A player with this many pirates in a captain's boardable stack may mutiny (§6)."""

BOOTY = ("chest", "candlestick", "rum", "dagger")
MAJORITY = {"chest": 15, "candlestick": 12, "rum": 10, "dagger": 8}
"""What the majority of each booty kind is worth at the end [S1]."""
DISPLAY_SIZE = 3


class Ship(NamedTuple):
    """One ship card: crew needed, ducats, booty kinds shown and the ``?`` wage."""

    crew: int
    ducats: int
    booty: tuple[str, ...]
    wage: int


SHIPS: dict[str, Ship] = {
    "S01": Ship(2, 6, ("dagger",), 1),
    "S02": Ship(2, 7, ("rum",), 2),
    "S03": Ship(2, 8, ("dagger", "rum"), 1),
    "S04": Ship(3, 9, ("candlestick",), 2),
    "S05": Ship(3, 10, ("chest", "dagger"), 2),
    "S06": Ship(3, 11, ("rum", "dagger"), 3),
    "S07": Ship(4, 12, ("chest",), 3),
    "S08": Ship(4, 13, ("candlestick", "rum"), 3),
    "S09": Ship(4, 14, ("chest", "dagger"), 4),
    "S10": Ship(5, 15, ("candlestick",), 4),
    "S11": Ship(5, 16, ("chest", "rum"), 4),
    "S12": Ship(5, 17, ("candlestick", "dagger"), 5),
    "S13": Ship(6, 18, ("chest",), 5),
    "S14": Ship(6, 19, ("candlestick", "rum"), 5),
    "S15": Ship(6, 20, ("chest", "candlestick"), 6),
}
SHIP_NAMES = tuple(SHIPS)


def pirates_of(seat: int) -> tuple[str, ...]:
    """The five pirates of the player in ``seat``: ``R2`` … ``R?``."""
    return tuple(COLOURS[seat] + value for value in VALUES)


def owner(pirate: str) -> int:
    """The seat owning ``pirate``, by its colour letter."""
    return COLOURS.index(pirate[0])


def wage(pirate: str, ship: Ship) -> int:
    """What a crew member is paid on ``ship``: its value, or the ship's ``?`` wage (§5.3)."""
    value = pirate[1]
    return ship.wage if value == "?" else int(value)


def is_pirate(name: object, players: int) -> bool:
    """Whether ``name`` is a pirate of one of the first ``players`` colours."""
    return (
        isinstance(name, str)
        and len(name) == 2
        and name[0] in COLOURS[:players]
        and name[1] in VALUES
    )
