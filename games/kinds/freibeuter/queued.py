"""The moves a Freibeuter player may queue for his next turn, as the queue form offers them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from engine.base import Move
from engine.freibeuter.board import (
    DUTCHMAN_FIELDS,
    FIELD_NAMES,
    SEA_CARDS,
    SHIPS,
    is_dutchman_card,
)
from engine.freibeuter.rules import DRAWS
from games.kinds.freibeuter.describe import card_label


def _card_moves(fields: dict[str, Any], card: str) -> list[Move]:
    """``card`` on each field it may take as the board is now (a boat where there is room,
    chests where there are boats, the Flying Dutchman on an empty field of its line), with
    either draw."""
    if is_dutchman_card(card):
        empty = [FIELD_NAMES[f] for f in DUTCHMAN_FIELDS[card] if FIELD_NAMES[f] not in fields]
        return [
            {"type": "dutchman", "card": card, "field": field, "draw": draw}
            for field in empty
            for draw in DRAWS
        ]
    boats = len(fields.get(card, []))
    ways = {True: boats < SEA_CARDS[card], False: boats > 0}
    return [
        {"type": "place", "card": card, "boat": boat, "draw": draw}
        for boat, possible in ways.items()
        if possible
        for draw in DRAWS
    ]


def queue_choices(view: dict[str, Any], player: str) -> list[tuple[str, list[Move]]]:
    """The moves of each card of ``player``'s hand, grouped by the card; then boarding each
    ship nobody boarded yet."""
    fields = view["board"]["fields"]
    groups = [
        (card_label(card), _card_moves(fields, card))
        for card in dict.fromkeys(view["players"][player]["hand"])
    ]
    ships: list[Move] = [
        {"type": "board", "tile": name}
        for name, tile in view["board"]["tiles"].items()
        if tile["tile"] in SHIPS and tile["boarded_by"] is None
    ]
    return [*groups, (gettext("Ships you can board"), ships)]


def queue_field_words(name: str) -> str:
    """A field of the board by its name, as the board shows it (``C3``)."""
    return name
