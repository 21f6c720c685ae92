"""The Flußpiraten river as monospaced text for emails, in the reader's language.

One row per position 17 down to 1 with both banks, both lanes, the boats on
them (``[3:VB]``: boat 3 with the pirates of the players marked V and B) and
the pirates on the banks and fords, then the harbour, the red spaces, the
start spaces, the turntable and the pending step. Letters are the seat
marks' letters, as on the page and the dashboard. The view never holds a
sealed choice ([F5]), so neither does the text.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from games.kinds.flusspiraten.river import FORDS, current, view_marks, walkers
from games.kinds.flusspiraten.steps import step_line


def _letters(names: list[str], letter: dict[str, str]) -> str:
    return "".join(letter[name] for name in names)


def position_text(view: dict[str, Any]) -> str:
    """The river as text: per position the left bank, both lanes and the right bank."""
    letter = {name: mark.letter for name, mark in view_marks(view).items()}
    on_foot = {space: _letters(names, letter) for space, names in walkers(view).items()}
    boats = {
        boat["at"]: f"[{number}:{_letters(boat['crew'], letter) or '-'}]"
        for number, boat in view["boats"].items()
    }
    headings = [_("pos"), _("left bank"), _("inner lane"), _("outer lane"), _("right bank")]
    rows = []
    for position in range(17, 0, -1):
        left = on_foot.get(f"L{position}", "")
        if position in FORDS:
            left += f" F{position}:{on_foot.get(f'F{position}', '')}"
        inner = boats.get(f"I{position}", f"~{current(f'I{position}')}")
        outer = boats.get(f"O{position}", f"~{current(f'O{position}')}")
        right = on_foot.get(f"R{position}", "")
        rows.append([str(position), left, inner, outer, right])
    widths = [max(len(row[i]) for row in [headings, *rows]) for i in range(len(headings))]
    table = [
        "  ".join(text.ljust(width) for text, width in zip(row, widths, strict=True)).rstrip()
        for row in [headings, *rows]
    ]
    lines = [
        _("Source (top). Turntable: %(value)s.") % {"value": view["turntable"]},
        table[0] + "  " + _("(~n: current)"),
        *table[1:],
    ]
    harbour = " ".join(boats[f"H{n}"] for n in range(1, 9) if f"H{n}" in boats)
    lines.append(_("Harbour: %(boats)s") % {"boats": harbour or "-"})
    crossings = "  ".join(f"{side} {on_foot.get(side) or '-'}" for side in ("XL", "XR"))
    lines.append(_("Red spaces: %(spaces)s") % {"spaces": crossings})
    starts = "  ".join(
        f"{letter[name]} SL {info['SL']} SR {info['SR']}" for name, info in view["players"].items()
    )
    lines.append(_("Start spaces: %(starts)s") % {"starts": starts})
    lines.append(step_line(view["step"], None))
    return "\n".join(lines)


def player_rows(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Mark letter, score, pirates at the source and boats of each player, in seat order."""
    letter = {name: mark.letter for name, mark in view_marks(view).items()}
    return [
        {
            "name": name,
            "number": number,
            "letter": letter[name],
            "score": info["score"],
            "finished": info["finished"],
            "boats": ", ".join(map(str, info["boats"])),
        }
        for number, (name, info) in enumerate(view["players"].items(), start=1)
    ]
