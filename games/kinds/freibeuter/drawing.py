"""The Freibeuter board as drawing instructions for the web page's inline SVG.

Built only from what ``view(state, player)`` shows (the board is public), so
the drawing can never carry a hand or a deck. Players keep the seat colours of
the email picture (``boards``) and get a shape and a letter as well
(``games.pictures.marks``), so no one needs to tell colours apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.kinds.freibeuter.boards import COLUMNS, ROWS
from games.pictures.marks import Mark, shape_path

CELL = 100
MARGIN = 34
SIZE = 2 * MARGIN + 7 * CELL
BOAT_RADIUS = 17
BOARDER_RADIUS = 14
"""The boarding boat drawn on a ship's corner: room for its letter at 11 px on a phone."""
TILE_WIDTH, TILE_HEIGHT = 70, 40


@dataclass
class Boat:
    """A boat, or the boarding boat on a ship: its owner's mark at a point."""

    x: float
    y: float
    r: float
    mark: Mark
    path: str


@dataclass
class FieldDrawing:
    """One sea field with its boats."""

    name: str
    x: int
    y: int
    outer: bool
    boats: list[Boat] = field(default_factory=list)
    href: str = ""
    chosen: bool = False
    last: bool = False


@dataclass
class TileDrawing:
    """One tile on an intersection: a ship, a lair or a double value."""

    name: str
    token: str
    kind: str
    x: int
    y: int
    boarder: Boat | None = None
    href: str = ""
    last: bool = False


def _boat(mark: Mark, x: float, y: float, r: float = BOAT_RADIUS) -> Boat:
    return Boat(x=x, y=y, r=r, mark=mark, path=shape_path(mark.shape, x, y, r))


def tile_kind(token: str) -> str:
    """``ship``, ``lair`` or ``double``."""
    if token == "lair":
        return "lair"
    return "double" if token.startswith("x2:") else "ship"


def tile_fields(tile: str) -> list[str]:
    """The four fields around a tile: ``C3-D4`` → C3, D3, C4, D4."""
    first, last = tile.split("-")
    return [first, f"{last[0]}{first[1:]}", f"{first[0]}{last[1:]}", last]


def tile_centre(name: str) -> tuple[int, int]:
    """The intersection a tile sits on (the corner its four fields share)."""
    first = name.split("-")[0]
    column, row = COLUMNS.index(first[0]), int(first[1:])
    return MARGIN + (column + 1) * CELL, MARGIN + row * CELL


def board_drawing(
    view: dict[str, Any],
    marks: dict[str, Mark],
    *,
    links: dict[str, str] | None = None,
    chosen: set[str] | frozenset[str] = frozenset(),
    last: set[str] | frozenset[str] = frozenset(),
) -> dict[str, Any]:
    """Fields with their boats and tiles with their boarders, in board units.

    ``links`` maps a field or tile name to the link it leads to (the next
    step of a move), ``chosen`` fields are the ones the selection points at,
    ``last`` names what the latest move acted on.
    """
    links = links or {}
    occupied = view["board"]["fields"]
    fields = []
    for row in ROWS:
        for column, letter in enumerate(COLUMNS):
            name = f"{letter}{row}"
            x, y = MARGIN + column * CELL, MARGIN + (row - 1) * CELL
            drawing = FieldDrawing(
                name=name,
                x=x,
                y=y,
                outer=column in (0, 6) or row in (1, 7),
                href=links.get(name, ""),
                chosen=name in chosen,
                last=name in last,
            )
            owners = occupied.get(name, [])
            for index, owner in enumerate(owners):
                offset = (index * 2 - len(owners) + 1) * (BOAT_RADIUS + 5)
                drawing.boats.append(_boat(marks[owner], x + CELL / 2 + offset, y + CELL / 2 + 4))
            fields.append(drawing)
    tiles = []
    for name, tile in view["board"]["tiles"].items():
        x, y = tile_centre(name)
        token = str(tile["tile"])
        drawing_tile = TileDrawing(
            name=name,
            token=token,
            kind=tile_kind(token),
            x=x,
            y=y,
            href=links.get(name, ""),
            last=name in last,
        )
        if tile.get("boarded_by"):
            left = x - TILE_WIDTH / 2 + 2
            drawing_tile.boarder = _boat(
                marks[tile["boarded_by"]], left, y - TILE_HEIGHT / 2, BOARDER_RADIUS
            )
        tiles.append(drawing_tile)
    return {
        "size": SIZE,
        "cell": CELL,
        "fields": fields,
        "tiles": tiles,
        "columns": [
            {"letter": letter, "x": MARGIN + c * CELL + CELL // 2}
            for c, letter in enumerate(COLUMNS)
        ],
        "rows": [{"number": row, "y": MARGIN + (row - 1) * CELL + CELL // 2} for row in ROWS],
        "tile_width": TILE_WIDTH,
        "tile_height": TILE_HEIGHT,
    }
