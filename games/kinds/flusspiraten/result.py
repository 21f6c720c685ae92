"""How a finished Flußpiraten game's scores came about (§7), from its public moves.

Flußpiraten scores as it goes: a pirate reaching the source scores the
turntable's value then. The final view holds only the totals, so each
player's points are read move by move from the views before and after the
moves that changed a score: how many of his pirates reached the source and
what they brought. Everything but a sealed choice is public (§8), and at the
end nothing is sealed.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from games.kinds.base import TableView
from games.kinds.score_sheet import ScoreLine, ScoreSheet, score_sheet


def _arrival(number: int, pirates: int, points: int, turntable: int) -> ScoreLine:
    """``pirates`` reaching the source on move ``number``, the turntable on ``turntable``
    before it: their value, when one boat's arrival brought them all."""
    if points == pirates * turntable:
        words = ngettext(
            "Move %(number)s: %(count)s pirate reached the source, the turntable on %(value)s",
            "Move %(number)s: %(count)s pirates reached the source, the turntable on %(value)s",
            pirates,
        )
    else:  # boats arriving one after another, the turntable turning between them
        words = ngettext(
            "Move %(number)s: %(count)s pirate reached the source",
            "Move %(number)s: %(count)s pirates reached the source, the turntable turning "
            "between the boats",
            pirates,
        )
    return ScoreLine(words % {"number": number, "count": pirates, "value": turntable}, points)


def score_sheets(table: TableView) -> list[ScoreSheet]:
    """Each player's arrivals at the source with the points they brought, in seat order."""
    engine = table.engine
    history = table.history()
    lines: dict[str, list[ScoreLine]] = {name: [] for name in engine.scores(history.start)}
    seen = engine.view(history.start, table.viewer)
    for number, played in enumerate(history.moves, start=1):
        then = engine.view(played.after, table.viewer)
        for name, player in then["players"].items():
            pirates = player["finished"] - seen["players"][name]["finished"]
            if pirates:
                points = player["score"] - seen["players"][name]["score"]
                lines[name].append(_arrival(number, pirates, points, seen["turntable"]))
        seen = then
    winners = engine.view(table.state, table.viewer)["winners"]
    nothing = ScoreLine(gettext("No pirate reached the source"), 0)
    return [score_sheet(name, winners, told or [nothing]) for name, told in lines.items()]
