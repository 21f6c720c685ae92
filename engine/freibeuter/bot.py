"""The built-in Freibeuter bot: plays for timed-out players and empty seats.

One-ply greedy search: every legal move is tried, and the position after it is
valued by the mover's *equity* less half the other players' equities. A
player's equity is his score now plus what the tiles still on the board are
expected to bring him: a boarded ship its value less the payouts (and the
double cost of credit), boats around a boarded ship or a pirate lair their
payouts, a double value the ships it would double, each weighed by the chance
that the tile is surrounded before the game ends. A finished game is valued by
who won it. So the bot completes surrounds that pay it, does not complete
those that pay the others more, boards ships it can expect to win, and places
boats where the owners of boarded ships will pay for them.

The chances come from public information only (empty fields, sea cards left,
how soon a deck, a supply or the pirate lairs run out) and from the bot's own
hand: it never looks at what its player may not see (other hands, the order of
the decks; rules §9). The bot is deterministic: the same position gives the
same move.

This bot is the ``easy`` level of :func:`bot_move`. The ``strong`` level is the
search of :mod:`engine.search` from the player's view alone, which plays its
worlds on with this bot (:data:`SEARCH`).
"""

from __future__ import annotations

import json
from random import Random

from engine.base import IllegalMove, Move, final_margin, get_game
from engine.freibeuter import board
from engine.freibeuter.legal import legal_moves
from engine.freibeuter.rules import apply
from engine.freibeuter.state import State
from engine.freibeuter.worlds import sample_state
from engine.search import Model, level_move

OPPONENT_WEIGHT = 0.5
"""How much each other player's equity counts against the bot's own."""
OWN_CARD_CHANCE = 0.6
"""The least chance that an empty field next to the bot's own boarded ship gets filled,
when the bot holds a card (sea card or Dutchman line) for that field."""
DRAW_PREFERENCE = 0.01
"""A tie-break between draws: the bot keeps one Flying Dutchman card in hand, no more."""

_SHIP_OF_VALUE = {value: ship for ship, (value, _) in board.SHIPS.items()}


