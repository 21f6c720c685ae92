"""The Freibeuter board drawing as SVG markup, written in Python for speed.

The game page draws 49 fields and up to 36 tiles, too many for a template
loop to render within a page's time budget. Every text is escaped; labels are
in the active language.
"""

from __future__ import annotations

from html import escape
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.kinds.freibeuter.drawing import CELL, TILE_WIDTH, Boat, FieldDrawing, TileDrawing

HIT = CELL
"""The side of a ship's tap area around its corner: as large as a field (44 CSS px at 360 px)."""
TEXT_WIDTH = TILE_WIDTH - 8
"""The width a long word on a tile is fitted to."""


def _boat(boat: Boat, extra: str = "", size: str = "") -> str:
    return (
        f'<path class="boat{extra}" d="{boat.path}" fill="{boat.mark.colour}"/>'
        f'<text class="boat-letter{size}" x="{boat.x:.0f}" y="{boat.y:.0f}" '
        f'fill="{boat.mark.text_colour}" aria-hidden="true">{escape(boat.mark.letter)}</text>'
    )


def _field(field: FieldDrawing) -> str:
    classes = "field" + " outer" * field.outer + " chosen" * field.chosen + " last" * field.last
    owners = "".join(f", {boat.mark.name}" for boat in field.boats)
    label = escape(f"{field.name}{owners}")
    x, y = field.x, field.y
    parts = [
        f'<g class="{classes}"' + ("" if field.href else f' role="img" aria-label="{label}"') + ">",
        f'<rect class="water" x="{x}" y="{y}" width="100" height="100"/>',
        f'<text class="field-name" x="{x + 50}" y="{y + 30}" aria-hidden="true">'
        f"{field.name}</text>",
    ]
    if field.chosen:
        parts.append(
            f'<rect class="chosen-ring" x="{x + 3}" y="{y + 3}" width="94" height="94" rx="8"/>'
        )
    if field.last:
        parts.append(
            f'<rect class="last-ring" x="{x + 5}" y="{y + 5}" width="90" height="90" rx="10"/>'
        )
    parts += [_boat(boat) for boat in field.boats]
    parts.append("</g>")
    group = "".join(parts)
    if field.href:
        aria = escape(_("Field %(name)s") % {"name": field.name} + owners)
        return f'<a class="hit" href="{escape(field.href)}" aria-label="{aria}">{group}</a>'
    return group


def _tile(tile: TileDrawing, lair: str) -> str:
    value = tile.token.split("/")[0] if tile.kind == "ship" else ""
    classes = f"tile tile-{tile.kind}" + (f" v{value}" if value else "")
    classes += (
        " boarded" * bool(tile.boarder) + " last" * tile.last + " boardable" * bool(tile.href)
    )
    label = f"{tile.name}: {lair if tile.kind == 'lair' else tile.token}"
    if tile.boarder:
        label += ", " + _("boarded by %(name)s") % {"name": tile.boarder.mark.name}
    x, y = tile.x, tile.y
    stroke = f' stroke="{tile.boarder.mark.colour}"' if tile.boarder else ""
    if tile.kind == "ship":
        text = f'<text class="tile-text" x="{x + 3}" y="{y}" aria-hidden="true">{tile.token}</text>'
    else:
        word = lair if tile.kind == "lair" else f"×2·{tile.token[3:]}"
        # A long word is narrowed to the tile, where a phone draws it large.
        fit = f' textLength="{TEXT_WIDTH}" lengthAdjust="spacingAndGlyphs"' * (len(word) > 4)
        text = (
            f'<text class="tile-text small" x="{x}" y="{y}"{fit} aria-hidden="true">'
            f"{escape(word)}</text>"
        )
    parts = [
        f'<g class="{classes}"'
        + ("" if tile.href else f' role="img" aria-label="{escape(label)}"')
        + ">",
        f'<rect class="tile-body" x="{x - 35}" y="{y - 20}" width="70" height="40" '
        f'rx="9"{stroke}/>',
        text,
    ]
    if tile.boarder:
        parts.append(_boat(tile.boarder, " boarder", " small"))
    parts.append("</g>")
    group = "".join(parts)
    if tile.href:
        aria = escape(
            _("Board the %(token)s at %(name)s") % {"token": tile.token, "name": tile.name}
        )
        reach = HIT // 2
        area = (
            f'<rect class="hit-area" x="{x - reach}" y="{y - reach}" width="{HIT}" height="{HIT}"/>'
        )
        return f'<a class="hit" href="{escape(tile.href)}" aria-label="{aria}">{area}{group}</a>'
    return group


def board_svg(drawing: dict[str, Any]) -> SafeString:
    """The whole board: frame, coordinates, fields with boats, tiles with boarders."""
    size = drawing["size"]
    title = _("The sea: 7 × 7 fields, columns A–G, rows 1–7; tiles on the corners between fields")
    parts = [
        f'<svg class="board" viewBox="0 0 {size} {size}" aria-labelledby="board-title">',
        f'<title id="board-title">{escape(title)}</title>',
        f'<rect class="frame" x="0" y="0" width="{size}" height="{size}" rx="18"/>',
    ]
    for column in drawing["columns"]:
        for y in (23, size - 11):
            parts.append(
                f'<text class="coord" x="{column["x"]}" y="{y}" aria-hidden="true">'
                f"{column['letter']}</text>"
            )
    for row in drawing["rows"]:
        for x in (17, size - 17):
            parts.append(
                f'<text class="coord" x="{x}" y="{row["y"] + 6}" aria-hidden="true">'
                f"{row['number']}</text>"
            )
    parts += [_field(field) for field in drawing["fields"]]
    lair = _("Lair")
    parts += [_tile(tile, lair) for tile in drawing["tiles"]]
    parts.append("</svg>")
    return mark_safe("".join(parts))
