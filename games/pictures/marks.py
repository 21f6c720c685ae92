"""How a player is marked wherever players are listed: a seat colour, a shape and a letter.

Each game's kind gives its own seat colours (``seat_marks`` of
``games.kinds.<game>``); the shape and the letter are the same for all, so
no one needs to tell colours apart: seat 1 a circle, 2 a square, 3 a
triangle, 4 a diamond, then again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from django.utils.safestring import SafeString, mark_safe

SHAPES = ("circle", "square", "triangle", "diamond")
DARK_TEXT = "#1b1b1b"
LIGHT_TEXT = "#ffffff"
MARK_PATHS = {
    "square": "M5 5h30v30H5z",
    "triangle": "M20 2L38 36H2z",
    "diamond": "M20 1L39 20L20 39L1 20z",
    "circle": "M2 20a18 18 0 1 0 36 0a18 18 0 1 0 -36 0z",
}


@dataclass(frozen=True)
class Mark:
    """How one player is drawn: colour, shape and letter."""

    name: str
    seat: int
    colour: str
    text_colour: str
    shape: str
    letter: str


def _text_colour(colour: str) -> str:
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return DARK_TEXT if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else LIGHT_TEXT


def seat_marks(names: list[str], colours: Sequence[str]) -> dict[str, Mark]:
    """Marks of players given in seat order: ``colours`` by seat (``#rrggbb``), shape, initial.

    The letter is the player's initial, or the seat number when two initials clash.
    """
    initials = [name[:1].upper() for name in names]
    unique = len(set(initials)) == len(initials) and all(letter.isalpha() for letter in initials)
    marks = {}
    for seat, (name, initial) in enumerate(zip(names, initials, strict=True)):
        colour = colours[seat % len(colours)]
        marks[name] = Mark(
            name=name,
            seat=seat,
            colour=colour,
            text_colour=_text_colour(colour),
            shape=SHAPES[seat % len(SHAPES)],
            letter=initial if unique else str(seat + 1),
        )
    return marks


def shape_points(shape: str, x: float, y: float, r: float) -> list[tuple[float, float]]:
    """The corners of a square, triangle or diamond centred on ``(x, y)`` (``[]``: a circle)."""
    if shape == "square":
        s = r * 0.86
        return [(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)]
    if shape == "triangle":
        h = r * 1.15
        return [(x, y - h), (x + h, y + h * 0.75), (x - h, y + h * 0.75)]
    if shape == "diamond":
        d = r * 1.2
        return [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
    return []


def shape_path(shape: str, x: float, y: float, r: float) -> str:
    """An SVG path of ``shape`` centred on ``(x, y)`` with ``r`` about its half-width."""
    points = shape_points(shape, x, y, r)
    if points:
        return "M" + "L".join(f"{px:.1f} {py:.1f}" for px, py in points) + "z"
    return (
        f"M{x - r:.1f} {y:.1f}a{r:.1f} {r:.1f} 0 1 0 {2 * r:.1f} 0"
        f"a{r:.1f} {r:.1f} 0 1 0 {-2 * r:.1f} 0z"
    )


def mark_svg(mark: Mark) -> SafeString:
    """A player's mark (shape, colour, letter) as a small inline SVG."""
    y = 31 if mark.shape == "triangle" else 27
    return mark_safe(
        f'<svg class="mark" viewBox="0 0 40 40" width="22" height="22" aria-hidden="true">'
        f'<path d="{MARK_PATHS[mark.shape]}" fill="{mark.colour}" stroke="#1b1b1b" '
        f'stroke-width="2"/><text x="20" y="{y}" fill="{mark.text_colour}" font-size="19" '
        f'font-weight="700" text-anchor="middle">{escape(mark.letter)}</text></svg>'
    )
