"""The engines' standing answers (``engine/<game>/standing.py``): asked exactly when the
question comes off a player's turn, read from his view only, and always a legal move."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from random_play import random_states

from engine.base import get_game
from engine.flusspiraten import standing as river
from engine.flusspiraten.board import CURRENT, LENGTH, RIVER_INDEX
from engine.seerauber import standing as sea

NAMES = ["Anne", "Bart", "Cleo"]


def _states(kind: str, seed: int, moves: int = 400) -> Iterator[Any]:
    return random_states(kind, seed, moves)


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


RIVER_RULES: dict[str, list[dict[str, Any]]] = {
    "deploy": [{"left": n} for n in range(6)],
    "choose": [{"choice": c} for c in ("die", "empty", "club")],
    "path": [{"path": "furthest"}],
    "wish": [{"turn": True}, {"turn": False}],
    "pile": [{"pile": "board"}, {"pile": "stay"}],
}
"""Every standing answer each Flußpiraten question takes."""


def _river_asked(state: Any, name: str) -> str | None:
    """The question the rules ask of ``name`` off his turn in ``state``, from the state itself:
    every player at the deploy, the rowing test's partner, and the rower or the waiting pirate
    of a path, wish or pile step when it is not his own turn."""
    if state.step == "deploy":
        return "deploy"
    seat = state.players.index(name)
    if seat == state.turn:
        return None
    if state.step == "choose" and seat in state.crew[state.boat]:
        return "choose"
    if state.step in ("path", "wish") and seat == state.rower:
        return str(state.step)
    if state.step == "pile" and seat == state.waiter:
        return "pile"
    return None


def _river_asked_states(seeds: int = 8) -> Iterator[tuple[Any, str, str]]:
    """Each state of random Flußpiraten games with a player asked off his turn, the player
    and the question."""
    engine = get_game("flusspiraten")
    for state in (state for seed in range(seeds) for state in _states("flusspiraten", seed, 600)):
        for name in NAMES:
            question = river.question(engine.view(state, name), name)
            assert question == (
                _river_asked(state, name) if name in engine.to_move(state) else None
            )
            if question is not None:
                yield state, name, question


def test_the_river_questions_go_to_the_player_asked_off_his_turn_and_answer_legally() -> None:
    """Rule: every player at the deploy, the partner in a rowing test (his choice, his path
    after club against die, his wish) and a pirate waiting at a ford on another's turn are
    asked in advance, nobody else; every answer each question takes is one of his legal
    moves, and the same view gives the same move."""
    engine = get_game("flusspiraten")
    asked: Counter[str] = Counter()
    for state, name, question in _river_asked_states():
        asked[question] += 1
        view = engine.view(state, name)
        legal = engine.legal_moves(state, name)
        for rule in RIVER_RULES[question]:
            assert river.rule_error(question, rule) is None
            move = river.answer(view, name, rule)
            assert move in legal
            assert river.answer(engine.view(state, name), name, rule) == move
    assert set(asked) == set(river.QUESTIONS)
    assert min(asked.values()) >= 5


def _height(space: str) -> int:
    return 18 if space == "source" else int(space[1:])


def test_the_furthest_path_ends_nearest_the_source() -> None:
    """Rule: "furthest" rows the partner's path that ends nearest the source, the first in
    legal order of those that end level."""
    engine = get_game("flusspiraten")
    choices = 0
    for state, name, question in _river_asked_states():
        if question != "path":
            continue
        legal = engine.legal_moves(state, name)
        best = max(_height(move["steps"][-1]) for move in legal)
        choices += len({_height(move["steps"][-1]) for move in legal}) > 1
        move = river.answer(engine.view(state, name), name, {"path": "furthest"})
        assert move == next(m for m in legal if _height(m["steps"][-1]) == best)
    assert choices >= 3


def _with_a_boat_across(state: Any) -> Any:
    """``state`` (a pile step offering one boat) with an empty harbour boat moved onto the
    other lane at the same ford and offered too, or ``None`` when there is no such boat."""
    (offered,) = state.pile_boats
    across = (state.at[offered] + LENGTH) % (2 * LENGTH)
    free = [b for b, at in enumerate(state.at) if at < 0 and not state.crew[b]]
    if state.river[across] >= 0 or not free:
        return None
    boat, new = free[-1], state.copy()
    new.berths[-1 - new.at[boat]] = -1
    new.at[boat], new.river[across], new.moved[boat] = across, boat, True
    new.pile_boats = sorted([offered, boat])
    return new


def test_board_takes_the_offered_boat_on_the_weaker_current() -> None:
    """Rule: "board" piles the waiting pirate into the offered boat on the weaker current (it
    drifts back least), the lowest-numbered of those; "stay" keeps him on the ford."""
    engine = get_game("flusspiraten")
    seen = 0
    for asked, name, question in _river_asked_states(16):
        if question != "pile" or (state := _with_a_boat_across(asked)) is None:
            continue
        seen += 1
        view = engine.view(state, name)
        offered = view["step"]["boats"]
        current = {b: CURRENT[RIVER_INDEX[view["boats"][str(b)]["at"]]] for b in offered}
        weakest = min(b for b in current if current[b] == min(current.values()))
        move = river.answer(view, name, {"pile": "board"})
        assert move == {"type": "pile", "boat": weakest}
        assert move in engine.legal_moves(state, name)
        assert river.answer(view, name, {"pile": "stay"}) == {"type": "stay"}
    assert seen >= 5


def test_the_deploy_answer_keeps_its_pirates_on_the_left_start() -> None:
    """Rule: a deploy answer of left n puts n pirates on SL and the rest on SR (§2)."""
    engine = get_game("flusspiraten")
    state = engine.start(NAMES, {"turntable_roll": 1})
    for left, name in zip((0, 2, 5), NAMES, strict=True):
        view = engine.view(state, name)
        assert river.question(view, name) == "deploy"
        state = engine.apply(state, name, river.answer(view, name, {"left": left}))
        assert (state_view := engine.view(state, name)["players"][name])["SL"] == left
        assert state_view["SR"] == 5 - left


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
    for bad in ({"left": 6}, {"left": -1}, {"left": True}, {"left": "3"}, {"left": 2, "x": 1}):
        assert river.rule_error("deploy", bad) is not None
    assert river.rule_error("pile", {"pile": "jump"}) is not None
    assert river.rule_error("pile", {"pile": "board", "boat": 3}) is not None
    assert river.rule_error("path", {"path": "nearest"}) is not None
    assert river.rule_error("path", {"path": "furthest", "turn": True}) is not None
    assert river.rule_error("path", ["furthest"]) is not None
