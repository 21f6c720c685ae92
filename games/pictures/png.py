"""What every emailed PNG picture shares: a palette, fonts, sprites and the PNG encoding.

A picture is drawn with palette indexes, not RGB, so a pasted sprite keeps
its colours exactly and the PNG stays small. Fonts and sprites are made once
per process (``functools.cache``), and the same picture always gives the
same bytes.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterable
from functools import cache

from PIL import Image, ImageColor, ImageFont

ASCII_FOR = str.maketrans({
    "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ø": "o", "Ø": "O",
    "ł": "l", "Ł": "L", "đ": "d", "Đ": "D",
})  # fmt: skip
"""Letters that Unicode does not decompose into ASCII ones."""
CLEAR = 255
"""The palette index of a sprite's transparent pixels (never a colour of a picture)."""


class Palette:
    """The colours of one picture (``#rgb`` or ``#rrggbb``); drawing uses their indexes."""

    def __init__(self, colours: Iterable[str]) -> None:
        self.colours = list(dict.fromkeys(colours))
        if len(self.colours) >= CLEAR:
            raise ValueError(f"a palette holds at most {CLEAR} colours")
        rgb = [channel for colour in self.colours for channel in ImageColor.getrgb(colour)[:3]]
        self._rgb = rgb + [0, 0, 0] * (256 - len(self.colours))

    def ink(self, colour: str) -> int:
        """The index of ``colour``, to draw with."""
        return self.colours.index(colour)

    def canvas(self, size: tuple[int, int], colour: str | None = None) -> Image.Image:
        """A new image filled with ``colour`` (``None``: clear, for a sprite)."""
        image = Image.new("P", size, CLEAR if colour is None else self.ink(colour))
        image.putpalette(self._rgb)
        return image


@cache
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """Pillow's default font at ``size`` pixels."""
    return ImageFont.load_default(size=size)


def ascii_text(text: str) -> str:
    """``text`` in the characters the default font has (ASCII): ``Grün`` is ``Grun``.

    The font draws any other letter as an empty box.
    """
    folded = unicodedata.normalize("NFKD", text.translate(ASCII_FOR))
    return "".join(
        c if c.isascii() and c.isprintable() else "?"
        for c in folded
        if not unicodedata.combining(c)
    )


def sprite(image: Image.Image) -> tuple[Image.Image, Image.Image]:
    """``image`` and the mask of its drawn (not clear) pixels, ready for ``paste``."""
    return image, image.point(lambda index: 0 if index == CLEAR else 255, "1")


def png(image: Image.Image) -> bytes:
    """``image`` as PNG bytes (fast compression: these pictures are mostly flat colour)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()
