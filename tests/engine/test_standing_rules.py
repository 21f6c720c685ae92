"""The engines' standing answers (``engine/<game>/standing.py``): asked exactly when the
question comes off a player's turn, read from his view only, and always a legal move."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

from engine.base import get_game
from engine.flusspiraten import standing as river
from engine.seerauber import standing as sea

NAMES = ["Anne", "Bart", "Cleo"]


def _states(kind: str, seed: int, moves: int = 400) -> Iterator[Any]:
    """The states of a random game of ``kind``, one after each move."""
    engine = get_game(kind)
    rng = Random(seed)
    state = engine.start(NAMES, engine.new_setup(NAMES, rng))
    for _ in range(moves):
        if state.over:
            return
        yield state
        player = engine.to_move(state)[0]
        move = rng.choice(engine.legal_moves(state, player))
        if count := engine.rolls_needed(state, move):
            move = {**move, "roll": [rng.randint(1, 6) for _ in range(count)]}
        state = engine.apply(state, player, move)


def test_the_mutiny_question_and_its_answers() -> None:
    """Rule: only the player asked about a mutiny is asked in advance; "always" and "never"
    and any wages rule give one of his legal moves, a wages rule of 0 ducats mutinies and
    one beyond any wages declines."""
    engine = get_game("seerauber")
    asked = 0
    for state in (state for seed in range(6) for state in _states("seerauber", seed)):
        for name in NAMES:
            view = engine.view(state, name)
            question = sea.question(view, name)
            if state.asked is None or state.players[state.asked] != name:
                assert question is None
                continue
            asked += 1
            assert question == "mutiny"
            legal = engine.legal_moves(state, name)
            for rule in (
                {"mutiny": "always"},
                {"mutiny": "never"},
                {"mutiny": "wages", "ducats": 9},
            ):
                assert sea.rule_error("mutiny", rule) is None
                assert sea.answer(view, name, rule) in legal
            assert sea.answer(view, name, {"mutiny": "wages", "ducats": 0})["type"] == "mutiny"
            assert sea.answer(view, name, {"mutiny": "wages", "ducats": 99}) == {
                "type": "no_mutiny"
            }
    assert asked >= 3


def test_the_rowing_test_and_wish_questions_go_to_the_partner_only() -> None:
    """Rule: the partner, never the helmsman, is asked in advance for his rowing-test choice
    and his wish, and the answer is one of his legal moves."""
    engine = get_game("flusspiraten")
    asked = 0
    for state in (state for seed in range(4) for state in _states("flusspiraten", seed, 600)):
        for name in engine.to_move(state):
            view = engine.view(state, name)
            question = river.question(view, name)
            helmsman = state.players[state.turn] if state.turn >= 0 else None
            if name == helmsman or state.step not in ("choose", "wish"):
                assert question is None
                continue
            assert question == state.step
            asked += 1
            rule = {"choice": "club"} if question == "choose" else {"turn": False}
            assert river.rule_error(question, rule) is None
            assert river.answer(view, name, rule) in engine.legal_moves(state, name)
    assert asked >= 3


def test_rules_a_question_does_not_take_are_refused() -> None:
    """Rule: a standing answer names a question its game asks and an answer it takes."""
    assert sea.rule_error("choose", {"choice": "die"}) is not None
    assert sea.rule_error("mutiny", {"mutiny": "wages"}) is not None
    assert sea.rule_error("mutiny", {"mutiny": "wages", "ducats": 100}) is not None
    assert sea.rule_error("mutiny", {"mutiny": "always", "ducats": 3}) is not None
    assert sea.rule_error("mutiny", {"mutiny": "wages", "ducats": True}) is not None
    assert river.rule_error("choose", {"choice": "rock"}) is not None
    assert river.rule_error("wish", {"turn": "yes"}) is not None
    assert river.rule_error("mutiny", {"mutiny": "always"}) is not None
