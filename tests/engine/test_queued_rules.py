"""The engines' queued moves (``engine/<game>/queued.py``): a move a player may make when his
turn begins could be queued before it, a move no turn can begin with is refused with a
sentence, and the fields a condition watches are public and deterministic."""

from __future__ import annotations

import json
from collections.abc import Iterator
from copy import deepcopy
from random import Random
from typing import Any

import pytest
from random_play import random_states

from engine.base import Move, get_game

NAMES = ["Anne", "Bart", "Cleo"]
GAMES = ("freibeuter", "seerauber", "flusspiraten")


def _states(kind: str, seed: int, moves: int = 300) -> Iterator[Any]:
    return random_states(kind, seed, moves)


@pytest.mark.parametrize("kind", GAMES)
def test_every_move_a_turn_begins_with_could_have_been_queued(kind: str) -> None:
    """Rule: when a player's turn begins (his queued move is due), every move he may make is
    of a type he may queue, and is accepted both when he queues it earlier, from what he saw
    then (the last position before his turn), and at the turn itself."""
    engine = get_game(kind)
    turns = 0
    for seed in range(4):
        earlier: dict[str, dict[str, Any]] = {}
        for state in _states(kind, seed):
            for name in NAMES:
                view = engine.view(state, name)
                if not engine.queued.turn_begins(view, name):
                    earlier[name] = view
                    continue
                turns += 1
                moves = engine.legal_moves(state, name)
                assert moves and all(move["type"] in engine.queued.TYPES for move in moves)
                for move in moves:
                    assert engine.queued.queue_error(view, name, move) is None, move
                    if name in earlier:
                        assert engine.queued.queue_error(earlier[name], name, move) is None, move
                earlier.pop(name, None)
    assert turns >= 50


def test_a_mutineers_boarding_is_not_his_turn() -> None:
    """Rule: a Seeräuber mutineer boarding with the captain's stack, and a player asked about
    a mutiny, play off their turn: their queued moves wait for their own turn as captain."""
    engine = get_game("seerauber")
    off_turn = 0
    for seed in range(8):
        for state in _states("seerauber", seed):
            if state.mutiny_stack is not None or state.asked is not None:
                name = engine.to_move(state)[0]
                assert not engine.queued.turn_begins(engine.view(state, name), name)
                off_turn += 1
    assert off_turn >= 3


def _refused(kind: str) -> list[Move]:
    """Moves no turn of the first player of a new game of ``kind`` can begin with."""
    common: list[Move] = [
        {"type": "chat"},
        {"type": "pass", "extra": 1},
    ]
    if kind == "freibeuter":
        return [
            *common,
            {"type": "place", "card": "Z9", "boat": True, "draw": "sea"},
            {"type": "place", "card": ["A1"], "boat": True, "draw": "sea"},
            {"type": "place", "card": "A1", "boat": True},
            {"type": "dutchman", "card": "row 9", "field": "A1", "draw": "sea"},
            {"type": "board", "tile": "A1-A2"},
        ]
    if kind == "seerauber":
        return [
            *common,
            {"type": "stack", "piece": "B2", "onto": "C2"},
            {"type": "stack", "piece": "R2", "onto": "R3"},
            {"type": "stack", "piece": "R2", "onto": "Y2"},
            {"type": "board", "stack": "R2", "ship": "S99", "booty": "rum"},
            {"type": "board", "stack": "R2", "ship": "S01", "booty": "chest"},
            {"type": "mutiny", "stack": "R2"},
        ]
    return [
        *common,
        {"type": "walk", "from": "Z9"},
        {"type": "row", "boat": 9},
        {"type": "row", "boat": True},
        {"type": "row", "boat": 1, "roll": [3]},
        {"type": "deploy", "left": 2},
    ]


@pytest.mark.parametrize("kind", GAMES)
def test_a_move_no_turn_begins_with_is_refused_in_a_sentence(kind: str) -> None:
    """Rule: a move of another kind than a turn's first, with missing or extra keys, or naming
    a card the player does not hold, a place, pirate or ship the game does not have, is
    refused with a sentence saying why; the view is left as it was."""
    engine = get_game(kind)
    state = engine.start(NAMES, engine.new_setup(NAMES, Random(3)))
    view = engine.view(state, "Anne")
    kept = deepcopy(view)
    for move in _refused(kind):
        why = engine.queued.queue_error(view, "Anne", move)
        assert isinstance(why, str) and why.endswith("."), move
    assert view == kept


def test_a_freibeuter_card_not_in_hand_is_refused() -> None:
    """Rule: a Freibeuter player queues only a card of his own hand (it stays his until his
    turn); another player's card is refused."""
    engine = get_game("freibeuter")
    state = engine.start(NAMES, engine.new_setup(NAMES, Random(5)))
    view = engine.view(state, "Bart")
    theirs = engine.view(state, "Anne")["players"]["Anne"]["hand"]
    mine = view["players"]["Bart"]["hand"]
    card = next(c for c in theirs if c not in mine and not c.startswith(("row", "col")))
    move = {"type": "place", "card": card, "boat": True, "draw": "sea"}
    assert engine.queued.queue_error(view, "Bart", move) == f"You do not hold the card {card}."
    own = next(c for c in mine if not c.startswith(("row", "col")))
    assert engine.queued.queue_error(view, "Bart", {**move, "card": own}) is None


@pytest.mark.parametrize("kind", GAMES)
def test_the_watched_fields_are_public_and_deterministic(kind: str) -> None:
    """Rule: the fields a condition may watch are the same for every player and a spectator
    (nothing hidden), JSON, the same twice, and change only with the board."""
    engine = get_game(kind)
    changed = 0
    before = None
    for state in _states(kind, 7, moves=120):
        seen = [engine.queued.fields(engine.view(state, name)) for name in [*NAMES, None]]
        assert all(each == seen[0] for each in seen)
        assert json.loads(json.dumps(seen[0])) == seen[0]
        assert engine.queued.fields(engine.view(state, "Anne")) == seen[0]
        changed += before is not None and before != seen[0]
        before = seen[0]
    assert changed >= 10
