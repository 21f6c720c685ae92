"""The Flußpiraten river's geometry and colours, and its drawing for the game page.

The page draws the river as inline SVG (:func:`river_svg`, rules §1): both
lanes with their currents, the banks, the fords, the harbour berths, the
start spaces and the source, boats and pirates in seat colours with their
colour letters. The emailed PNG (``river_png``) draws the same
river with the same geometry. Both take only a seat's view, which never
holds a sealed choice ([F5]).
"""

from __future__ import annotations

from html import escape
from typing import Any

from django.utils.safestring import SafeString, mark_safe

from engine.flusspiraten.board import CURRENT, FORD_POSITION, LENGTH

COLOURS = "RBGYKW"
"""Seat colours, by seat (``docs/record-format.md``)."""
PAINT = {
    "R": ("#c0392b", "#fff"),
    "B": ("#2460a7", "#fff"),
    "G": ("#2e8b57", "#fff"),
    "Y": ("#f1c40f", "#1b1b1b"),
    "K": ("#222222", "#fff"),
    "W": ("#f4f4f4", "#1b1b1b"),
}
"""Fill and letter colour of each seat colour."""
RIVER_PAINT = {
    "water": "#bfe0f2", "source": "#6fb1d6", "ford": "#a89f91", "harbour": "#d9c7a3",
    "hull": "#8b5a2b", "keel": "#3e2713", "current": "#2d5d7b", "ink": "#1b1b1b",
}  # fmt: skip
"""The colours of the river drawing besides the seat colours."""
COLUMN = {"L": 40, "I": 130, "O": 230, "R": 320}
"""The x of the left bank, the inner lane, the outer lane and the right bank."""
ROW = 44
TOP = 70
WIDTH = 360
FORDS = tuple(FORD_POSITION.values())
"""The positions of the fords F6 and F12."""
POSITIONS = range(17, 0, -1)


def seat_colours(view: dict[str, Any]) -> dict[str, str]:
    """Each player's colour letter, by seat."""
    return dict(zip(view["players"], COLOURS, strict=False))


def walk_letters(view: dict[str, Any], colours: dict[str, str]) -> dict[str, str]:
    """Letters of the pirates on each walk space outside the start spaces."""
    found: dict[str, str] = {}
    for name, info in view["players"].items():
        for space in info["banks"] + info["fords"]:
            found[space] = found.get(space, "") + colours[name]
    return found


def row_y(position: int) -> int:
    """The y of river position 1–17 in the drawing (0: the harbour's top row)."""
    return TOP + (LENGTH - position) * ROW


HEIGHT = row_y(0) + 110
HARBOUR_Y = row_y(0) + 10
"""The y of the harbour's first row of berths and of the crossings XL and XR."""
STARTS_Y = HARBOUR_Y + 44


def start_letters(view: dict[str, Any], colours: dict[str, str], side: str) -> str:
    """Letters of the pirates on the start space ``side`` (``SL`` or ``SR``), in seat order."""
    return "".join(colours[name] * info[side] for name, info in view["players"].items())


def pirate_xs(x: float, count: int) -> list[float]:
    """The x of each of ``count`` pirates standing in a row centred on ``x``."""
    start = x - 11 * (count - 1)
    return [start + 22 * i for i in range(count)]


def crew_xs(x: float, width: int, count: int) -> list[float]:
    """The x of each of ``count`` pirates seated in a boat ``width`` wide centred on ``x``."""
    return [x - width / 5 + 2 * width / 5 * i for i in range(count)]


