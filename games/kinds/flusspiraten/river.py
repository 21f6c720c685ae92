"""The Flußpiraten river's geometry and colours, and its drawing for the game page.

The river is drawn in two layouts of the same spaces (rules §1): ``across``
for wide screens (the harbour on the left, the source on the right, the left
bank on top) and ``down`` for phones and emails (the source on top, the
harbour at the bottom, the left bank on the left). Each layout gives every
space its box; the SVG (:func:`river_svg`) and the emailed PNG
(``river_png``, the ``down`` layout) draw boats and pirates into those boxes
with each seat's mark (colour, shape and letter, as on the dashboard). Both
take only a seat's view, which never holds a sealed choice ([F5]).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from engine.flusspiraten.board import CURRENT, FORD_POSITION, LENGTH, RIVER_INDEX
from games.kinds.flusspiraten.describe import space_label, space_phrase
from games.pictures import marks
from games.pictures.marks import Mark, shape_path

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
    "water": "#bfe0f2", "source": "#8cc4e3", "ford": "#a89f91", "harbour": "#d9c7a3",
    "bank": "#e4ecd2", "red": "#f3b9ae", "start": "#efe6cf", "hull": "#8b5a2b",
    "keel": "#3e2713", "current": "#1f4f6b", "ink": "#1b1b1b", "line": "#7fb0c9",
}  # fmt: skip
"""The colours of the river drawing besides the seat colours."""
TURNTABLE_MARK = "#f2c14e"
"""The turntable's value now."""
FORDS = tuple(FORD_POSITION.values())
"""The positions of the fords F6 and F12."""
PIRATE = 10
"""The radius of a pirate's mark."""
STEP = 22
"""The distance between two pirates standing side by side."""
LABEL = 12
"""The size of the drawing's labels: rendered at 360 px wide they still measure 11.5 px."""
TARGET = 50
"""The least width and height of a space's tap target: 44 CSS px or more at 360 px wide."""


@dataclass(frozen=True)
class Box:
    """A space's rectangle in a layout."""

    x: float
    y: float
    w: float
    h: float

    @property
    def cx(self) -> float:
        return self.x + self.w / 2

    @property
    def cy(self) -> float:
        return self.y + self.h / 2


@dataclass(frozen=True)
class Layout:
    """One way to lay the river out: its size, every space's box and where its labels go."""

    name: str
    width: int
    height: int
    boxes: dict[str, Box]
    numbers: dict[int, tuple[float, float]]
    """Where each position's number is written."""
    water: Box
    harbour: Box
    harbour_label: tuple[float, float]
    drift: str
    """The arrow of the current: the way a drifting boat goes."""

    def lane_boat(self, at: str) -> tuple[float, float, float]:
        """The centre x, centre y and hull width of a boat on ``at`` (a lane space or a berth)."""
        box = self.boxes[at]
        return box.cx, box.y + box.h / 2 + 6, min(box.w - 4, 64)


