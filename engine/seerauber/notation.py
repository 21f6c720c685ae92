"""The text notation of Seeräuber moves (rules §9), as typed in an email reply.

``stack R3 on B5`` · ``board S07 with R3 take chest`` · ``board S01 with R3`` ·
``mutiny B5`` · ``no mutiny`` · ``pass``. Parsing ignores case, extra spaces
and commas; printing gives the canonical form.
"""

from __future__ import annotations

import re
from functools import partial

from engine.base import Move, bad_notation
from engine.seerauber import board

EXAMPLES = (
    "stack R3 on B5, board S07 with R3 take chest, board S01 with R3, mutiny B5, no mutiny, pass"
)
_fail = partial(bad_notation, examples=EXAMPLES)

_PIRATE = re.compile(r"^[rbgyk][2-5?]$")
_SHIP = re.compile(r"^s(\d{1,2})$")


def _pirate(tokens: list[str], text: str) -> str:
    """Take the next word, a stack named by its top pirate."""
    token = tokens.pop(0) if tokens else ""
    if not _PIRATE.match(token):
        raise _fail(text, "a stack named by its top pirate, such as R3 or B?")
    return token.upper()


def _ship(tokens: list[str], text: str) -> str:
    """Take the next word, a ship."""
    match = _SHIP.match(tokens.pop(0) if tokens else "")
    name = f"S{int(match.group(1)):02d}" if match else ""
    if name not in board.SHIPS:
        raise _fail(text, "a ship from S01 to S15")
    return name


def _word(tokens: list[str], word: str, text: str, expected: str) -> None:
    if not tokens or tokens.pop(0) != word:
        raise _fail(text, expected)


def parse_move(text: str) -> Move:
    """Parse one move in the text notation into its canonical JSON form."""
    tokens = text.lower().replace(",", " ").replace("_", " ").split()
    if not tokens:
        raise _fail(text, "a move")
    verb = tokens.pop(0)
    move: Move
    if verb == "stack":
        piece = _pirate(tokens, text)
        _word(tokens, "on", text, "'stack R3 on B5'")
        move = {"type": "stack", "piece": piece, "onto": _pirate(tokens, text)}
    elif verb == "board":
        ship = _ship(tokens, text)
        _word(tokens, "with", text, "'board S07 with R3'")
        move = {"type": "board", "stack": _pirate(tokens, text), "ship": ship}
        if tokens:
            _word(tokens, "take", text, "'take' and a booty after the stack")
            if not tokens or tokens[0] not in board.BOOTY:
                raise _fail(text, f"a booty after 'take': {', '.join(board.BOOTY)}")
            move["booty"] = tokens.pop(0)
    elif verb == "mutiny":
        move = {"type": "mutiny", "stack": _pirate(tokens, text)}
    elif verb == "no":
        _word(tokens, "mutiny", text, "'no mutiny'")
        move = {"type": "no_mutiny"}
    elif verb == "pass":
        move = {"type": "pass"}
    else:
        raise _fail(text, "a move starting with stack, board, mutiny, no mutiny or pass")
    if tokens:
        raise _fail(text, f"nothing after {format_move(move)!r}")
    return move


def format_move(move: Move) -> str:
    """Write a canonical move in the text notation."""
    kind = move.get("type")
    if kind == "stack":
        return f"stack {move['piece']} on {move['onto']}"
    if kind == "board":
        text = f"board {move['ship']} with {move['stack']}"
        return f"{text} take {move['booty']}" if "booty" in move else text
    if kind == "mutiny":
        return f"mutiny {move['stack']}"
    if kind == "no_mutiny":
        return "no mutiny"
    return "pass"
