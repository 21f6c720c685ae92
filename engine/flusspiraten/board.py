"""The Flußpiraten board as constants (rules §1, [F1]).

River spaces are numbered ``lane * 17 + position - 1``: the inner lane
``I1``–``I17`` is 0–16, the outer lane ``O1``–``O17`` is 17–33. Berths
``H1``–``H8`` are 0–7. Walk spaces (the paths on the banks, the start spaces
and the fords) are numbered in :data:`WALK_NAMES` order.
"""

from __future__ import annotations

MIN_PLAYERS = 3
MAX_PLAYERS = 6
PIRATES = 5
BOATS = 8
LENGTH = 17
RIVER = 2 * LENGTH
TURNTABLE = 8
RED = 18
"""Scoring spaces from 18 upward are red: reaching one ends the game (§7)."""
COLOURS = "RBGYKW"
SOURCE = "source"
CHOICES = ("die", "empty", "club")

RIVER_NAMES = tuple(f"I{p}" for p in range(1, 18)) + tuple(f"O{p}" for p in range(1, 18))
RIVER_INDEX = {name: index for index, name in enumerate(RIVER_NAMES)}
BERTH_NAMES = tuple(f"H{n}" for n in range(1, BOATS + 1))

CURRENT = (1, 1, 2, 1, 1, 2, 1, 1, 2, 1, 1, 2, 1, 2, 1, 2, 2) + (
    2, 2, 3, 2, 2, 3, 2, 3, 2, 2, 3, 2, 3, 2, 3, 3, 3,
)  # fmt: skip
"""The current of each river space: how far a boat starting there drifts back (§1)."""

WALK_NAMES = (
    ("SL", "SR", "XL", "XR")
    + tuple(f"L{p}" for p in range(1, 18))
    + tuple(f"R{p}" for p in range(1, 18))
    + ("F6", "F12")
)
WALK_INDEX = {name: index for index, name in enumerate(WALK_NAMES)}
SL, SR, XL, XR = 0, 1, 2, 3
F6, F12 = WALK_INDEX["F6"], WALK_INDEX["F12"]
FORDS = (F6, F12)
FORD_POSITION = {F6: 6, F12: 12}
BANKS = tuple(WALK_INDEX[f"{side}{p}"] for side in "LR" for p in range(1, 18))
"""Where an evicted pirate may go ([F16]): ``L1``–``L17`` and ``R1``–``R17``."""
HARBOUR_SIDES = (XL, XR)


def _neighbours() -> tuple[tuple[int, ...], ...]:
    links = [("SL", "XL"), ("SR", "XR"), ("XL", "L1"), ("XR", "R1")]
    for side in "LR":
        links += [(f"{side}{p}", f"{side}{p + 1}") for p in range(1, 17)]
    links += [("L6", "F6"), ("F6", "R6"), ("L12", "F12"), ("F12", "R12")]
    found: list[list[int]] = [[] for _ in WALK_NAMES]
    for a, b in links:
        found[WALK_INDEX[a]].append(WALK_INDEX[b])
        found[WALK_INDEX[b]].append(WALK_INDEX[a])
    return tuple(tuple(sorted(n)) for n in found)


NEIGHBOURS = _neighbours()
"""The walk spaces next to each walk space along the paths (§1, [F20])."""


def bank_beside(river: int) -> int:
    """The bank space beside a river space: ``Ln`` for the inner lane, ``Rn`` for the outer [F6]."""
    lane, offset = divmod(river, LENGTH)
    return WALK_INDEX[f"{'LR'[lane]}{offset + 1}"]


def ford_spaces(ford: int) -> tuple[int, int]:
    """The two river spaces at a ford (``I6``/``O6`` for ``F6``)."""
    offset = FORD_POSITION[ford] - 1
    return offset, LENGTH + offset