def boat_place(at: str) -> tuple[float, int, int]:
    """The centre x, the y and the width of a boat at a lane space or a berth ``H1``–``H8``."""
    if at.startswith("H"):
        berth = int(at[1:]) - 1
        return 110 + (berth % 4) * 47, HARBOUR_Y - 6 + (berth // 4) * 38, 44
    return COLUMN[at[0]], row_y(int(at[1:])), 68


def _pirate(x: float, y: float, colour: str, title: str) -> str:
    fill, ink = PAINT[colour]
    return (
        f'<g><title>{escape(title)}</title><circle cx="{x:.0f}" cy="{y}" r="10" fill="{fill}" '
        f'stroke="{RIVER_PAINT["ink"]}"/><text x="{x:.0f}" y="{y + 4}" fill="{ink}" font-size="12" '
        f'font-weight="700" text-anchor="middle">{colour}</text></g>'
    )


def _pirates(x: float, y: int, letters: str, title: str) -> str:
    xs = pirate_xs(x, len(letters))
    return "".join(_pirate(px, y, c, title) for px, c in zip(xs, letters, strict=True))


def _boat(number: str, crew: str, at: str) -> str:
    x, y, width = boat_place(at)
    seats = "".join(
        _pirate(px, y, colour, f"boat {number}")
        for px, colour in zip(crew_xs(x, width, len(crew)), crew, strict=True)
    )
    return (
        f'<g class="boat" data-boat="{number}"><title>boat {number}</title>'
        f'<rect x="{x - width / 2:.0f}" y="{y - 15}" width="{width}" height="30" rx="14" '
        f'fill="{RIVER_PAINT["hull"]}" stroke="{RIVER_PAINT["keel"]}"/><text x="{x:.0f}" '
        f'y="{y + 26}" font-size="10" text-anchor="middle" fill="{RIVER_PAINT["keel"]}">'
        f"{number}</text>{seats}</g>"
    )


def river_svg(view: dict[str, Any]) -> SafeString:
    """The river of ``view`` as inline SVG (rules §1): source on top, harbour at the bottom."""
    colours = seat_colours(view)
    walkers = walk_letters(view, colours)
    paint = RIVER_PAINT
    parts = [
        f'<svg class="river" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" role="img" '
        f'aria-label="The river">',
        f'<rect x="80" y="{TOP - 40}" width="200" height="{row_y(1) - TOP + 60}" '
        f'fill="{paint["water"]}"/>',
        f'<rect x="80" y="{TOP - 56}" width="200" height="20" fill="{paint["source"]}"/>',
        f'<text x="180" y="{TOP - 42}" font-size="12" text-anchor="middle">source</text>',
        f'<text x="352" y="16" font-size="12" text-anchor="end">turntable '
        f"{view['turntable']}</text>",
    ]
    for position in range(1, LENGTH + 1):
        y = row_y(position)
        parts.append(f'<text x="6" y="{y + 4}" font-size="10">{position}</text>')
        for lane, offset in (("I", 0), ("O", LENGTH)):
            x = COLUMN[lane]
            parts.append(
                f'<text x="{x + 40}" y="{y - 8}" font-size="9" fill="{paint["current"]}" '
                f'data-space="{lane}{position}">↓{CURRENT[offset + position - 1]}</text>'
            )
        if position in FORDS:
            parts.append(
                f'<rect x="80" y="{y - 4}" width="200" height="8" fill="{paint["ford"]}" '
                f'opacity="0.6"/>'
                f'<text x="180" y="{y + 20}" font-size="9" text-anchor="middle">F{position}</text>'
            )
            ford = walkers.get(f"F{position}", "")
            parts.append(_pirates(180, y, ford, f"F{position}"))
        for side in "LR":
            parts.append(
                _pirates(COLUMN[side], y, walkers.get(f"{side}{position}", ""), f"{side}{position}")
            )
    parts.append(
        f'<rect x="80" y="{HARBOUR_Y - 26}" width="200" height="84" fill="{paint["harbour"]}"/>'
    )
    parts.append(
        f'<text x="180" y="{HARBOUR_Y + 70}" font-size="11" text-anchor="middle">harbour</text>'
    )
    for number, boat in view["boats"].items():
        parts.append(_boat(number, "".join(colours[name] for name in boat["crew"]), boat["at"]))
    for space, x in (("XL", COLUMN["L"]), ("XR", COLUMN["R"])):
        parts.append(_pirates(x, HARBOUR_Y, walkers.get(space, ""), space))
        parts.append(
            f'<text x="{x}" y="{HARBOUR_Y - 14}" font-size="9" text-anchor="middle">{space}</text>'
        )
    for side, x in (("SL", COLUMN["L"]), ("SR", COLUMN["R"])):
        letters = start_letters(view, colours, side)
        parts.append(
            f'<text x="{x}" y="{STARTS_Y}" font-size="10" text-anchor="middle" '
            f'data-space="{side}">{side} {escape(letters) or "-"}</text>'
        )
    parts.append("</svg>")
    return mark_safe("".join(parts))
