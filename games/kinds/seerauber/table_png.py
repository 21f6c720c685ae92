"""A picture of a Seeräuber table for emails, drawn from a reader's view only.

It shows what the game page shows: the ships on display (crew as pawns,
ducats on a coin, booty and ``?`` wage), the cards left in the deck, every
stack as a column of discs with its top pirate first, and two lines per
player: ducats, score now and free pirates, then the booty. A disc carries
its pirate's name (``R3``) in its seat colour, and the player to move has an
arrow (a winner a star), so the picture reads in greyscale too. Its words are
in the active language, folded to ASCII (all the default font has). The view
is all public [S6]; only ``view(state, reader)`` goes in (STYLE habit 3).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.utils import translation
from django.utils.translation import get_language, pgettext
from PIL import Image, ImageDraw

from engine.seerauber.board import BOOTY, COLOURS, DISPLAY_SIZE, MAX_STACK, SHIPS
from games.pictures.png import Palette, ascii_text, font, png, sprite

SEAT_COLOURS = {"R": "#c0392b", "B": "#2460a7", "G": "#1f7a4a", "Y": "#f1c40f", "K": "#222222"}
"""The pirates' colours by letter, as on the game page and the seats' marks (white letters on
red, blue, green and black, dark ones on yellow, at 4.5:1 or more)."""
INK, PAPER, GREY, FAINT = "#1b1b1b", "#ffffff", "#777777", "#eef3f6"
CARD, CARD_EDGE, GOLD, MARK = "#fbf4e4", "#6b4f2a", "#f2c14e", "#fff1bf"
PALETTE = Palette([PAPER, INK, GREY, FAINT, CARD, CARD_EDGE, GOLD, MARK, *SEAT_COLOURS.values()])

WIDTH = 400
"""Narrow enough for a phone: shown 340 px wide, the smallest letters (``SMALL_TEXT``) stay 9 px."""
MARGIN = 10
SMALL_TEXT, TEXT, NAME_TEXT = 11, 12, 14
CARD_SIZE = (110, 98)
CARD_GAP = 6
SHIPS_TOP = 10
DISC = 26
"""Diameter of a pirate's disc; discs in a stack overlap a little, like real ones."""
STEP = 22
STACKS_TOP = SHIPS_TOP + CARD_SIZE[1] + 14
STACK_WIDTH = 28
STACK_GAP = 2
"""Twelve stacks (the most 25 pirates can make) fit side by side."""
STACK_HEIGHT = STEP * (MAX_STACK - 1) + DISC + 12
PLAYERS_TOP = STACKS_TOP + STACK_HEIGHT + 14
ROW = 50
"""A player's two lines: disc, name, ducats, score and free pirates; then the booty."""
LINE = 16
"""Where the middle of a player's first line is, below the top of the row."""
MAX_SEATS = len(COLOURS)
HEIGHT = PLAYERS_TOP + 18 + ROW * MAX_SEATS + 6
SMALL = 22
"""Diameter of a free pirate's disc in a player's row."""
NAME_X = MARGIN + 44
NAME_WIDTH = 130
COLUMN_X = {"ducats": 214, "score": 256, "free": 280}
"""Where the players' columns are centred (free pirates: where they start)."""
BOOTY_GAP = 16
"""The space between two kinds of booty on a player's second line."""


def _label(msgid: str) -> str:
    """A label of the picture in the active language, in ASCII."""
    return ascii_text(pgettext("table picture", msgid))


def _plain(name: str, width: int) -> str:
    """``name`` in the characters the default font has (ASCII), cut to ``width`` pixels."""
    text = ascii_text(name)
    if font(NAME_TEXT).getlength(text) <= width:
        return text
    while text and font(NAME_TEXT).getlength(text + "…") > width:
        text = text[:-1]
    return text + "…"


@cache
def _disc(pirate: str, size: int) -> tuple[Image.Image, Image.Image]:
    image = PALETTE.canvas((size, size))
    draw = ImageDraw.Draw(image)
    colour = SEAT_COLOURS[pirate[0]]
    text = INK if pirate[0] == "Y" else PAPER
    draw.ellipse((0, 0, size - 1, size - 1), fill=PALETTE.ink(colour), outline=PALETTE.ink(INK))
    half = size // 2
    draw.text((half, half), pirate, fill=PALETTE.ink(text), font=font(size // 2), anchor="mm")
    return sprite(image)


@cache
def _coin(amount: int) -> tuple[Image.Image, Image.Image]:
    image = PALETTE.canvas((24, 24))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, 23, 23), fill=PALETTE.ink(GOLD), outline=PALETTE.ink(CARD_EDGE))
    draw.text((12, 12), str(amount), fill=PALETTE.ink(INK), font=font(TEXT), anchor="mm")
    return sprite(image)