def _share_played(state: State, hand: list[str]) -> float:
    """Estimate the share of the unseen sea cards that will be played before the game ends.

    About one sea card is played per turn. The game lasts until the sea deck
    runs out, a supply runs out (2 players), or the last pirate lair is
    surrounded: with k fields still empty around the lairs, about k/(k+1) of
    the cards are played before the last of those fields is filled.
    """
    n = len(state.players)
    in_hands = sum(len(h) for h in state.hands)
    unseen = max(1, state.sea_left() + in_hands - len(hand))
    turns_left = min(state.sea_left() + in_hands // 2, n * min(state.supply) + 1)
    lair_gaps = {
        f
        for t, tile in enumerate(state.tiles)
        if tile == board.LAIR
        for f in board.TILE_FIELDS[t]
        if not state.fields[f]
    }
    return min(1.0, 0.8 * turns_left / unseen, len(lair_gaps) / (len(lair_gaps) + 1))


def _fill_chances(state: State, played: float) -> list[float]:
    """For each field: the chance that it holds a boat (or the Dutchman) before the game ends.

    Occupied fields are 1; an empty field is filled if one of its sea cards
    (one for an outer field, two for an inner one) is among the ``played`` share.
    """
    return [
        1.0 if owners else 1.0 - (1.0 - played) ** board.CAPACITY[f]
        for f, owners in enumerate(state.fields)
    ]


def _reach(hand: list[str]) -> set[int]:
    """The fields the bot could occupy itself with a card it holds."""
    fields: set[int] = set()
    for card in hand:
        if board.is_dutchman_card(card):
            fields.update(board.DUTCHMAN_FIELDS[card])
        else:
            fields.add(board.FIELD_INDEX[card])
    return fields


def _equities(state: State, seat: int, hand: list[str], played: float) -> list[float]:
    """Every player's score plus what the tiles still on the board are expected to bring him."""
    equity = [float(points) for points in state.seat_scores()]
    chances = _fill_chances(state, played)
    reach = _reach(hand)
    doubled = {board.DOUBLES[d] for d in state.doubles}
    n = len(state.players)
    for t, tile in enumerate(state.tiles):
        if tile is None:
            continue
        around = [0] * n
        chance = own_chance = 1.0
        empty = 0
        for f in board.TILE_FIELDS[t]:
            for p in state.fields[f]:
                around[p] += 1
            chance *= chances[f]
            own_chance *= max(chances[f], OWN_CARD_CHANCE) if f in reach else chances[f]
            empty += not state.fields[f]
        if tile == board.LAIR:
            for p in range(n):
                equity[p] += chance * board.LAIR_REWARD * around[p]
        elif tile in board.DOUBLES:
            value = board.DOUBLES[tile]
            for p in range(n):
                equity[p] += chance * value * state.ships[p].count(_SHIP_OF_VALUE[value])
        elif (owner := state.boarded[t]) is not None:
            value, payout = board.SHIPS[tile]
            value *= 2 if value in doubled else 1
            # Each empty field is expected to get one more boat, another player's (n-1)/n times.
            others = sum(around) - around[owner] + empty * (n - 1) / n
            paid = payout * others
            cost = paid + max(0, paid - state.chests[owner])  # credit costs twice
            if owner == seat:
                chance = own_chance
            equity[owner] += chance * (value - cost)
            for p in range(n):
                if p != owner:
                    equity[p] += chance * payout * around[p]
    return equity


def _value(before: State, seat: int, move: Move, played: float) -> float:
    """How good ``move`` is for ``seat``, judged from what ``seat`` can see."""
    after = apply(before, before.players[seat], move)
    if after.over:
        return final_margin(after, seat)
    # The bot's hand after the move, as far as it knows it: not the card it will draw.
    hand = list(before.hands[seat])
    if move["type"] != "board":
        hand.remove(move["card"])
    equity = _equities(after, seat, hand, played)
    value = equity[seat] - OPPONENT_WEIGHT * (sum(equity) - equity[seat])
    if move.get("draw") == "dutchman":
        holds = any(board.is_dutchman_card(card) for card in hand)
        value += -DRAW_PREFERENCE if holds else DRAW_PREFERENCE
    return value


def ranked(state: State, player: str) -> list[Move]:
    """The legal moves of ``player``, who must be the player to move, best for the bot first."""
    moves = legal_moves(state, player)
    if not moves:
        raise IllegalMove("not_your_turn", f"{player} has no move to make now.")
    seat = state.seat(player)
    played = _share_played(state, state.hands[seat])
    return sorted(moves, key=lambda move: _value(state, seat, move, played), reverse=True)


def plays(state: State, player: str) -> list[Move]:
    """The moves of :func:`ranked` that differ in more than the draw: the search's candidates.

    Each card keeps the draw the bot prefers with it, so the search spends its work on
    where the cards go and which tiles are boarded.
    """
    seen = set()
    found = []
    for move in ranked(state, player):
        key = json.dumps({k: v for k, v in move.items() if k != "draw"}, sort_keys=True)
        if key not in seen:
            seen.add(key)
            found.append(move)
    return found


def lead(state: State, seat: int) -> float:
    """How far ``seat``'s equity is ahead of the best other player's, judged with its hand."""
    hand = state.hands[seat]
    equity = _equities(state, seat, hand, _share_played(state, hand))
    return equity[seat] - max(e for s, e in enumerate(equity) if s != seat)


SEARCH = Model(
    sample=sample_state, ranked=plays, value=lead, scale=10.0, width=4, depth=1, budget=600
)
"""The searching bot's worlds, prior, valuation and work (``bench/bots.py`` measures them)."""


def bot_move(state: State, player: str, level: str = "easy", rng: Random | None = None) -> Move:
    """Choose the move of ``player``, who must be the player to move, at the bot ``level``.

    ``easy`` is the greedy bot; a searching level sees only ``player``'s view and
    draws its worlds from ``rng`` (by default one seeded from that view).
    """
    if level != "easy":
        return level_move(get_game("freibeuter"), SEARCH, state, player, level, rng)
    return ranked(state, player)[0]
