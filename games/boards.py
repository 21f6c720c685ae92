"""Pictures of a Freibeuter position for emails: a text grid and a PNG, both from a seat's view.

They take only what ``view(state, player)`` gave (STYLE habit 3), so neither
can show a hand or a deck that its reader may not see. Players are drawn as
their seat numbers 1–4, in seat order.
"""

from __future__ import annotations

import io
from functools import cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

COLUMNS = "ABCDEFG"
ROWS = range(1, 8)
SEAT_COLOURS = ["#d1495b", "#00798c", "#edae49", "#66a182"]
CELL = 72
MARGIN = 28


def seat_numbers(view: dict[str, Any]) -> dict[str, int]:
    """Each player's number on the board (1 for the first seat)."""
    return {name: player["seat"] + 1 for name, player in view["players"].items()}


def _tile_label(tile: dict[str, Any], numbers: dict[str, int]) -> str:
    label = str(tile["tile"])
    if tile.get("boarded_by"):
        label += f"+{numbers[tile['boarded_by']]}"
    return label


def position_text(view: dict[str, Any]) -> str:
    """The board as a monospaced grid: fields show boats (seat numbers), tiles sit between them.

    ``15/3+2`` is a 15/3 ship boarded by player 2; ``·`` an empty field.
    """
    numbers = seat_numbers(view)
    fields = view["board"]["fields"]
    tiles = view["board"]["tiles"]
    width = 8

    def line(cells: dict[int, str]) -> str:
        chars = [" "] * (6 + width * 7)
        for centre, text in cells.items():
            start = max(centre - len(text) // 2, 0)
            chars[start : start + len(text)] = text
        return "".join(chars).rstrip()

    def centre(column: float) -> int:
        return int(6 + width * column)

    lines = [line({centre(c): letter for c, letter in enumerate(COLUMNS)})]
    for row in ROWS:
        cells = {
            centre(c): "".join(str(numbers[o]) for o in fields.get(f"{letter}{row}", [])) or "·"
            for c, letter in enumerate(COLUMNS)
        }
        lines.append(f"{row}" + line(cells)[1:])
        if row < 7:
            between = {}
            for c in range(6):
                name = f"{COLUMNS[c]}{row}-{COLUMNS[c + 1]}{row + 1}"
                if name in tiles:
                    between[centre(c + 0.5)] = _tile_label(tiles[name], numbers)
            lines.append(line(between))
    return "\n".join(lines)


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def _tile_colours(tile: str) -> tuple[str, str]:
    if tile == "lair":
        return "#3d3d3d", "#ffffff"
    if tile.startswith("x2:"):
        return "#f2c14e", "#1b1b1b"
    return "#f7f3e3", "#1b1b1b"


def board_png(view: dict[str, Any]) -> bytes:
    """A PNG picture of the board in ``view``."""
    numbers = seat_numbers(view)
    size = MARGIN * 2 + CELL * 7
    image = Image.new("P", (size, size), "#ffffff")
    draw = ImageDraw.Draw(image)
    small, label = _font(12), _font(14)
    for c, letter in enumerate(COLUMNS):
        x = MARGIN + c * CELL + CELL // 2
        draw.text((x, MARGIN // 2), letter, fill="#333333", font=label, anchor="mm")
    for r in ROWS:
        y = MARGIN + (r - 1) * CELL + CELL // 2
        draw.text((MARGIN // 2, y), str(r), fill="#333333", font=label, anchor="mm")
    for c, letter in enumerate(COLUMNS):
        for r in ROWS:
            x0, y0 = MARGIN + c * CELL, MARGIN + (r - 1) * CELL
            draw.rectangle((x0, y0, x0 + CELL, y0 + CELL), fill="#cfe8f3", outline="#7fb5cc")
            owners = view["board"]["fields"].get(f"{letter}{r}", [])
            for index, owner in enumerate(owners):
                cx = x0 + CELL // 2 + (index * 2 - len(owners) + 1) * 13
                cy = y0 + CELL // 2
                colour = SEAT_COLOURS[(numbers[owner] - 1) % len(SEAT_COLOURS)]
                draw.ellipse((cx - 11, cy - 11, cx + 11, cy + 11), fill=colour, outline="#1b1b1b")
                draw.text((cx, cy), str(numbers[owner]), fill="#ffffff", font=small, anchor="mm")
    for name, tile in view["board"]["tiles"].items():
        first = name.split("-")[0]
        c, r = COLUMNS.index(first[0]), int(first[1:])
        cx, cy = MARGIN + (c + 1) * CELL, MARGIN + r * CELL
        fill, text = _tile_colours(str(tile["tile"]))
        boarded = tile.get("boarded_by")
        outline = SEAT_COLOURS[(numbers[boarded] - 1) % 4] if boarded else "#555555"
        draw.rounded_rectangle(
            (cx - 24, cy - 13, cx + 24, cy + 13),
            radius=5,
            fill=fill,
            outline=outline,
            width=4 if boarded else 1,
        )
        draw.text((cx, cy), _tile_label(tile, numbers), fill=text, font=small, anchor="mm")
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()
