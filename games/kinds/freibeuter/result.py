"""How a finished Freibeuter game's scores came about (§8), from its final view.

A score is the chests, plus the values of the ships won (doubled for a value
whose double was set aside), less two points for each credit taken. All of it
is public [D9].
"""

from __future__ import annotations

from collections import Counter

from django.utils.translation import gettext, ngettext

from engine.freibeuter.board import DOUBLES, SHIPS
from games.kinds.base import TableView
from games.kinds.score_sheet import ScoreLine, ScoreSheet, score_sheet


def _ship_line(ship: str, count: int, doubled: bool) -> ScoreLine:
    """``count`` ships ``ship`` won, at their value or twice it."""
    value = SHIPS[ship][0]
    words = ngettext(
        "%(count)s ship %(ship)s, worth %(value)s",
        "%(count)s ships %(ship)s, worth %(value)s each",
        count,
    ) % {"count": count, "ship": ship, "value": value}
    if not doubled:
        return ScoreLine(words, count * value)
    twice = gettext("%(ships)s, doubled: the double %(value)s was set aside") % {
        "ships": words,
        "value": value,
    }
    return ScoreLine(twice, 2 * count * value)


def score_sheets(table: TableView) -> list[ScoreSheet]:
    """Each player's chests, ships won and credit, in seat order."""
    view = table.engine.view(table.state, table.viewer)
    doubled = {DOUBLES[token] for token in view["set_aside"]["doubles"]}
    sheets = []
    for name, player in sorted(view["players"].items(), key=lambda item: item[1]["seat"]):
        lines = [ScoreLine(gettext("Chests"), player["chests"])]
        won = Counter(player["ships"])
        lines += [
            _ship_line(ship, won[ship], SHIPS[ship][0] in doubled) for ship in SHIPS if won[ship]
        ]
        credit = player["credit"]
        if credit:
            words = ngettext(
                "Credit taken: %(credit)s chest, 2 points off",
                "Credit taken: %(credit)s chests, 2 points off for each",
                credit,
            ) % {"credit": credit}
            lines.append(ScoreLine(words, -2 * credit))
        sheets.append(score_sheet(name, view["winners"], lines))
    return sheets
