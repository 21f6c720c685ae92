"""The moves a Seeräuber player may queue for his next turn, as the queue form offers them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from engine.base import Move
from engine.seerauber.board import MAX_STACK, SHIPS
from engine.seerauber.queued import DISPLAY
from games.kinds.seerauber.describe import pirate_words


def queue_choices(view: dict[str, Any], player: str) -> list[tuple[str, list[Move]]]:
    """For each stack ``player`` is captain of (a lone pirate of his is one), named in words:
    putting it on each other stack it fits on, and boarding each displayed ship it can crew,
    taking each booty the ship shows; then passing, in no group."""
    table = view["table"]
    sizes = {name: len(stack["pirates"]) for name, stack in table["stacks"].items()} | {
        name: 1 for seen in view["players"].values() for name in seen["free"]
    }
    own = [
        name
        for name in sizes
        if name in view["players"][player]["free"]
        or table["stacks"].get(name, {}).get("captain") == player
    ]
    groups: list[tuple[str, list[Move]]] = []
    for stack in own:
        moves: list[Move] = [
            {"type": "stack", "piece": stack, "onto": onto}
            for onto in sizes
            if onto not in own and sizes[stack] + sizes[onto] <= MAX_STACK
        ]
        moves += [
            {"type": "board", "stack": stack, "ship": ship, "booty": booty}
            for ship in table["display"]
            if SHIPS[ship].crew <= sizes[stack]
            for booty in SHIPS[ship].booty
        ]
        groups.append((pirate_words(stack), moves))
    return [*groups, ("", [{"type": "pass"}])]


def queue_field_words(name: str) -> str:
    """A pirate (the stack it heads) in words (``red 3``), or the ships on display."""
    return gettext("Ships on display") if name == DISPLAY else pirate_words(name)
