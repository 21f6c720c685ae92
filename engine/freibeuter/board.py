"""The fixed geometry and components of Freibeuter (rules §1).

Fields are numbered row-major, ``0`` = ``A1`` … ``48`` = ``G7``; tiles
row-major, ``0`` = ``A1-B2`` … ``35`` = ``F6-G7``. Everything here is a
constant, computed once at import where it is not written out. Each replay
from the command line imports this module afresh, so the tables are written
out or computed, whichever costs its start-up less (issue 16);
``tests/engine/test_board.py`` derives every one from the board's geometry.
"""

from __future__ import annotations

SIZE = 7
COLUMNS = "ABCDEFG"

FIELD_NAMES: tuple[str, ...] = (
    "A1", "B1", "C1", "D1", "E1", "F1", "G1",
    "A2", "B2", "C2", "D2", "E2", "F2", "G2",
    "A3", "B3", "C3", "D3", "E3", "F3", "G3",
    "A4", "B4", "C4", "D4", "E4", "F4", "G4",
    "A5", "B5", "C5", "D5", "E5", "F5", "G5",
    "A6", "B6", "C6", "D6", "E6", "F6", "G6",
    "A7", "B7", "C7", "D7", "E7", "F7", "G7",
)  # fmt: skip
FIELD_INDEX = dict(zip(FIELD_NAMES, range(SIZE * SIZE), strict=True))

CAPACITY: tuple[int, ...] = (
    1, 1, 1, 1, 1, 1, 1,
    1, 2, 2, 2, 2, 2, 1,
    1, 2, 2, 2, 2, 2, 1,
    1, 2, 2, 2, 2, 2, 1,
    1, 2, 2, 2, 2, 2, 1,
    1, 2, 2, 2, 2, 2, 1,
    1, 1, 1, 1, 1, 1, 1,
)  # fmt: skip
"""Boats a field can hold: one per sea card of that field (two inside, one on the edge)."""

TILE_NAMES: tuple[str, ...] = (
    "A1-B2", "B1-C2", "C1-D2", "D1-E2", "E1-F2", "F1-G2",
    "A2-B3", "B2-C3", "C2-D3", "D2-E3", "E2-F3", "F2-G3",
    "A3-B4", "B3-C4", "C3-D4", "D3-E4", "E3-F4", "F3-G4",
    "A4-B5", "B4-C5", "C4-D5", "D4-E5", "E4-F5", "F4-G5",
    "A5-B6", "B5-C6", "C5-D6", "D5-E6", "E5-F6", "F5-G6",
    "A6-B7", "B6-C7", "C6-D7", "D6-E7", "E6-F7", "F6-G7",
)  # fmt: skip
"""Each tile by the fields at its top left and bottom right."""
TILE_INDEX = dict(zip(TILE_NAMES, range(len(TILE_NAMES)), strict=True))

TILE_FIELDS: tuple[tuple[int, int, int, int], ...] = tuple(
    (r * SIZE + c, r * SIZE + c + 1, (r + 1) * SIZE + c, (r + 1) * SIZE + c + 1)
    for r in range(SIZE - 1)
    for c in range(SIZE - 1)
)
"""The four fields around each tile."""


def _surround_checks() -> tuple[tuple[tuple[int, int, int, int], ...], ...]:
    checks: list[list[tuple[int, int, int, int]]] = [[] for _ in range(SIZE * SIZE)]
    for t, (a, b, c, d) in enumerate(TILE_FIELDS):
        checks[a].append((t, b, c, d))
        checks[b].append((t, a, c, d))
        checks[c].append((t, a, b, d))
        checks[d].append((t, a, b, c))
    return tuple(map(tuple, checks))


SURROUND_CHECKS = _surround_checks()
"""For each field: every tile touching it (1, 2 or 4, row-major) with the tile's three other
fields, ``(tile, field, field, field)``: they must all be occupied for a first occupant of the
field to surround the tile. Flat, so the hot loop unpacks each entry once."""

SHIPS = {"5/1": (5, 1), "10/2": (10, 2), "15/3": (15, 3), "20/4": (20, 4)}
"""Ship token → (value, payout per boat)."""
LAIR = "lair"
DOUBLES = {"x2:5": 5, "x2:10": 10, "x2:15": 15, "x2:20": 20}
"""Double token → the ship value it doubles."""

TILE_SET: dict[str, int] = {**dict.fromkeys(SHIPS, 7), LAIR: 4, **dict.fromkeys(DOUBLES, 1)}
"""Tile → how many the game has."""
SEA_CARDS: dict[str, int] = dict(zip(FIELD_NAMES, CAPACITY, strict=True))
"""Sea card → how many the game has (as many as boats its field can hold)."""
DUTCHMAN_FIELDS: dict[str, tuple[int, ...]] = {
    "row 1": (0, 1, 2, 3, 4, 5, 6),
    "row 2": (7, 8, 9, 10, 11, 12, 13),
    "row 3": (14, 15, 16, 17, 18, 19, 20),
    "row 4": (21, 22, 23, 24, 25, 26, 27),
    "row 5": (28, 29, 30, 31, 32, 33, 34),
    "row 6": (35, 36, 37, 38, 39, 40, 41),
    "row 7": (42, 43, 44, 45, 46, 47, 48),
    "col A": (0, 7, 14, 21, 28, 35, 42),
    "col B": (1, 8, 15, 22, 29, 36, 43),
    "col C": (2, 9, 16, 23, 30, 37, 44),
    "col D": (3, 10, 17, 24, 31, 38, 45),
    "col E": (4, 11, 18, 25, 32, 39, 46),
    "col F": (5, 12, 19, 26, 33, 40, 47),
    "col G": (6, 13, 20, 27, 34, 41, 48),
}
"""Dutchman card → the fields of its row or column."""
DUTCHMAN_CARDS: tuple[str, ...] = tuple(DUTCHMAN_FIELDS)

MIN_PLAYERS = 2
MAX_PLAYERS = 4
BOATS_PER_PLAYER = 25
STARTING_CHESTS = 20
HAND_SEA_CARDS = 4
HAND_DUTCHMAN_CARDS = 1
LAIRS = 4
LAIR_REWARD = 2
CHESTS_INSTEAD_OF_BOAT = 2


def components(counts: dict[str, int]) -> list[str]:
    """List each component of ``counts`` as many times as the game has it, in the order of
    ``counts`` (the order a new setup shuffles them in)."""
    found: list[str] = []
    for name, count in counts.items():  # a loop: cheaper than a comprehension over each copy
        found += [name] * count
    return found


def is_dutchman_card(card: str) -> bool:
    """Tell a Flying Dutchman card (``row 3``, ``col C``) from a sea card (``F4``)."""
    return card in DUTCHMAN_FIELDS


def dutchman_cards_in(cards: list[str]) -> int:
    """Count the Flying Dutchman cards among ``cards`` (a hand)."""
    count = 0
    for card in cards:  # a loop: over a hand's five cards it is cheaper than sum(map(...))
        if card in DUTCHMAN_FIELDS:
            count += 1
    return count
