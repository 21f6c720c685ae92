"""Pictures of a Freibeuter position for emails: a text grid and a PNG, both from a seat's view.

They take only what ``view(state, player)`` gave (STYLE habit 3), so neither
can show a hand or a deck that its reader may not see. Players are drawn as
their seat marks' letters (as on the page), in their seat colours.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.utils import translation
from django.utils.translation import gettext
from PIL import Image, ImageDraw

from games.pictures import marks
from games.pictures.marks import Mark
from games.pictures.png import Palette, ascii_text, font, png, sprite

COLUMNS = "ABCDEFG"
ROWS = range(1, 8)
SEAT_COLOURS = ["#d1495b", "#00798c", "#edae49", "#66a182"]
CELL = 72
MARGIN = 28
SIZE = MARGIN * 2 + CELL * 7
"""The picture is square, this many pixels a side."""
BOAT = 30
"""Diameter of a boat's disc; two boats share a field side by side."""
TILE = (64, 30)
LABEL_TEXT, BOAT_TEXT, TILE_TEXT = 18, 17, 16
"""Letter sizes: 16 px of 560 still measure 9.7 px on a phone that shows the picture 340 px wide."""


def seat_marks(names: list[str]) -> dict[str, Mark]:
    """Marks of players given in seat order, in the seat colours of the email picture."""
    return marks.seat_marks(names, SEAT_COLOURS)


def player_marks(view: dict[str, Any]) -> dict[str, Mark]:
    """Each player's mark in a view (players in seat order)."""
    players = sorted(view["players"].items(), key=lambda item: item[1]["seat"])
    return seat_marks([name for name, _ in players])


def _tile_label(tile: dict[str, Any], players: dict[str, Mark]) -> str:
    """A tile as the page labels it: ``15/3``, ``x2:10`` or the lair in the active language."""
    label = gettext("Lair") if tile["tile"] == "lair" else str(tile["tile"])
    if tile.get("boarded_by"):
        label += f"+{players[tile['boarded_by']].letter}"
    return label


def position_text(view: dict[str, Any]) -> str:
    """The board as a monospaced grid: fields show boats (seat letters), tiles sit between them.

    ``15/3+B`` is a 15/3 ship boarded by player B; ``·`` an empty field. Its words are in
    the active language.
    """
    players = player_marks(view)
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
            centre(c): "".join(players[o].letter for o in fields.get(f"{letter}{row}", [])) or "·"
            for c, letter in enumerate(COLUMNS)
        }
        lines.append(f"{row}" + line(cells)[1:])
        if row < 7:
            between = {}
            for c in range(6):
                name = f"{COLUMNS[c]}{row}-{COLUMNS[c + 1]}{row + 1}"
                if name in tiles:
                    between[centre(c + 0.5)] = _tile_label(tiles[name], players)
            lines.append(line(between))
    return "\n".join(lines)


PALETTE = Palette([
    "#ffffff", "#333333", "#cfe8f3", "#7fb5cc", *SEAT_COLOURS,
    "#1b1b1b", "#3d3d3d", "#f2c14e", "#f7f3e3", "#555555",
])  # fmt: skip
"""Every colour of the picture."""


def _tile_colours(tile: str) -> tuple[str, str]:
    if tile == "lair":
        return "#3d3d3d", "#ffffff"
    if tile.startswith("x2:"):
        return "#f2c14e", "#1b1b1b"
    return "#f7f3e3", "#1b1b1b"


@cache
def _background() -> Image.Image:
    """The empty sea with its column letters and row numbers (drawn once per process)."""
    image = PALETTE.canvas((SIZE, SIZE), "#ffffff")
    draw = ImageDraw.Draw(image)
    ink = PALETTE.ink("#333333")
    for c, letter in enumerate(COLUMNS):
        x = MARGIN + c * CELL + CELL // 2
        draw.text((x, MARGIN // 2), letter, fill=ink, font=font(LABEL_TEXT), anchor="mm")
    for r in ROWS:
        y = MARGIN + (r - 1) * CELL + CELL // 2
        draw.text((MARGIN // 2, y), str(r), fill=ink, font=font(LABEL_TEXT), anchor="mm")
    for c in range(7):
        for r in range(7):
            x0, y0 = MARGIN + c * CELL, MARGIN + r * CELL
            box = (x0, y0, x0 + CELL, y0 + CELL)
            draw.rectangle(box, fill=PALETTE.ink("#cfe8f3"), outline=PALETTE.ink("#7fb5cc"))
    return image


@cache
def _boat(colour: str, letter: str) -> tuple[Image.Image, Image.Image]:
    image = PALETTE.canvas((BOAT, BOAT))
    draw = ImageDraw.Draw(image)
    ring = (0, 0, BOAT - 1, BOAT - 1)
    draw.ellipse(ring, fill=PALETTE.ink(colour), outline=PALETTE.ink("#1b1b1b"))
    half = BOAT // 2
    white = PALETTE.ink("#ffffff")
    draw.text((half, half), ascii_text(letter), fill=white, font=font(BOAT_TEXT), anchor="mm")
    return sprite(image)


@cache
def _tile(label: str, tile: str, owner: str | None) -> tuple[Image.Image, Image.Image]:
    width, height = TILE
    image = PALETTE.canvas(TILE)
    draw = ImageDraw.Draw(image)
    fill, text = _tile_colours(tile)
    outline = owner or "#555555"
    draw.rounded_rectangle(
        (1, 1, width - 2, height - 2),
        radius=5,
        fill=PALETTE.ink(fill),
        outline=PALETTE.ink(outline),
        width=3 if owner else 1,
    )
    middle = (width // 2, height // 2)
    draw.text(middle, label, fill=PALETTE.ink(text), font=font(TILE_TEXT), anchor="mm")
    return sprite(image)


def board_png(view: dict[str, Any], language: str | None = None) -> bytes:
    """A PNG picture of the board in ``view``, its words in ``language`` (``None``: the active
    one); sprites are drawn once per process, then pasted."""
    with translation.override(language or translation.get_language()):
        return _board_png(view)


def _board_png(view: dict[str, Any]) -> bytes:
    players = player_marks(view)
    image = _background().copy()
    for field, owners in view["board"]["fields"].items():
        c, r = COLUMNS.index(field[0]), int(field[1:])
        for index, owner in enumerate(owners):
            cx = MARGIN + c * CELL + CELL // 2 + (index * 2 - len(owners) + 1) * (BOAT // 2 + 1)
            cy = MARGIN + (r - 1) * CELL + CELL // 2
            boat, mask = _boat(players[owner].colour, players[owner].letter)
            image.paste(boat, (cx - BOAT // 2, cy - BOAT // 2), mask)
    for name, tile in view["board"]["tiles"].items():
        first = name.split("-")[0]
        c, r = COLUMNS.index(first[0]), int(first[1:])
        cx, cy = MARGIN + (c + 1) * CELL, MARGIN + r * CELL
        owner = players[tile["boarded_by"]].colour if tile.get("boarded_by") else None
        label = ascii_text(_tile_label(tile, players))
        picture, mask = _tile(label, str(tile["tile"]), owner)
        image.paste(picture, (cx - TILE[0] // 2, cy - TILE[1] // 2), mask)
    return png(image)