def _pawn(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """A crew member: a head over a body, 8 by 14 pixels from (x, y)."""
    draw.ellipse((x + 1, y, x + 6, y + 5), fill=PALETTE.ink(INK))
    draw.polygon([(x + 3, y + 5), (x + 8, y + 14), (x, y + 14)], fill=PALETTE.ink(INK))


@cache
def _card(name: str, language: str) -> tuple[Image.Image, Image.Image]:
    """A ship card: name, ducats on a coin, crew as pawns, one line per booty, the ``?`` wage.

    Its words are in ``language``, the active one (a card is drawn once per language).
    """
    ship = SHIPS[name]
    width, height = CARD_SIZE
    image = PALETTE.canvas(CARD_SIZE)
    draw = ImageDraw.Draw(image)
    ink, edge = PALETTE.ink(INK), PALETTE.ink(CARD_EDGE)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 8, PALETTE.ink(CARD), edge, 2)
    draw.text((8, 7), name, fill=ink, font=font(16))
    coin, mask = _coin(ship.ducats)
    image.paste(coin, (width - 30, 5), mask)
    for index in range(ship.crew):
        _pawn(draw, 8 + index * 9, 30)
    draw.text((12 + ship.crew * 9, 30), str(ship.crew), fill=PALETTE.ink(GREY), font=font(TEXT))
    for index, kind in enumerate(ship.booty):
        draw.text((8, 50 + index * 15), _label(kind), fill=ink, font=font(TEXT))
    draw.text((8, 80), f"? = {ship.wage}", fill=ink, font=font(TEXT))
    return sprite(image)


