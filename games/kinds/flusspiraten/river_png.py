"""The Flußpiraten river as a PNG for emails, drawn as the page draws it on a phone, from a view.

It takes only what ``view(state, reader)`` gave (STYLE habit 3): a sealed
rowing-test choice is never in a view ([F5]), so it is never in the picture.
The geometry and colours are the page's ``down`` layout (``river.DOWN``);
pirates carry their seat's mark, so the picture reads in greyscale too. The
empty river (once per language) and every mark and boat are drawn once per
process and pasted.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from PIL import Image, ImageDraw

from engine.flusspiraten.board import LENGTH
from games.kinds.flusspiraten.describe import space_label
from games.kinds.flusspiraten.river import (
    DOWN,
    FORDS,
    PAINT,
    PIRATE,
    RIVER_PAINT,
    Box,
    crew_xs,
    current,
    pirate_spots,
    start_counts,
    start_spots,
    view_marks,
    walkers,
)
from games.pictures.marks import Mark, shape_points
from games.pictures.png import Palette, ascii_text, font, png, sprite

PALETTE = Palette(
    [
        "#ffffff",
        *RIVER_PAINT.values(),
        *(colour for pair in PAINT.values() for colour in pair),
    ]
)
"""Every colour of the picture."""
INK = PALETTE.ink(RIVER_PAINT["ink"])
KEEL = PALETTE.ink(RIVER_PAINT["keel"])
TEXT = 12
"""The letter size: shown 340 px wide on a phone, it still measures 11.3 px."""


def _box(draw: ImageDraw.ImageDraw, box: Box, colour: str, outline: str | None = None) -> None:
    corners = (box.x, box.y, box.x + box.w - 1, box.y + box.h - 1)
    line = None if outline is None else PALETTE.ink(outline)
    draw.rectangle(corners, fill=PALETTE.ink(colour), outline=line)


@cache
def _river(language: str) -> Image.Image:
    """The empty river in ``language``: water, banks, source, harbour, numbers and currents."""
    layout, paint = DOWN, RIVER_PAINT
    image = PALETTE.canvas((layout.width, layout.height), "#ffffff")
    draw = ImageDraw.Draw(image)
    with translation.override(language):
        for box, colour in (
            (layout.water, "water"),
            (layout.boxes["source"], "source"),
            (layout.harbour, "harbour"),
            (layout.boxes["XL"], "red"),
            (layout.boxes["XR"], "red"),
        ):
            _box(draw, box, paint[colour])
        source = layout.boxes["source"]
        draw.text(
            (source.cx, source.cy + 4),
            ascii_text(_("source")),
            fill=INK,
            font=font(TEXT),
            anchor="ms",
        )
        draw.text(
            layout.harbour_label, ascii_text(_("harbour")), fill=INK, font=font(TEXT), anchor="ms"
        )
        current_ink = PALETTE.ink(paint["current"])
        for position in range(1, LENGTH + 1):
            draw.text(layout.numbers[position], str(position), fill=INK, font=font(13), anchor="ms")
            for side in "LR":
                _box(draw, layout.boxes[f"{side}{position}"], paint["bank"], "#ffffff")
            for lane in "IO":
                box = layout.boxes[f"{lane}{position}"]
                draw.rectangle(
                    (box.x, box.y, box.x + box.w, box.y + box.h), outline=PALETTE.ink(paint["line"])
                )
                x = box.x + box.w - 18
                draw.line((x, box.y + 3, x, box.y + 11), fill=current_ink, width=2)
                draw.polygon(
                    [(x - 3, box.y + 9), (x + 3, box.y + 9), (x, box.y + 13)], fill=current_ink
                )
                speed = str(current(f"{lane}{position}"))
                draw.text(
                    (x + 5, box.y + 13), speed, fill=current_ink, font=font(TEXT), anchor="ls"
                )
        for position in FORDS:
            inner, outer = layout.boxes[f"I{position}"], layout.boxes[f"O{position}"]
            band = Box(inner.x, inner.cy - 4, inner.w + outer.w, 8)
            _box(draw, band, paint["ford"])
        for side in ("SL", "SR"):
            box = layout.boxes[side]
            draw.rounded_rectangle(
                (box.x, box.y, box.x + box.w, box.y + box.h), 8, fill=PALETTE.ink(paint["start"])
            )
            label = ascii_text(space_label(side))
            draw.text((box.x + 6, box.y + 14), label, fill=INK, font=font(TEXT), anchor="ls")
    return image


@cache
def _mark(mark: Mark, r: int) -> tuple[Image.Image, Image.Image]:
    """A seat's mark ``2 r + 3`` px wide, drawn like the page's."""
    size = 2 * r + 3
    image = PALETTE.canvas((size + 2, size + 2))
    draw = ImageDraw.Draw(image)
    centre = size / 2 + 1
    fill = PALETTE.ink(mark.colour)
    if points := shape_points(mark.shape, centre, centre, r):
        draw.polygon(points, fill=fill, outline=INK)
    else:
        draw.ellipse((centre - r, centre - r, centre + r, centre + r), fill=fill, outline=INK)
    lift = 2 if mark.shape == "triangle" else 0
    text_fill = PALETTE.ink(mark.text_colour)
    letter = ascii_text(mark.letter)
    draw.text((centre, centre + lift), letter, fill=text_fill, font=font(TEXT), anchor="mm")
    return sprite(image)


def _paste(image: Image.Image, mark: Mark, x: float, y: float, r: int = PIRATE) -> None:
    picture, mask = _mark(mark, r)
    half = picture.size[0] // 2
    image.paste(picture, (round(x) - half, round(y) - half), mask)


@cache
def _boat(width: int) -> tuple[Image.Image, Image.Image]:
    """A hull ``width`` wide."""
    image = PALETTE.canvas((width + 1, 27))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, width, 26), radius=12, fill=PALETTE.ink(RIVER_PAINT["hull"]), outline=KEEL
    )
    return sprite(image)


def board_png(view: dict[str, Any], language: str | None = None) -> bytes:
    """A PNG picture of the river in ``view``, the size of the page's phone drawing, its words
    in ``language`` (``None``: the active one)."""
    layout = DOWN
    mark_of = view_marks(view)
    image = _river(language or translation.get_language() or "en").copy()
    draw = ImageDraw.Draw(image)
    for space, names in walkers(view).items():
        box = layout.boxes[space]
        spots = pirate_spots(box, len(names))
        for name, (x, y) in zip(names, spots, strict=False):
            _paste(image, mark_of[name], x, y)
        if len(names) > len(spots):
            x, y = spots[-1]
            draw.rectangle((x - 11, y - 11, x + 11, y + 11), fill=PALETTE.ink(RIVER_PAINT["bank"]))
            more = f"+{len(names) - len(spots) + 1}"
            draw.text((x, y), more, fill=INK, font=font(13), anchor="mm")
    for side in ("SL", "SR"):
        counts = start_counts(view, side)
        spots = start_spots(layout.boxes[side], len(counts))
        for (name, count), (x, y) in zip(counts, spots, strict=True):
            _paste(image, mark_of[name], x - 8, y, 9)
            # Pillow's default font has no "×".
            draw.text((x + 12, y + 4), f"x{count}", fill=INK, font=font(TEXT), anchor="ms")
    for number, boat in view["boats"].items():
        box = layout.boxes[boat["at"]]
        x, y, width = layout.lane_boat(boat["at"])
        hull, mask = _boat(int(width))
        image.paste(hull, (round(x - width / 2), round(y) - 13), mask)
        draw.text((box.x + 4, box.y + 13), number, fill=KEEL, font=font(TEXT), anchor="ls")
        crew = boat["crew"]
        for px, name in zip(crew_xs(x, len(crew)), crew, strict=True):
            _paste(image, mark_of[name], px, y)
    return png(image)
