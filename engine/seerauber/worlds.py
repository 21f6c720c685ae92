"""Seeräuber states a player cannot tell from the one he sees: the searching bot's worlds.

Everything is public but the order of the undrawn ships [S6]: a world shuffles
the ships neither displayed nor boarded into the deck. How many players have
passed in a row since the last stacking or boarding is not in the view
either; a world counts none.
"""

from __future__ import annotations

from random import Random
from typing import Any

from engine.seerauber import board
from engine.seerauber.rules import mutinies
from engine.seerauber.state import State


def sample_state(view: dict[str, Any], rng: Random) -> State:
    """A state whose view for ``view["viewer"]`` is ``view``, its deck shuffled by ``rng``."""
    players = list(view["players"])
    seat_of = {name: seat for seat, name in enumerate(players)}
    table = view["table"]
    stacks = {name: tuple(stack["pirates"]) for name, stack in table["stacks"].items()}
    for player in view["players"].values():
        stacks.update((pirate, (pirate,)) for pirate in player["free"])
    boarded = [list(table["boarded"][name]) for name in players]
    gone = set(table["display"]).union(*boarded)
    deck = [ship for ship in board.SHIP_NAMES if ship not in gone]
    rng.shuffle(deck)
    pending = table["pending"] or {}
    state = State.__new__(State)
    state.players = tuple(players)
    state.stacks = stacks
    state.deck = tuple(deck)
    state.deck_top = 0
    state.display = list(table["display"])
    state.ducats = [view["players"][name]["ducats"] for name in players]
    state.booty = [dict(view["players"][name]["booty"]) for name in players]
    state.boarded = boarded
    state.turn = seat_of[pending.get("captain", view["to_move"])]
    state.asked = seat_of.get(pending.get("mutiny_asked", ""))
    state.mutiny_by = seat_of.get(pending.get("mutiny_by", ""))
    state.mutiny_stack = None
    if state.mutiny_by is not None:
        state.mutiny_stack = mutinies(state)[state.mutiny_by]
    state.passes = 0
    state.moves = view["moves"]
    state.end_reason = view["end_reason"]
    return state
