"""How a finished Seeräuber game's scores came about (§7), from its final view.

A score is the ducats a player ends with, plus for each booty kind either a
share of its majority value (the most pieces, shared and rounded down) or one
point a piece. Everything is public [S6].
"""

from __future__ import annotations

from django.utils.translation import gettext

from engine.seerauber.board import BOOTY, MAJORITY
from engine.seerauber.state import booty_points
from games.kinds.base import TableView
from games.kinds.score_sheet import ScoreLine, ScoreSheet, score_sheet
from games.kinds.seerauber.describe import booty_count


def _booty_line(kind: str, name: str, held: dict[str, int]) -> ScoreLine:
    """What ``name``'s pieces of ``kind`` brought, ``held`` being everyone's pieces of it."""
    count, most = held[name], max(held.values())
    points = dict(zip(held, booty_points(kind, list(held.values())), strict=True))[name]
    pieces = booty_count(kind, count)
    if count < most:
        words = gettext("%(pieces)s: not the most, 1 point a piece") % {"pieces": pieces}
        return ScoreLine(words, points)
    leaders = [other for other, number in held.items() if number == most]
    value = MAJORITY[kind]
    if len(leaders) == 1:
        words = gettext("%(pieces)s: the most, worth %(value)s") % {
            "pieces": pieces,
            "value": value,
        }
    else:
        others = ", ".join(other for other in leaders if other != name)
        words = gettext(
            "%(pieces)s: the most, shared with %(others)s: %(value)s ÷ %(count)s, rounded down"
        ) % {"pieces": pieces, "others": others, "value": value, "count": len(leaders)}
    return ScoreLine(words, points)


def score_sheets(table: TableView) -> list[ScoreSheet]:
    """Each player's ducats and what each booty kind they hold brought, in seat order."""
    view = table.engine.view(table.state, table.viewer)
    players = view["players"]
    sheets = []
    for name, info in players.items():
        lines = [ScoreLine(gettext("Ducats at the end of play"), info["ducats"])]
        for kind in BOOTY:
            if info["booty"][kind]:
                held = {other: players[other]["booty"][kind] for other in players}
                lines.append(_booty_line(kind, name, held))
        sheets.append(score_sheet(name, view["winners"], lines))
    return sheets