@cache
def _background(language: str) -> Image.Image:
    """The empty table: section frames and the players' column heads in ``language``, the
    active one (drawn once per process and language)."""
    image = PALETTE.canvas((WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    grey, small = PALETTE.ink(GREY), font(SMALL_TEXT)
    top = PLAYERS_TOP
    frame = (MARGIN - 6, STACKS_TOP - 6, WIDTH - MARGIN + 6, STACKS_TOP + STACK_HEIGHT + 2)
    draw.rounded_rectangle(frame, 8, outline=PALETTE.ink(FAINT), width=2)
    heads = {COLUMN_X["ducats"]: _label("ducats"), COLUMN_X["score"]: _label("score")}
    for x, head in heads.items():
        draw.text((x, top), head, fill=grey, font=small, anchor="mt")
    draw.text((COLUMN_X["free"], top), _label("free pirates"), fill=grey, font=small)
    return image


def _star(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    points = [(7, 0), (9, 5), (14, 5), (10, 9), (12, 14), (7, 11), (2, 14), (4, 9), (0, 5), (5, 5)]
    draw.polygon([(x + px, y + py) for px, py in points], fill=PALETTE.ink(INK))


def _arrow(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.polygon([(x, y), (x + 12, y + 7), (x, y + 14)], fill=PALETTE.ink(INK))


def _sorted_stacks(table: dict[str, Any]) -> list[dict[str, Any]]:
    """The stacks left to right in the order the text lists them (by name)."""
    return [stack for _name, stack in sorted(table["stacks"].items())]


def pirate_centres(view: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """Where the picture draws each pirate of ``view``: the centre of its disc."""
    centres: dict[str, tuple[int, int]] = {}
    for column, stack in enumerate(_sorted_stacks(view["table"])):
        x = MARGIN + column * (STACK_WIDTH + STACK_GAP) + STACK_WIDTH // 2
        for depth, pirate in enumerate(reversed(stack["pirates"])):
            centres[pirate] = (x, STACKS_TOP + 6 + depth * STEP + DISC // 2)
    for row, info in enumerate(view["players"].values()):
        y = PLAYERS_TOP + 18 + row * ROW + LINE
        for index, pirate in enumerate(info["free"]):
            centres[pirate] = (COLUMN_X["free"] + index * (SMALL + 1) + SMALL // 2, y)
    return centres


def _ships(draw: ImageDraw.ImageDraw, image: Image.Image, table: dict[str, Any]) -> None:
    """The ship cards on display and, beside them, the deck with the number of cards left."""
    for index, name in enumerate(table["display"]):
        card, mask = _card(name, get_language())
        image.paste(card, (MARGIN + index * (CARD_SIZE[0] + CARD_GAP), SHIPS_TOP), mask)
    left = MARGIN + DISPLAY_SIZE * (CARD_SIZE[0] + CARD_GAP)
    for offset in (4, 2, 0):
        box = (left + offset, SHIPS_TOP + offset, left + 28 + offset, SHIPS_TOP + 52 + offset)
        draw.rounded_rectangle(box, 4, PALETTE.ink(CARD_EDGE), PALETTE.ink(CARD), 1)
    draw.text((left + 14, SHIPS_TOP + 26), str(table["deck"]), PALETTE.ink(PAPER), font(14), "mm")
    # A long word is translated on several lines ("Nach-", "zieh-", "stapel"): the deck's
    # column is narrow.
    for row, line in enumerate(pgettext("table picture", "deck").splitlines()):
        y = SHIPS_TOP + 68 + row * (SMALL_TEXT + 2)
        draw.text((left + 16, y), ascii_text(line), PALETTE.ink(GREY), font(SMALL_TEXT), "mm")


def _stacks(draw: ImageDraw.ImageDraw, table: dict[str, Any]) -> None:
    """A shaded column behind each stack (its discs are pasted with all others)."""
    for column, stack in enumerate(_sorted_stacks(table)):
        x = MARGIN + column * (STACK_WIDTH + STACK_GAP)
        bottom = STACKS_TOP + STEP * (len(stack["pirates"]) - 1) + DISC + 12
        draw.rounded_rectangle((x, STACKS_TOP, x + STACK_WIDTH, bottom), 6, PALETTE.ink(FAINT))


def _players(draw: ImageDraw.ImageDraw, image: Image.Image, view: dict[str, Any]) -> None:
    """Two lines per player: turn arrow or winner's star, seat disc, name, ducats, score; booty."""
    ink, grey = PALETTE.ink(INK), PALETTE.ink(GREY)
    for row, (name, info) in enumerate(view["players"].items()):
        top = PLAYERS_TOP + 18 + row * ROW
        middle = top + LINE
        if name == view["to_move"]:
            box = (MARGIN - 6, top + 1, WIDTH - MARGIN + 6, top + ROW - 2)
            draw.rectangle(box, PALETTE.ink(MARK))
            _arrow(draw, MARGIN - 6, middle - 7)
        if name in view["winners"]:
            _star(draw, MARGIN - 6, middle - 7)
        disc, mask = _disc(COLOURS[row], DISC)
        image.paste(disc, (MARGIN + 10, middle - DISC // 2), mask)
        draw.text((NAME_X, middle), _plain(name, NAME_WIDTH), ink, font(NAME_TEXT), "lm")
        coin, mask = _coin(info["ducats"])
        image.paste(coin, (COLUMN_X["ducats"] - 12, middle - 12), mask)
        draw.text(
            (COLUMN_X["score"], middle), str(view["scores"][name]), ink, font(NAME_TEXT), "mm"
        )
        x = float(NAME_X)
        for kind in BOOTY:
            count, label = str(info["booty"][kind]), _label(kind)
            draw.text((x, middle + 22), label, grey, font(TEXT), "lm")
            x += font(TEXT).getlength(label) + 8
            draw.text((x, middle + 22), count, ink if count != "0" else grey, font(TEXT), "lm")
            x += font(TEXT).getlength(count) + BOOTY_GAP


def board_png(view: dict[str, Any], language: str | None = None) -> bytes:
    """A PNG picture of the Seeräuber table in ``view``, its words in ``language`` (``None``:
    the active one); sprites are drawn once, then pasted."""
    with translation.override(language or get_language()):
        return _table_png(view)


def _table_png(view: dict[str, Any]) -> bytes:
    image = _background(get_language()).copy()
    draw = ImageDraw.Draw(image)
    _ships(draw, image, view["table"])
    _stacks(draw, view["table"])
    _players(draw, image, view)
    for pirate, (x, y) in pirate_centres(view).items():
        size = DISC if y < PLAYERS_TOP else SMALL
        disc, mask = _disc(pirate, size)
        image.paste(disc, (x - size // 2, y - size // 2), mask)
    return png(image)
