"""The state of a Freibeuter game, and dealing and checking a setup (rules §1–§2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import chain
from random import Random
from typing import Any

from engine.base import GameState, IllegalMove, check_players
from engine.freibeuter import board


class State(GameState):
    """Everything about one game at one moment, hidden parts included.

    Players are referred to by seat index internally. The rules functions
    never mutate a state they were given: ``apply`` makes a new state that
    shares the parts a move leaves alone and holds copies of the rest.
    """

    __slots__ = (
        "players",
        "tiles",
        "boarded",
        "fields",
        "hands",
        "sea_deck",
        "sea_top",
        "dutchman_deck",
        "dutchman_top",
        "sea_discard",
        "dutchman_discard",
        "chests",
        "credit",
        "supply",
        "ships",
        "lairs",
        "doubles",
        "turn",
        "moves",
        "end_reason",
    )

    players: tuple[str, ...]
    tiles: list[str | None]
    boarded: list[int | None]
    fields: list[tuple[int, ...]]
    hands: list[list[str]]
    sea_deck: tuple[str, ...]
    sea_top: int
    dutchman_deck: tuple[str, ...]
    dutchman_top: int
    sea_discard: list[str]
    dutchman_discard: list[str]
    chests: list[int]
    credit: list[int]
    supply: list[int]
    ships: list[list[str]]
    lairs: int
    doubles: list[str]
    turn: int
    moves: int
    end_reason: str | None

    def sea_left(self) -> int:
        return len(self.sea_deck) - self.sea_top

    def dutchman_left(self) -> int:
        return len(self.dutchman_deck) - self.dutchman_top

    def seat_scores(self) -> list[int]:
        """Return the score of each seat if the game ended now (rules §8)."""
        doubled = {board.DOUBLES[d] for d in self.doubles}
        result = []
        for seat in range(len(self.players)):
            ships = 0
            for ship in self.ships[seat]:
                value = board.SHIPS[ship][0]
                ships += 2 * value if value in doubled else value
            result.append(self.chests[seat] + ships - 2 * self.credit[seat])
        return result


def new_setup(players: Sequence[str], rng: Random) -> dict[str, Any]:
    """Shuffle tiles and decks with ``rng`` and deal every player's hand."""
    tiles = board.components(board.TILE_SET)
    rng.shuffle(tiles)
    sea = board.components(board.SEA_CARDS)
    rng.shuffle(sea)
    dutchman = list(board.DUTCHMAN_CARDS)
    rng.shuffle(dutchman)
    hands: dict[str, list[str]] = {}
    for player in players:
        hands[player] = [sea.pop(0) for _ in range(board.HAND_SEA_CARDS)] + [
            dutchman.pop(0) for _ in range(board.HAND_DUTCHMAN_CARDS)
        ]
    return {"tiles": tiles, "hands": hands, "sea_deck": sea, "dutchman_deck": dutchman}


def _string_list(value: object, what: str) -> list[str]:
    if isinstance(value, list):
        try:
            "".join(value)  # refuses any item that is not a str
        except TypeError:
            pass
        else:
            return value
    raise IllegalMove("invalid_setup", f"The setup's {what} must be a list of strings.")


def _describe(counter: dict[str, int]) -> str:
    return ", ".join(f"{n} × {item}" for item, n in sorted(counter.items()))


def _check_multiset(items: list[str], full: list[str], what: str) -> None:
    """Raise ``invalid_setup`` unless ``items`` are ``full`` (sorted) in some order."""
    if sorted(items) == full:
        return
    expected = Counter(full)
    found = Counter(items)
    unknown = Counter({k: n for k, n in found.items() if k not in expected})
    surplus = found - expected - unknown
    missing = expected - found
    problems = []
    if unknown:
        problems.append(f"unknown {_describe(unknown)}")
    if surplus:
        problems.append(f"too many {_describe(surplus)}")
    if missing:
        problems.append(f"missing {_describe(missing)}")
    raise IllegalMove("invalid_setup", f"The {what} are not one full set: {'; '.join(problems)}.")


_ALL_TILES = sorted(board.components(board.TILE_SET))
_ALL_CARDS = sorted([*board.components(board.SEA_CARDS), *board.DUTCHMAN_CARDS])


def start(players: Sequence[str], setup: object) -> State:
    """Check that ``setup`` is exactly one full set of components and return the opening state."""
    players = check_players(
        players, game="Freibeuter", minimum=board.MIN_PLAYERS, maximum=board.MAX_PLAYERS
    )
    if not isinstance(setup, dict):
        raise IllegalMove("invalid_setup", "The setup must be an object.")
    for key in ("tiles", "hands", "sea_deck", "dutchman_deck"):
        if key not in setup:
            raise IllegalMove("invalid_setup", f"The setup lacks {key!r}.")
    tiles = _string_list(setup["tiles"], "tiles")
    if len(tiles) != len(board.TILE_NAMES):
        raise IllegalMove("invalid_setup", f"The setup must have 36 tiles, not {len(tiles)}.")
    _check_multiset(tiles, _ALL_TILES, "tiles")

    raw_hands = setup["hands"]
    if not isinstance(raw_hands, dict) or set(raw_hands) != set(players):
        raise IllegalMove("invalid_setup", "The setup must deal exactly one hand to each player.")
    hands = []
    for player in players:
        hand = _string_list(raw_hands[player], f"hand of {player}")
        dutch = board.dutchman_cards_in(hand)
        if dutch != board.HAND_DUTCHMAN_CARDS or len(hand) != board.HAND_SEA_CARDS + dutch:
            raise IllegalMove(
                "invalid_setup",
                f"{player}'s hand must hold 4 sea cards and 1 Dutchman card, not {hand}.",
            )
        hands.append(list(hand))
    sea_deck = _string_list(setup["sea_deck"], "sea deck")
    dutchman_deck = _string_list(setup["dutchman_deck"], "Dutchman deck")
    _check_multiset(sea_deck + dutchman_deck + [*chain(*hands)], _ALL_CARDS, "cards")
    if not board.DUTCHMAN_FIELDS.keys().isdisjoint(sea_deck):
        raise IllegalMove("invalid_setup", "The sea deck holds a Dutchman card.")
    if not board.DUTCHMAN_FIELDS.keys() >= set(dutchman_deck):
        raise IllegalMove("invalid_setup", "The Dutchman deck holds a sea card.")

    n = len(players)
    state = State.__new__(State)
    state.players = tuple(players)
    state.tiles = list(tiles)
    state.boarded = [None] * len(tiles)
    state.fields = [()] * len(board.FIELD_NAMES)
    state.hands = hands
    state.sea_deck = tuple(sea_deck)
    state.sea_top = 0
    state.dutchman_deck = tuple(dutchman_deck)
    state.dutchman_top = 0
    state.sea_discard = []
    state.dutchman_discard = []
    state.chests = [board.STARTING_CHESTS] * n
    state.credit = [0] * n
    state.supply = [board.BOATS_PER_PLAYER] * n
    state.ships = [[] for _ in range(n)]
    state.lairs = 0
    state.doubles = []
    state.turn = 0
    state.moves = 0
    state.end_reason = None
    return state
