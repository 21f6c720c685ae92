"""The text notation of Flußpiraten moves, as typed in an email reply (record format).

``deploy 3`` · ``walk SL`` · ``row 3`` · ``pass`` · ``die`` / ``empty`` / ``club``
(or ``choose club``) · ``path XL L1 L2`` · ``path XL boat 3`` ·
``path L5 F6 evict R3`` · ``path O1 O2 O3 turn`` (or ``noturn``) ·
``wish yes`` / ``wish no`` · ``pile 3`` · ``stay``. Parsing ignores case,
extra spaces and commas; printing gives the canonical form.
"""

from __future__ import annotations

from functools import partial

from engine.base import Move, bad_notation
from engine.flusspiraten import board

EXAMPLES = (
    "deploy 3, walk SL, row 3, pass, die, path XL L1 L2, path O1 O2 turn, wish yes, pile 3, stay"
)
_fail = partial(bad_notation, examples=EXAMPLES)
_SPACES = {name.lower(): name for name in (*board.WALK_NAMES, *board.RIVER_NAMES)}


def _number(words: list[str], text: str, low: int, high: int, what: str) -> int:
    if len(words) != 1 or not words[0].isdigit() or not low <= int(words[0]) <= high:
        raise _fail(text, what)
    return int(words[0])


def _path(words: list[str], text: str) -> Move:
    move: Move = {"type": "path"}
    steps: list[str] = []
    while words:
        word = words.pop(0)
        if word == "boat" and words and words[0].isdigit():
            steps.append(f"boat {int(words.pop(0))}")
        elif word == "evict" and words and words[0] in _SPACES:
            move["evict"] = _SPACES[words.pop(0)]
        elif word in ("turn", "noturn"):
            move["turn"] = word == "turn"
        elif word == "source":
            steps.append(board.SOURCE)
        elif word in _SPACES:
            steps.append(_SPACES[word])
        else:
            raise _fail(text, "space names such as 'path XL L1 L2' or 'path O1 O2 O3 turn'")
    move["steps"] = steps
    return move


def parse_move(text: str) -> Move:
    """Parse one move in the text notation into its canonical JSON form (without ``roll``)."""
    words = text.lower().replace(",", " ").split()
    if not words:
        raise _fail(text, "a move")
    head, rest = words[0], words[1:]
    if head == "choose" and len(rest) == 1:
        head, rest = rest[0], []
    if head in board.CHOICES and not rest:
        return {"type": "choose", "choice": head}
    if head in ("pass", "stay") and not rest:
        return {"type": head}
    if head == "deploy":
        return {"type": "deploy", "left": _number(rest, text, 0, board.PIRATES, "deploy 0 to 5")}
    if head == "walk" and len(rest) == 1 and rest[0] in _SPACES:
        return {"type": "walk", "from": _SPACES[rest[0]]}
    if head in ("row", "pile"):
        return {"type": head, "boat": _number(rest, text, 1, board.BOATS, f"{head} 1 to 8")}
    if head == "wish" and len(rest) == 1 and rest[0] in ("yes", "no"):
        return {"type": "wish", "turn": rest[0] == "yes"}
    if head == "path" and rest:
        return _path(rest, text)
    raise _fail(text, "a move")


def format_move(move: Move) -> str:
    """Write a canonical move in the text notation."""
    kind = move["type"]
    if kind == "deploy":
        return f"deploy {move['left']}"
    if kind == "walk":
        return f"walk {move['from']}"
    if kind in ("row", "pile"):
        return f"{kind} {move['boat']}"
    if kind == "choose":
        return str(move["choice"])
    if kind == "wish":
        return "wish yes" if move["turn"] else "wish no"
    if kind == "path":
        words = ["path", *move["steps"]]
        if "evict" in move:
            words += ["evict", move["evict"]]
        if "turn" in move:
            words.append("turn" if move["turn"] else "noturn")
        return " ".join(words)
    return str(kind)
