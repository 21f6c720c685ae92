"""Freibeuter states a player cannot tell from the one he sees: the searching bot's worlds.

A view shows everything but the other players' hands and the order of the
decks (rules §9). A world deals the cards nobody has seen yet (every card not
in the viewer's hand nor on a discard pile) at random into the other hands,
each as big as the view says, and into the decks.
"""

from __future__ import annotations

from collections import Counter
from random import Random
from typing import Any

from engine.freibeuter import board
from engine.freibeuter.state import State

_SEA = Counter(board.components(board.SEA_CARDS))
_DUTCHMAN = Counter(board.DUTCHMAN_CARDS)


def _unseen(full: Counter[str], seen: list[str], rng: Random) -> list[str]:
    """The cards of ``full`` not among ``seen``, shuffled with ``rng``."""
    cards = sorted((full - Counter(seen)).elements())
    rng.shuffle(cards)
    return cards


def sample_state(view: dict[str, Any], rng: Random) -> State:
    """A state whose view for ``view["viewer"]`` is ``view``, its hidden cards dealt by ``rng``."""
    players = sorted(view["players"], key=lambda name: view["players"][name]["seat"])
    seat_of = {name: seat for seat, name in enumerate(players)}
    seen = [view["players"][name] for name in players]
    viewer = seat_of[view["viewer"]]
    own = seen[viewer]["hand"]
    discards = view["discard_piles"]
    sea = _unseen(_SEA, own + discards["sea"], rng)
    dutchman = _unseen(_DUTCHMAN, own + discards["dutchman"], rng)
    hands = []
    for seat, player in enumerate(seen):
        if seat == viewer:
            hands.append(list(own))
            continue
        size = player["hand_size"]
        hands.append([sea.pop() for _ in range(size["sea"])])
        hands[-1] += [dutchman.pop() for _ in range(size["dutchman"])]
    tiles: list[str | None] = [None] * len(board.TILE_NAMES)
    boarded: list[int | None] = [None] * len(board.TILE_NAMES)
    for name, tile in view["board"]["tiles"].items():
        t = board.TILE_INDEX[name]
        tiles[t] = tile["tile"]
        boarded[t] = None if tile["boarded_by"] is None else seat_of[tile["boarded_by"]]
    fields: list[tuple[int, ...]] = [()] * len(board.FIELD_NAMES)
    for name, owners in view["board"]["fields"].items():
        fields[board.FIELD_INDEX[name]] = tuple(seat_of[owner] for owner in owners)
    state = State.__new__(State)
    state.players = tuple(players)
    state.tiles = tiles
    state.boarded = boarded
    state.fields = fields
    state.hands = hands
    state.sea_deck = tuple(sea)
    state.sea_top = 0
    state.dutchman_deck = tuple(dutchman)
    state.dutchman_top = 0
    state.sea_discard = list(discards["sea"])
    state.dutchman_discard = list(discards["dutchman"])
    state.chests = [player["chests"] for player in seen]
    state.credit = [player["credit"] for player in seen]
    state.supply = [player["supply"] for player in seen]
    state.ships = [list(player["ships"]) for player in seen]
    state.lairs = view["set_aside"]["lairs"]
    state.doubles = list(view["set_aside"]["doubles"])
    state.turn = seat_of[view["to_move"]]
    state.moves = view["moves"]
    state.end_reason = view["end_reason"]
    return state
