"""Flußpiraten property tests: random 3–6-player games with random dice.

Games are driven by a seeded ``random.Random`` that hypothesis picks
(derandomized, so every run plays the same games). The dice come from that
generator through ``rolls_needed``, as the service rolls them. After every
move: no exception, pirates conserved, boats never share a space, at most one
pirate waits on a ford, and ``to_move``/``legal`` agree. Every listed move
applies; moves that are not listed are refused with :class:`IllegalMove` and
change nothing; malformed input only ever raises :class:`IllegalMove`.

30 random games of 250 moves, and 20 games among bots to their end, are drawn
under the ``ci`` profile, a tenth of them under ``dev`` (``conftest.py``);
each test also plays the games it pins with ``@example``. The random games
cover every player count and every type of move, the games among bots every
player count and both ends they reach (a stalemate, which they never reach,
has its own test), and each test asserts that its sample did.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from random_play import examples

from engine import flusspiraten as game
from engine.base import IllegalMove
from engine.flusspiraten.state import State

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]
SETTINGS = settings(
    derandomize=True,
    deadline=None,
    max_examples=examples(60),
    suppress_health_check=[HealthCheck.too_slow],
)


def with_dice(state: State, move: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    dice = game.rolls_needed(state, move)
    return {**move, "roll": [rng.randint(1, 6) for _ in range(dice)]} if dice else dict(move)


def check_invariants(state: State) -> None:
    summary = game.summary(state)
    for player in summary["players"].values():
        if player["deployed"]:
            pieces = player["SL"] + player["SR"] + len(player["banks"]) + len(player["fords"])
            assert pieces + len(player["boats"]) + player["finished"] == 5
    places = [boat["at"] for boat in summary["boats"].values()]
    assert len(set(places)) == 8
    assert all(len(boat["crew"]) <= 2 for boat in summary["boats"].values())
    fords = [f for player in summary["players"].values() for f in player["fords"]]
    assert len(fords) == len(set(fords))
    assert (summary["step"] is None) == summary["over"] == (summary["to_move"] == [])
    for player in summary["to_move"]:
        assert game.legal_moves(state, player)
    assert game.legal_moves(state) == (
        game.legal_moves(state, summary["to_move"][0]) if summary["to_move"] else []
    )


def random_game(
    seed: int, players: int, moves: int, bots: bool = False, made: set[str] | None = None
) -> State:
    """Play up to ``moves`` moves, checking each position and a few listed and unlisted moves.

    ``made``, if given, collects the type of every move made.
    """
    rng = random.Random(seed)
    names = NAMES[:players]
    state = game.start(names, game.new_setup(names, rng))
    seen: list[dict[str, Any]] = []
    for _ in range(moves):
        if state.over:
            break
        check_invariants(state)
        player = rng.choice(game.to_move(state))
        legal = game.legal_moves(state, player)
        for move in rng.sample(legal, min(3, len(legal))):
            game.apply(state, player, with_dice(state, move, rng))
        listed = {json.dumps(m, sort_keys=True) for m in legal}
        for other in rng.sample(seen, min(3, len(seen))):
            if json.dumps(other, sort_keys=True) not in listed:
                before = game.summary(state)
                try:
                    game.apply(state, player, with_dice(state, other, rng))
                except IllegalMove:
                    pass
                else:
                    raise AssertionError(f"{other} was applied but not listed")
                assert game.summary(state) == before
        seen.extend(legal[:5])
        move = game.bot_move(state, player) if bots else rng.choice(legal)
        assert move in legal
        if made is not None:
            made.add(move["type"])
        state = game.apply(state, player, with_dice(state, move, rng))
    check_invariants(state)
    return state


MOVES = {"deploy", "walk", "row", "pass", "choose", "path", "wish", "pile", "stay"}
"""Every type of move, so every kind of step: deploy, announce, choose, path, wish, pile."""


def test_random_games_keep_every_invariant_and_every_listed_move_applies():
    """No exception; pirates conserved; boats never share a space; listed moves apply.

    The games cover every player count and every type of move; the pinned
    games cover them all by themselves.
    """
    counts: set[int] = set()
    made: set[str] = set()

    @settings(derandomize=True, deadline=None, max_examples=examples(30))
    @given(seed=st.integers(0, 2**32), players=st.integers(3, 6))
    @example(seed=0, players=3)  # a pass
    @example(seed=1, players=4)  # a pile and a stay
    @example(seed=3, players=5)
    @example(seed=2, players=6)
    def each_game(seed, players):
        random_game(seed, players, 250, made=made)
        counts.add(players)

    each_game()
    assert counts == {3, 4, 5, 6} and made == MOVES


def test_games_among_bots_end():
    """The bot rows and cooperates, so games among bots end (within 2,000 moves).

    The games cover every player count and both ends, a score on a red space
    and a fifth pirate in the source; the pinned games cover them by themselves.
    """
    counts: set[int] = set()
    ends: set[str] = set()

    @settings(derandomize=True, deadline=None, max_examples=examples(20))
    @given(seed=st.integers(0, 2**32), players=st.integers(3, 6))
    @example(seed=0, players=3)  # a red space
    @example(seed=1, players=4)  # a red space
    @example(seed=70, players=5)  # a fifth pirate
    @example(seed=3, players=6)  # a red space
    def each_game(seed, players):
        state = random_game(seed, players, 2000, bots=True)
        assert state.over and game.result(state) is not None
        counts.add(players)
        ends.add(str(state.end_reason))

    each_game()
    assert counts == {3, 4, 5, 6} and ends == {"red_space", "fifth_pirate"}


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 40) | st.sampled_from(
        ["SL", "XL", "F6", "L5", "I1", "O17", "source", "boat 1", "die", "club", "walk", "row",
         "path", "pile", "stay", "choose", "deploy", "wish", "pass", "Ann", "Ben"]
    ),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "from", "boat", "roll", "steps", "turn", "evict", "choice",
                         "left"]), inner, max_size=5),
    max_leaves=12,
)  # fmt: skip


@SETTINGS
@given(seed=st.integers(0, 2**16), depth=st.integers(0, 60), move=JSON, player=JSON)
def test_malformed_moves_only_ever_raise_illegal_move(seed, depth, move, player):
    """Any JSON as a move or player: applied only when legal, else IllegalMove; no other error."""
    state = random_game(seed, 4, depth)
    before = game.summary(state)
    for who in (player, *game.to_move(state)):
        try:
            game.apply(state, who, move)  # type: ignore[arg-type]
        except IllegalMove:
            assert game.summary(state) == before
    if isinstance(move, dict):
        assert game.rolls_needed(state, move) in (0, 1, 2)


@SETTINGS
@given(text=st.text(max_size=30))
def test_any_text_parses_to_a_move_or_raises_illegal_move(text):
    """Text notation: anything a player types is a move or bad_notation."""
    try:
        game.parse_move(text)
    except IllegalMove as error:
        assert error.code == "bad_notation"
