"""The Flußpiraten river as a PNG for emails, drawn as the game page draws it, from a view.

It takes only what ``view(state, reader)`` gave (STYLE habit 3): a sealed
rowing-test choice is never in a view ([F5]), so it is never in the picture.
The geometry and colours are those of ``river.river_svg``:
source on top, both lanes with their positions and currents, the banks, the
fords F6 and F12, the harbour berths, the crossings and the start spaces.
Pirates are circles in their seat colour with their colour letter, so the
picture reads in greyscale too. The empty river and every pirate and boat
are drawn once per process and pasted.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from PIL import Image, ImageColor, ImageDraw

from engine.flusspiraten.board import CURRENT, LENGTH
from games.kinds.flusspiraten.river import (
    COLUMN,
    FORDS,
    HARBOUR_Y,
    HEIGHT,
    PAINT,
    RIVER_PAINT,
    STARTS_Y,
    TOP,
    WIDTH,
    boat_place,
    crew_xs,
    pirate_xs,
    row_y,
    seat_colours,
    start_letters,
    walk_letters,
)
from games.pictures.png import Palette, font, png, sprite


def _blend(colour: str, under: str, opacity: float) -> str:
    """``colour`` laid with ``opacity`` over ``under``, as the page's SVG shows it."""
    top, bottom = ImageColor.getrgb(colour), ImageColor.getrgb(under)
    mixed = (round(a * opacity + b * (1 - opacity)) for a, b in zip(top, bottom, strict=False))
    return "#" + "".join(f"{channel:02x}" for channel in mixed)


FORD = _blend(RIVER_PAINT["ford"], RIVER_PAINT["water"], 0.6)
PALETTE = Palette(
    [
        "#ffffff",
        *RIVER_PAINT.values(),
        FORD,
        *(colour for pair in PAINT.values() for colour in pair),
    ]
)
"""Every colour of the picture."""
INK = PALETTE.ink(RIVER_PAINT["ink"])
PIRATE = 10
"""The radius of a pirate."""
SMALL_TEXT, TEXT = 10, 11
"""Letter sizes: shown 340 px wide on a phone, the smallest still measures 9.4 px."""


@cache
def _river() -> Image.Image:
    """The empty river: water, source, positions, currents, fords, harbour and crossings."""
    image = PALETTE.canvas((WIDTH, HEIGHT), "#ffffff")
    draw = ImageDraw.Draw(image)
    water = (80, TOP - 40, 279, row_y(1) + 19)
    draw.rectangle(water, fill=PALETTE.ink(RIVER_PAINT["water"]))
    draw.rectangle((80, TOP - 56, 279, TOP - 37), fill=PALETTE.ink(RIVER_PAINT["source"]))
    draw.text((180, TOP - 42), "source", fill=INK, font=font(12), anchor="ms")
    current = PALETTE.ink(RIVER_PAINT["current"])
    for position in range(1, LENGTH + 1):
        y = row_y(position)
        draw.text((6, y + 4), str(position), fill=INK, font=font(TEXT), anchor="ls")
        for lane, offset in (("I", 0), ("O", LENGTH)):
            x = COLUMN[lane] + 42
            draw.line((x, y - 16, x, y - 10), fill=current)
            draw.polygon([(x - 2, y - 11), (x + 2, y - 11), (x, y - 8)], fill=current)
            speed = str(CURRENT[offset + position - 1])
            draw.text((x + 4, y - 8), speed, fill=current, font=font(SMALL_TEXT), anchor="ls")
        if position in FORDS:
            draw.rectangle((80, y - 4, 279, y + 3), fill=PALETTE.ink(FORD))
            draw.text((180, y + 20), f"F{position}", fill=INK, font=font(SMALL_TEXT), anchor="ms")
    harbour = (80, HARBOUR_Y - 26, 279, HARBOUR_Y + 57)
    draw.rectangle(harbour, fill=PALETTE.ink(RIVER_PAINT["harbour"]))
    draw.text((180, HARBOUR_Y + 70), "harbour", fill=INK, font=font(TEXT), anchor="ms")
    for space in ("XL", "XR"):
        x = COLUMN[space[1]]
        draw.text((x, HARBOUR_Y - 14), space, fill=INK, font=font(SMALL_TEXT), anchor="ms")
    return image


@cache
def _pirate(letter: str) -> tuple[Image.Image, Image.Image]:
    image = PALETTE.canvas((2 * PIRATE + 1, 2 * PIRATE + 1))
    draw = ImageDraw.Draw(image)
    fill, ink = PAINT[letter]
    draw.ellipse((0, 0, 2 * PIRATE, 2 * PIRATE), fill=PALETTE.ink(fill), outline=INK)
    draw.text((PIRATE, PIRATE), letter, fill=PALETTE.ink(ink), font=font(12), anchor="mm")
    return sprite(image)


@cache
def _boat(number: str, width: int) -> tuple[Image.Image, Image.Image]:
    """A hull ``width`` wide with the boat's number below it."""
    image = PALETTE.canvas((width + 1, 44))
    draw = ImageDraw.Draw(image)
    keel = PALETTE.ink(RIVER_PAINT["keel"])
    hull = (0, 0, width, 30)
    draw.rounded_rectangle(hull, radius=14, fill=PALETTE.ink(RIVER_PAINT["hull"]), outline=keel)
    draw.text((width / 2, 41), number, fill=keel, font=font(TEXT), anchor="ms")
    return sprite(image)


def _pirates(image: Image.Image, xs: list[float], y: int, letters: str) -> None:
    """Paste pirates with colour ``letters``, centred at ``xs`` on the row ``y``."""
    for x, letter in zip(xs, letters, strict=True):
        picture, mask = _pirate(letter)
        image.paste(picture, (round(x) - PIRATE, y - PIRATE), mask)


def _walkers(image: Image.Image, x: float, y: int, letters: str) -> None:
    """Paste the pirates standing on a walk space, in a row centred on ``x``."""
    _pirates(image, pirate_xs(x, len(letters)), y, letters)


def board_png(view: dict[str, Any]) -> bytes:
    """A PNG picture of the river in ``view``, the size of the page's drawing."""
    colours = seat_colours(view)
    walkers = walk_letters(view, colours)
    image = _river().copy()
    draw = ImageDraw.Draw(image)
    turntable = f"turntable {view['turntable']}"
    draw.text((WIDTH - 8, 16), turntable, fill=INK, font=font(12), anchor="rs")
    for position in range(1, LENGTH + 1):
        y = row_y(position)
        if position in FORDS:
            _walkers(image, 180, y, walkers.get(f"F{position}", ""))
        for side in "LR":
            _walkers(image, COLUMN[side], y, walkers.get(f"{side}{position}", ""))
    for number, boat in view["boats"].items():
        x, y, width = boat_place(boat["at"])
        hull, mask = _boat(number, width)
        image.paste(hull, (round(x - width / 2), y - 15), mask)
        crew = "".join(colours[name] for name in boat["crew"])
        _pirates(image, crew_xs(x, width, len(crew)), y, crew)
    for space in ("XL", "XR"):
        _walkers(image, COLUMN[space[1]], HARBOUR_Y, walkers.get(space, ""))
    for side in ("SL", "SR"):
        text = f"{side} {start_letters(view, colours, side) or '-'}"
        draw.text((COLUMN[side[1]], STARTS_Y), text, fill=INK, font=font(TEXT), anchor="ms")
    return png(image)