def _across() -> Layout:
    """Wide screens: positions 1–17 left to right, rows left bank, inner, outer, right bank."""
    left, column = 192, 50
    rows = {"L": (22, 60), "I": (82, 56), "O": (138, 56), "R": (194, 60)}
    boxes = {}
    for position in range(1, LENGTH + 1):
        x = left + (position - 1) * column
        for side, (y, height) in rows.items():
            boxes[f"{side}{position}"] = Box(x, y, column, height)
    for position in FORDS:
        boxes[f"F{position}"] = Box(left + (position - 0.5) * column - 12, 126, 24, 24)
    for berth in range(8):
        boxes[f"H{berth + 1}"] = Box(8 + (berth % 4) * 46, 82 + (berth // 4) * 56, 46, 56)
    boxes |= {
        "SL": Box(8, 22, 130, 60), "XL": Box(140, 22, 52, 60),
        "SR": Box(8, 194, 130, 60), "XR": Box(140, 194, 52, 60),
        "source": Box(left + LENGTH * column, 82, 58, 112),
    }  # fmt: skip
    return Layout(
        name="across",
        width=left + LENGTH * column + 66,
        height=262,
        boxes=boxes,
        numbers={p: (left + (p - 0.5) * column, 16) for p in range(1, LENGTH + 1)},
        water=Box(left, 82, LENGTH * column, 112),
        harbour=Box(8, 82, 184, 112),
        harbour_label=(100, 16),
        drift="←",
    )


def _down() -> Layout:
    """Phones and emails: position 17 on top, columns left bank, inner, outer, right bank."""
    top, row = 44, 48
    columns = {"L": (24, 72), "I": (96, 92), "O": (188, 92), "R": (280, 72)}
    boxes = {}
    for position in range(1, LENGTH + 1):
        y = top + (LENGTH - position) * row
        for side, (x, width) in columns.items():
            boxes[f"{side}{position}"] = Box(x, y, width, row)
    for position in FORDS:
        boxes[f"F{position}"] = Box(176, top + (LENGTH - position + 0.5) * row - 12, 24, 24)
    harbour = top + LENGTH * row + 8
    for berth in range(8):
        boxes[f"H{berth + 1}"] = Box(96 + (berth % 4) * 46, harbour + (berth // 4) * 56, 46, 56)
    boxes |= {
        "XL": Box(24, harbour, 72, 56), "XR": Box(280, harbour, 72, 56),
        "SL": Box(8, harbour + 132, 172, 64), "SR": Box(188, harbour + 132, 164, 64),
        "source": Box(96, 8, 184, 36),
    }  # fmt: skip
    return Layout(
        name="down",
        width=360,
        height=int(harbour + 204),
        boxes=boxes,
        numbers={p: (12, top + (LENGTH - p + 0.5) * row + 4) for p in range(1, LENGTH + 1)},
        water=Box(96, top, 184, LENGTH * row),
        harbour=Box(96, harbour, 184, 112),
        harbour_label=(188, harbour + 128),
        drift="↓",
    )


ACROSS = _across()
DOWN = _down()


@dataclass(frozen=True)
class Target:
    """A space of the river the player may tap: the link it follows and what it does."""

    space: str
    href: str
    label: str
    current: bool = False


def _target(layout: Layout, target: Target) -> str:
    box = layout.boxes[target.space]
    width, height = max(box.w, TARGET), max(box.h, TARGET)
    current = ' aria-current="true"' if target.current else ""
    return (
        f'<a class="target{" current" * target.current}" href="{escape(target.href)}" '
        f'aria-label="{escape(target.label)}"{current}><rect x="{box.cx - width / 2:.0f}" '
        f'y="{box.cy - height / 2:.0f}" width="{width:.0f}" height="{height:.0f}" rx="8"/></a>'
    )


def seat_marks(names: list[str]) -> dict[str, Mark]:
    """Marks of players given in seat order, in their river colours."""
    return marks.seat_marks(names, [PAINT[letter][0] for letter in COLOURS])


def view_marks(view: dict[str, Any]) -> dict[str, Mark]:
    """The mark of each player of a view (its players are in seat order)."""
    return seat_marks(list(view["players"]))


def current(space: str) -> int:
    """How far a boat starting on the lane space ``space`` drifts back."""
    return CURRENT[RIVER_INDEX[space]]


def pirate_spots(
    box: Box, count: int, step: float = STEP, rise: float | None = None
) -> list[tuple[float, float]]:
    """Where ``count`` pirates stand in ``box``: rows ``rise`` apart (``step`` unless given)
    of as many as fit ``step`` apart, centred."""
    rise = rise or step
    across = max(1, int((box.w - 4) // step))
    rows = max(1, int((box.h - 4) // rise))
    shown = min(count, across * rows)
    spots = []
    used_rows = -(-shown // across) if shown else 0
    for index in range(shown):
        row, place = divmod(index, across)
        in_row = min(across, shown - row * across)
        x = box.cx + (place - (in_row - 1) / 2) * step
        y = box.cy + (row - (used_rows - 1) / 2) * rise
        spots.append((x, y))
    return spots


def crew_xs(x: float, count: int) -> list[float]:
    """The x of each of the ``count`` (1 or 2) pirates seated in a boat centred on ``x``."""
    return [x + (seat - (count - 1) / 2) * STEP for seat in range(count)]


def walkers(view: dict[str, Any]) -> dict[str, list[str]]:
    """The players (in seat order) of the pirates on each bank, ford and red space."""
    found: dict[str, list[str]] = {}
    for name, info in view["players"].items():
        for space in info["banks"] + info["fords"]:
            found.setdefault(space, []).append(name)
    return found


def start_counts(view: dict[str, Any], side: str) -> list[tuple[str, int]]:
    """The players with pirates on the start space ``side`` (``SL``/``SR``) and how many."""
    return [(name, info[side]) for name, info in view["players"].items() if info[side]]


def start_spots(box: Box, count: int) -> list[tuple[float, float]]:
    """Where the marks of ``count`` players stand on the start space ``box`` (each a pirate and
    its count, under the space's name): one row of four, two rows for the fifth and sixth."""
    return pirate_spots(Box(box.x, box.y + 16, box.w, box.h - 16), count, 40, rise=22)


def _mark(mark: Mark, x: float, y: float, r: float = PIRATE) -> str:
    lift = 6 if mark.shape == "triangle" else 4
    return (
        f'<path d="{shape_path(mark.shape, x, y, r)}" fill="{mark.colour}" '
        f'stroke="{RIVER_PAINT["ink"]}"/><text x="{x:.0f}" y="{y + lift:.0f}" '
        f'fill="{mark.text_colour}" font-size="12" font-weight="700" '
        f'text-anchor="middle">{escape(mark.letter)}</text>'
    )


def _text(x: float, y: float, text: str, *, anchor: str = "middle", size: int = LABEL) -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}">'
        f"{escape(text)}</text>"
    )


def _rect(box: Box, fill: str, extra: str = "") -> str:
    return (
        f'<rect x="{box.x:.0f}" y="{box.y:.0f}" width="{box.w:.0f}" height="{box.h:.0f}" '
        f'fill="{fill}"{extra}/>'
    )


def _pirates(box: Box, names: list[str], mark_of: dict[str, Mark], space: str) -> str:
    spots = pirate_spots(box, len(names))
    title = f"{space_label(space)}: {', '.join(names)}"
    drawn = [_mark(mark_of[name], x, y) for name, (x, y) in zip(names, spots, strict=False)]
    if len(names) > len(spots):
        x, y = spots[-1]
        drawn[-1] = _text(x, y + 4, f"+{len(names) - len(spots) + 1}", size=13)
    return f"<g><title>{escape(title)}</title>{''.join(drawn)}</g>"


def _starts(layout: Layout, view: dict[str, Any], mark_of: dict[str, Mark], side: str) -> str:
    box = layout.boxes[side]
    parts = [
        _rect(box, RIVER_PAINT["start"], ' rx="8"'),
        _text(box.x + 6, box.y + 14, space_label(side), anchor="start"),
    ]
    counts = start_counts(view, side)
    for (name, count), (x, y) in zip(counts, start_spots(box, len(counts)), strict=True):
        parts.append(_mark(mark_of[name], x - 8, y, 9) + _text(x + 12, y + 4, f"×{count}"))
    who = ", ".join(f"{name} {count}" for name, count in counts) or "–"
    return f"<g><title>{escape(space_label(side))}: {escape(who)}</title>{''.join(parts)}</g>"


def boat_words(number: str, boat: dict[str, Any]) -> str:
    """Where a boat is and who sits in it: "Boat 3 on inner lane 4: Anna, Ben"."""
    return _("Boat %(boat)s on %(space)s: %(crew)s") % {
        "boat": number,
        "space": space_phrase(boat["at"], "on"),
        "crew": ", ".join(boat["crew"]) or _("empty"),
    }


def _boat(layout: Layout, number: str, boat: dict[str, Any], mark_of: dict[str, Mark]) -> str:
    box = layout.boxes[boat["at"]]
    x, y, width = layout.lane_boat(boat["at"])
    crew = boat["crew"]
    seats = "".join(
        _mark(mark_of[name], px, y) for px, name in zip(crew_xs(x, len(crew)), crew, strict=True)
    )
    return (
        f'<g class="boat" data-boat="{number}"><title>{escape(boat_words(number, boat))}</title>'
        f'<rect x="{x - width / 2:.0f}" y="{y - 13:.0f}" width="{width:.0f}" height="26" rx="12" '
        f'fill="{RIVER_PAINT["hull"]}" stroke="{RIVER_PAINT["keel"]}"/>'
        f'<text x="{box.x + 4:.0f}" y="{box.y + 13:.0f}" font-size="{LABEL}" font-weight="700" '
        f'fill="{RIVER_PAINT["keel"]}">{number}</text>{seats}</g>'
    )


def _ground(layout: Layout) -> list[str]:
    """The empty river: banks, water, fords, source, harbour, red spaces, numbers, currents."""
    paint = RIVER_PAINT
    boxes = layout.boxes
    parts = [
        _rect(layout.water, paint["water"]),
        _rect(boxes["source"], paint["source"]),
        _text(boxes["source"].cx, boxes["source"].cy + 4, _("source")),
        _rect(layout.harbour, paint["harbour"]),
        _text(*layout.harbour_label, _("harbour")),
        _rect(boxes["XL"], paint["red"]),
        _rect(boxes["XR"], paint["red"]),
    ]
    for position in range(1, LENGTH + 1):
        parts.append(_text(*layout.numbers[position], str(position), size=13))
        for side in "LR":
            parts.append(_rect(boxes[f"{side}{position}"], paint["bank"], ' stroke="#fff"'))
        for lane in "IO":
            box = boxes[f"{lane}{position}"]
            parts.append(
                _rect(box, "none", f' stroke="{paint["line"]}" stroke-width="0.5"')
                + f'<text x="{box.x + box.w - 4:.0f}" y="{box.y + 13:.0f}" font-size="{LABEL}" '
                f'text-anchor="end" fill="{paint["current"]}">'
                f"{layout.drift}{current(f'{lane}{position}')}</text>"
            )
    for position in FORDS:
        inner, outer = boxes[f"I{position}"], boxes[f"O{position}"]
        if layout.name == "down":
            band = Box(inner.x, inner.cy - 4, inner.w + outer.w, 8)
        else:
            band = Box(inner.cx - 4, inner.y, 8, inner.h + outer.h)
        parts.append(_rect(band, paint["ford"]))
    return parts


def river_svg(
    view: dict[str, Any],
    mark_of: dict[str, Mark],
    layout: Layout,
    targets: Sequence[Target] = (),
) -> SafeString:
    """The river of ``view`` in ``layout`` as inline SVG, pirates drawn with their marks, and
    the ``targets`` a tap chooses on top (a ford, the smallest, last)."""
    found = walkers(view)
    label = _("The river")
    role = "" if targets else ' role="img"'  # an image's parts would be no links
    parts = [
        f'<svg class="river river-{layout.name}" viewBox="0 0 {layout.width} {layout.height}"'
        f'{role} aria-label="{escape(label)}" font-family="sans-serif">',
        *_ground(layout),
    ]
    for space, names in found.items():
        parts.append(_pirates(layout.boxes[space], names, mark_of, space))
    for side in ("SL", "SR"):
        parts.append(_starts(layout, view, mark_of, side))
    for number, boat in view["boats"].items():
        parts.append(_boat(layout, number, boat, mark_of))
    for target in sorted(targets, key=lambda target: target.space.startswith("F")):
        parts.append(_target(layout, target))
    parts.append("</svg>")
    return mark_safe("".join(parts))


def turntable_svg(value: int) -> SafeString:
    """The turntable's eight values clockwise, the one it shows now marked (rules §1)."""
    label = _("Turntable at %(value)s") % {"value": value}
    parts = [
        f'<svg class="turntable" viewBox="0 0 120 120" width="120" height="120" role="img" '
        f'aria-label="{escape(label)}">',
        f'<circle cx="60" cy="60" r="56" fill="{RIVER_PAINT["harbour"]}" '
        f'stroke="{RIVER_PAINT["keel"]}" stroke-width="2"/>',
    ]
    for segment in range(8):
        angle = math.radians(segment * 45)
        x, y = 60 + 38 * math.sin(angle), 60 - 38 * math.cos(angle)
        if segment == value:
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="14" fill="{TURNTABLE_MARK}" '
                f'stroke="{RIVER_PAINT["ink"]}" stroke-width="2"/>'
            )
        parts.append(_text(x, y + 5, str(segment), size=15))
    parts.append(f'<circle cx="60" cy="60" r="6" fill="{RIVER_PAINT["keel"]}"/></svg>')
    return mark_safe("".join(parts))
