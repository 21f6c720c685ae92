"""The searching bot: determinized Monte Carlo search from what one seat can see.

Every level but ``"easy"`` (each game's greedy bot) searches. Its only input
is the seat's view and the caller's ``random.Random``; it never reads the
state. Each *world* it imagines is a state sampled consistently with the view
(other hands, deck orders, sealed choices: :attr:`Model.sample`); each
candidate move is tried in the same worlds with the same future dice, and the
game is played on from there by the greedy bots for a few moves, then valued
by the game's own valuation (:attr:`Model.value`), or by who won if it ended.

The candidates are the greedy bot's best few moves (its valuation is the
search's prior). Sequential halving shares the budget among them: each round
plays every remaining candidate in new worlds and keeps the better half, so
the likely best moves are tried most. The budget counts the moves the
playouts make (the engine's own work, never a clock): the same view and the
same seed give the same move.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from random import Random
from typing import Any

from engine.base import GameState, IllegalMove, Move, Rules, winners

LEVELS = ("easy", "strong")
"""The bot levels, weakest first: ``easy`` is each game's greedy bot, ``strong`` the search."""


@dataclass(frozen=True, slots=True)
class Model:
    """What the search needs of a game beyond its rules, and how much work it may do."""

    sample: Callable[[dict[str, Any], Random], Any]
    """A state consistent with a view (the viewer's ``view`` of it is that view)."""
    ranked: Callable[[Any, str], list[Move]]
    """The legal moves of a player worth searching: the greedy bot's choice first, the rest
    by its liking."""
    value: Callable[[Any, int], float]
    """How far a seat stands ahead of the best other player in a game under way."""
    scale: float
    """A lead that makes winning about three times as likely as losing (the value's unit)."""
    width: int
    """How many of the greedy bot's best moves are candidates."""
    depth: int
    """How many moves, per player at the table, a playout makes before it is valued."""
    budget: int
    """How many moves all playouts together may make for one decision."""


def _with_dice(game: Rules, state: Any, move: Move, dice: Random) -> Move:
    """``move`` with the dice the service would roll into it, drawn from ``dice``."""
    needed = game.rolls_needed(state, move)
    if not needed:
        return move
    return {**move, "roll": [dice.randint(1, 6) for _ in range(needed)]}


def _reward(model: Model, state: GameState, seat: int) -> float:
    """How good ``state`` is for ``seat``: 1 won, 0 lost, in between while under way."""
    if state.over:
        return 1.0 if state.players[seat] in winners(state) else 0.0
    return 1.0 / (1.0 + math.exp(-model.value(state, seat) / model.scale))


def _playout(
    game: Rules, model: Model, world: Any, seat: int, move: Move, dice: Random, plies: int
) -> float:
    """Make ``move`` in ``world``, let the greedy bots play ``plies`` moves on, value the end."""
    player = world.players[seat]
    state = game.apply(world, player, _with_dice(game, world, move, dice))
    for _ in range(plies):
        if state.over:
            break
        mover = game.to_move(state)[0]
        reply = game.bot_move(state, mover)
        state = game.apply(state, mover, _with_dice(game, state, reply, dice))
    return _reward(model, state, seat)


def search_move(game: Rules, model: Model, view: dict[str, Any], player: str, rng: Random) -> Move:
    """The move the search chooses for ``player``, who sees ``view``; worlds drawn by ``rng``."""
    world = model.sample(view, rng)
    moves = model.ranked(world, player)[: model.width]
    if not moves:
        raise IllegalMove("not_your_turn", f"{player} has no move to make now.")
    if len(moves) == 1:
        return moves[0]
    seat = world.seat(player)
    plies = model.depth * len(world.players)
    totals = [0.0] * len(moves)
    alive = list(range(len(moves)))
    per_round = model.budget // math.ceil(math.log2(len(moves)))
    while len(alive) > 1:
        for _ in range(max(1, per_round // (len(alive) * (plies + 1)))):
            world = model.sample(view, rng)
            seed = rng.getrandbits(64)
            for i in alive:
                totals[i] += _playout(game, model, world, seat, moves[i], Random(seed), plies)
        alive = sorted(alive, key=lambda i: -totals[i])[: (len(alive) + 1) // 2]
    return moves[alive[0]]


def level_move(
    game: Rules, model: Model, state: Any, player: str, level: str, rng: Random | None
) -> Move:
    """The move of a searching ``level`` for ``player`` in ``state``, of which it sees only
    ``player``'s view (``rng``: by default seeded from that view, so the same view gives the
    same move)."""
    if level not in LEVELS[1:]:
        raise IllegalMove("unknown_level", f"There is no bot level {level!r}; known: {LEVELS}.")
    view = game.view(state, player)
    if rng is None:
        rng = Random(json.dumps(view, sort_keys=True))
    return search_move(game, model, view, player, rng)
