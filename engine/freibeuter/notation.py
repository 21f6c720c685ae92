"""The text notation of Freibeuter moves (rules §10), as typed in an email reply.

``board B3-C4`` · ``place F4 draw sea`` · ``place F4 chests draw dutchman`` ·
``dutchman row 3 C3 draw sea``, optionally followed by ``order B2-C3 C2-D3``.
Parsing ignores case, extra spaces and commas; printing gives the canonical form.
"""

from __future__ import annotations

import re
from functools import partial

from engine.base import Move, bad_notation
from engine.freibeuter import board

EXAMPLES = (
    "board B3-C4, place F4 draw sea, place F4 chests draw dutchman, dutchman row 3 C3 draw sea"
)
_fail = partial(bad_notation, examples=EXAMPLES)

_FIELD = re.compile(r"^[a-g][1-7]$")
_TILES = {name.lower() for name in board.TILE_NAMES}


def _tokens(text: str) -> list[str]:
    cleaned = re.sub(r"\s*-\s*", "-", text.lower().replace(",", " ").replace(":", " "))
    cleaned = re.sub(r"\b(row|col|column)\s*([1-7a-g])\b", r"\1_\2", cleaned)
    return cleaned.split()


def _field(tokens: list[str], text: str) -> str:
    token = tokens.pop(0) if tokens else ""
    if not _FIELD.match(token):
        raise _fail(text, "a field such as F4")
    return token.upper()


def _tile(tokens: list[str], text: str) -> str:
    token = tokens.pop(0) if tokens else ""
    if token not in _TILES:
        raise _fail(text, "a tile such as B3-C4 (its top-left and bottom-right fields)")
    return token.upper()


def _line(tokens: list[str], text: str) -> str:
    kind, _, which = (tokens.pop(0) if tokens else "").partition("_")
    if kind == "row" and which.isdigit():
        return f"row {which}"
    if kind in ("col", "column") and which.isalpha():
        return f"col {which.upper()}"
    raise _fail(text, "a Dutchman card such as 'row 3' or 'col C'")


def _tail(move: Move, tokens: list[str], text: str) -> Move:
    """Read the optional ``draw sea|dutchman`` and ``order TILE…`` parts."""
    while tokens:
        word = tokens.pop(0)
        if word == "draw":
            if not tokens or tokens[0] not in ("sea", "dutchman"):
                raise _fail(text, "'draw sea' or 'draw dutchman'")
            move["draw"] = tokens.pop(0)
        elif word == "order":
            order = []
            while tokens and tokens[0] != "draw":
                order.append(_tile(tokens, text))
            move["order"] = order
        else:
            raise _fail(text, "'draw sea', 'draw dutchman' or 'order' and tiles")
    return move


def parse_move(text: str) -> Move:
    """Parse one move in the text notation into its canonical JSON form."""
    tokens = _tokens(text)
    if not tokens:
        raise _fail(text, "a move")
    verb = tokens.pop(0)
    if verb == "board":
        tile = _tile(tokens, text)
        if tokens:
            raise _fail(text, "nothing after the tile")
        return {"type": "board", "tile": tile}
    if verb == "place":
        card = _field(tokens, text)
        boat = True
        if tokens and tokens[0] in ("boat", "chests"):
            boat = tokens.pop(0) == "boat"
        return _tail({"type": "place", "card": card, "boat": boat}, tokens, text)
    if verb == "dutchman":
        card = _line(tokens, text)
        field = _field(tokens, text)
        return _tail({"type": "dutchman", "card": card, "field": field}, tokens, text)
    raise _fail(text, "a move starting with board, place or dutchman")


def format_move(move: Move) -> str:
    """Write a canonical move in the text notation."""
    kind = move.get("type")
    if kind == "board":
        return f"board {move['tile']}"
    if kind == "place":
        words = ["place", str(move["card"])]
        if move.get("boat") is False:
            words.append("chests")
    else:
        words = ["dutchman", str(move["card"]), str(move["field"])]
    if "draw" in move:
        words += ["draw", str(move["draw"])]
    if "order" in move:
        words += ["order", *move["order"]]
    return " ".join(words)
