"""The fixed geometry and components of Freibeuter (rules §1).

Fields are numbered row-major, ``0`` = ``A1`` … ``48`` = ``G7``; tiles
row-major, ``0`` = ``A1-B2`` … ``35`` = ``F6-G7``. Everything here is a
constant; the capacities are written out as the board shows them, the other
tables computed once at import.
"""

from __future__ import annotations

SIZE = 7
COLUMNS = "ABCDEFG"

FIELD_NAMES: tuple[str, ...] = tuple(f"{c}{r}" for r in range(1, SIZE + 1) for c in COLUMNS)
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

TILE_NAMES: tuple[str, ...] = tuple(
    f"{FIELD_NAMES[f]}-{FIELD_NAMES[f + SIZE + 1]}"
    for f in range(SIZE * (SIZE - 1))
    if f % SIZE < SIZE - 1
)
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
    **{f"row {r + 1}": tuple(range(r * SIZE, (r + 1) * SIZE)) for r in range(SIZE)},
    **{f"col {c}": tuple(range(i, SIZE * SIZE, SIZE)) for i, c in enumerate(COLUMNS)},
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
    return [name for name, count in counts.items() for _ in range(count)]


def is_dutchman_card(card: str) -> bool:
    """Tell a Flying Dutchman card (``row 3``, ``col C``) from a sea card (``F4``)."""
    return card in DUTCHMAN_FIELDS


def dutchman_cards_in(cards: list[str]) -> int:
    """Count the Flying Dutchman cards among ``cards`` (a hand)."""
    return sum(card in DUTCHMAN_FIELDS for card in cards)
