"""A finished game's scores explained: each player's score as lines in words and figures.

Each kind's ``score_sheets`` reads them from the game as its readers see it at the end
(its final view, or for a game that scores as it goes its public moves), never counting
the score itself a second way: a sheet's lines add up to the engine's final score.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class ScoreLine:
    """One part of a score: what brought it, in words, and the points it brought."""

    words: str
    points: int


@dataclass(frozen=True)
class ScoreSheet:
    """How one player's final score came about (``total``: the lines' sum)."""

    player: str
    winner: bool
    lines: tuple[ScoreLine, ...]
    total: int


def score_sheet(player: str, winners: list[str], lines: Iterable[ScoreLine]) -> ScoreSheet:
    """``player``'s sheet of ``lines``, its total their sum."""
    kept = tuple(lines)
    return ScoreSheet(player, player in winners, kept, sum(line.points for line in kept))


def sheets_data(sheets: list[ScoreSheet]) -> list[dict[str, Any]]:
    """``sheets`` as plain data, for an email's stored context."""
    return [asdict(sheet) for sheet in sheets]
