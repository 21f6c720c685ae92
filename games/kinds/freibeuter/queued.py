"""The moves a Freibeuter player may queue for his next turn, as the queue form offers them."""

from __future__ import annotations

from typing import Any

from engine.base import Move
from engine.freibeuter.board import (
    DUTCHMAN_FIELDS,
    FIELD_NAMES,
    SEA_CARDS,
    SHIPS,
    is_dutchman_card,
)
from engine.freibeuter.rules import DRAWS


def queue_choices(view: dict[str, Any], player: str) -> list[Move]:
    """Each card of ``player``'s hand on each field it may take as the board is now (a boat
    where there is room, chests where there are boats, the Flying Dutchman on an empty field
    of its line), with either draw; then each ship nobody boarded yet."""
    fields = view["board"]["fields"]
    moves: list[Move] = []
    for card in dict.fromkeys(view["players"][player]["hand"]):
        if is_dutchman_card(card):
            empty = [FIELD_NAMES[f] for f in DUTCHMAN_FIELDS[card] if FIELD_NAMES[f] not in fields]
            moves += [
                {"type": "dutchman", "card": card, "field": field, "draw": draw}
                for field in empty
                for draw in DRAWS
            ]
            continue
        boats = len(fields.get(card, []))
        ways = {True: boats < SEA_CARDS[card], False: boats > 0}
        moves += [
            {"type": "place", "card": card, "boat": boat, "draw": draw}
            for boat, possible in ways.items()
            if possible
            for draw in DRAWS
        ]
    moves += [
        {"type": "board", "tile": name}
        for name, tile in view["board"]["tiles"].items()
        if tile["tile"] in SHIPS and tile["boarded_by"] is None
    ]
    return moves


def queue_field_words(name: str) -> str:
    """A field of the board by its name, as the board shows it (``C3``)."""
    return name
