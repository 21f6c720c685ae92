"""The moves a Flußpiraten player may queue for his next turn, as the queue form offers them."""

from __future__ import annotations

from typing import Any

from engine.base import Move
from games.kinds.flusspiraten.describe import space_label


def queue_choices(view: dict[str, Any], player: str) -> list[tuple[str, list[Move]]]:
    """Walking a pirate of ``player``'s from each start, bank or ford space he occupies,
    rowing each boat he is in, and passing, in no group: they are few."""
    seen = view["players"][player]
    spaces = [side for side in ("SL", "SR") if seen[side]] + seen["banks"] + seen["fords"]
    moves: list[Move] = [
        *({"type": "walk", "from": space} for space in dict.fromkeys(spaces)),
        *({"type": "row", "boat": boat} for boat in seen["boats"]),
        {"type": "pass"},
    ]
    return [("", moves)]


def queue_field_words(name: str) -> str:
    """A boat in words (``boat 3``)."""
    return space_label(name)
