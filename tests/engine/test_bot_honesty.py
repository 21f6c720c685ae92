"""The searching bot is honest: it moves on what its seat may see, never on the hidden rest.

For seeded random positions of every game, a twin state differs from the real
one only in what the player to move cannot see (the others' hands and the
decks' order in Freibeuter, the ships' order in Seeräuber, the other rower's
sealed choice in Flußpiraten). Both give that player the same view, so the
strong bot, drawing from the same seed, must choose the same move in both.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.base import get_game
from engine.flusspiraten import bot as flusspiraten_bot
from engine.freibeuter import bot as freibeuter_bot
from engine.freibeuter.board import is_dutchman_card
from engine.seerauber import bot as seerauber_bot

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
SEEDS = range(3)


def _freibeuter_twin(state: Any, seat: int, rng: random.Random) -> Any:
    """The others' hands and both decks dealt anew from the cards ``seat`` cannot see."""
    twin = state.shared_copy()
    twin.hands = [hand[:] for hand in state.hands]
    others = [s for s in range(len(state.players)) if s != seat]
    decks = {False: ("sea_deck", "sea_top"), True: ("dutchman_deck", "dutchman_top")}
    for dutchman, (deck, top) in decks.items():
        pool = list(getattr(state, deck)[getattr(state, top) :])
        sizes = []
        for s in others:
            held = [c for c in twin.hands[s] if is_dutchman_card(c) == dutchman]
            pool += held
            sizes.append(len(held))
            twin.hands[s] = [c for c in twin.hands[s] if is_dutchman_card(c) != dutchman]
        rng.shuffle(pool)
        for s, size in zip(others, sizes, strict=True):
            twin.hands[s] += [pool.pop() for _ in range(size)]
        setattr(twin, deck, tuple(pool))
        setattr(twin, top, 0)
    return twin


def _seerauber_twin(state: Any, seat: int, rng: random.Random) -> Any:
    """The undrawn ships in another order, and passes in a row counted differently."""
    twin = state.copy()
    deck = list(state.deck[state.deck_top :])
    rng.shuffle(deck)
    twin.deck = tuple(deck)
    twin.deck_top = 0
    twin.passes = (state.passes + 1) % len(state.players)
    return twin


def _flusspiraten_twin(state: Any, seat: int, rng: random.Random) -> Any:
    """The other rower's sealed choice changed."""
    twin = state.copy()
    ((other, choice),) = state.choices.items()
    twin.choices = {other: rng.choice([c for c in ("die", "empty", "club") if c != choice])}
    return twin


def _hidden_choice(state: Any) -> bool:
    """Whether a rower is asked while the other's choice is sealed."""
    return state.step == "choose" and len(state.choices) == 1


GAMES: dict[str, tuple[Any, Callable[..., Any], Callable[[Any], bool]]] = {
    "freibeuter": (freibeuter_bot, _freibeuter_twin, lambda state: True),
    "seerauber": (seerauber_bot, _seerauber_twin, lambda state: state.deck_left() > 1),
    "flusspiraten": (flusspiraten_bot, _flusspiraten_twin, _hidden_choice),
}


def _position(name: str, seed: int) -> Any:
    """A position of a seeded game, greedy and random moves mixed, where the twin differs."""
    game = get_game(name)
    rng = random.Random(seed)
    players = NAMES[: rng.randint(game.MIN_PLAYERS, game.MAX_PLAYERS)]
    state = game.start(players, game.new_setup(players, rng))
    wanted = GAMES[name][2]
    stop = rng.randint(5, 40)
    moves = 0
    while not state.over:
        player = game.to_move(state)[0]
        if moves >= stop and wanted(state) and len(game.legal_moves(state, player)) > 1:
            return state
        legal = game.legal_moves(state, player)
        move = game.bot_move(state, player) if rng.random() < 0.7 else rng.choice(legal)
        dice = game.rolls_needed(state, move)
        if dice:
            move = {**move, "roll": [rng.randint(1, 6) for _ in range(dice)]}
        state = game.apply(state, player, move)
        moves += 1
    raise AssertionError(f"seed {seed} of {name} reached no position to test")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name", GAMES)
def test_the_strong_bot_moves_alike_in_states_its_seat_cannot_tell_apart(name, seed, monkeypatch):
    """Rules §9, [S6], §8: the strong bot's move depends on its seat's view and seed alone."""
    bot, twin_of, _ = GAMES[name]
    monkeypatch.setattr(
        bot, "SEARCH", dataclasses.replace(bot.SEARCH, budget=bot.SEARCH.budget // 4)
    )
    game = get_game(name)
    state = _position(name, seed)
    player = game.to_move(state)[0]
    twin = twin_of(state, state.seat(player), random.Random(seed))
    assert twin != state
    assert game.view(twin, player) == game.view(state, player)
    move = game.bot_move(state, player, "strong", random.Random(seed))
    assert game.bot_move(twin, player, "strong", random.Random(seed)) == move
    assert move in game.legal_moves(state, player)
