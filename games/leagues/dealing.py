"""How a round's players are split into tables: as evenly as the game allows, in order.

Pure functions of counts and lists, so the rule is checked by itself: the
number of tables is the one that brings the tables nearest the league's
aimed size, within the game's ``MIN_PLAYERS``..``MAX_PLAYERS``; the tables then
differ by at most one player, the bigger ones first, and players are seated
in the order given (so similar standings sit together).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate
from typing import TypeVar

Seated = TypeVar("Seated")


class TooFewPlayers(ValueError):
    """Fewer players than one table of the game needs."""


def table_sizes(players: int, *, minimum: int, maximum: int, aim: int) -> list[int]:
    """The sizes of the tables for ``players``, biggest first (9, 3..5, aim 4 → 3, 3, 3)."""
    if players < minimum:
        raise TooFewPlayers(f"{players} players cannot fill a table of {minimum}.")
    fitting = [
        count
        for count in range(1, players // minimum + 1)
        if minimum <= players // count and -(-players // count) <= maximum
    ]
    count = min(fitting, key=lambda count: (abs(players / count - aim), count))
    small, extra = divmod(players, count)
    return [small + 1] * extra + [small] * (count - extra)


def tables_deal(order: Sequence[Seated], sizes: Sequence[int]) -> list[list[Seated]]:
    """``order`` cut into consecutive tables of ``sizes``: the first ones together."""
    ends = accumulate(sizes)
    return [list(order[end - size : end]) for size, end in zip(sizes, ends, strict=True)]
