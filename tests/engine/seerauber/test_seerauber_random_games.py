"""Properties of random legal Seeräuber games (3–5 players).

In 40 games drawn by hypothesis (derandomized) and three pinned ones: no
exception, every listed move applies and nothing else does, the input state is
never changed, the pirates are conserved (5 per player, each free or in exactly
one stack), stacks never exceed 9 pirates, the game always ends, and replaying
the record rebuilds the same state. 240 more games are played in place to
their end, and 30 with the bot. The drawn games and the games in place each
cover every player count and both ends, the last ship and the deadlock, and
assert that they did. Malformed moves and records only ever raise
:class:`IllegalMove`.

Those numbers are the ``ci`` profile's; ``dev`` draws a tenth of the examples
and plays 10 games with the bot (``conftest.py``), and the same 240 in place.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from random_play import examples
from seerauber_play import PLAYERS, game, random_game, record

from engine.base import IllegalMove
from engine.record import RecordError, replay
from engine.seerauber import (
    apply,
    apply_in_place,
    board,
    legal_moves,
    new_setup,
    start,
    summary,
    to_move,
)
from engine.seerauber.state import State

REPRODUCIBLE = settings(
    derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
MAX_MOVES = 2000
"""No game comes near this: each boarding frees pirates and 15 boardings end it."""


def check_table(state: State) -> None:
    """Pirates are conserved and every stack is named by its top pirate and holds at most 9."""
    seen = summary(state)
    where: Counter[str] = Counter()
    for name, info in seen["players"].items():
        where.update(info["free"])
        colour = board.COLOURS[state.players.index(name)]
        assert all(p[0] == colour for p in info["free"])
    for name, stack in seen["table"]["stacks"].items():
        assert 2 <= len(stack["pirates"]) <= board.MAX_STACK
        assert stack["pirates"][-1] == name
        assert stack["captain"] == state.players[board.owner(name)]
        where.update(stack["pirates"])
    everyone = [p for seat in range(len(state.players)) for p in board.pirates_of(seat)]
    assert where == Counter(everyone)
    assert (
        len(seen["table"]["display"])
        + seen["table"]["deck"]
        + sum(len(ships) for ships in seen["table"]["boarded"].values())
        == 15
    )


def near_misses(state: State, player: str, rng: random.Random) -> list[dict[str, Any]]:
    """Moves close to legal ones: other pirates, ships and booty, and the other move types."""
    seats = len(state.players)
    pirates = [p for seat in range(seats) for p in board.pirates_of(seat)]
    return [
        {"type": "stack", "piece": rng.choice(pirates), "onto": rng.choice(pirates)},
        {"type": "board", "stack": rng.choice(pirates), "ship": rng.choice(board.SHIP_NAMES)},
        {
            "type": "board",
            "stack": rng.choice(pirates),
            "ship": rng.choice(state.display or ["S01"]),
            "booty": rng.choice(board.BOOTY),
        },
        {"type": "mutiny", "stack": rng.choice(pirates)},
        {"type": "no_mutiny"},
        {"type": "pass"},
    ]


def canonical(move: dict[str, Any], state: State) -> dict[str, Any]:
    """A board move on a one-kind card as the legal list writes it (with its booty)."""
    if move["type"] == "board" and "booty" not in move and move.get("ship") in board.SHIPS:
        kinds = board.SHIPS[move["ship"]].booty
        if len(kinds) == 1:
            return {**move, "booty": kinds[0]}
    return move


STEPS = {"stack", "board", "board choosing the booty", "mutiny", "no_mutiny", "pass"}
"""Every type of move, and boarding a ship of two kinds of booty, which takes a choice."""


def test_a_random_game_applies_every_listed_move_and_refuses_the_rest():
    """Listed moves apply, near misses only when listed, nobody moves out of turn.

    The games cover every player count, both ends and every step in :data:`STEPS`,
    and near misses both refused and applied; the three pinned games cover it
    all by themselves.
    """
    counts: set[int] = set()
    ends: set[str] = set()
    made: set[str] = set()
    near: set[str] = set()

    @settings(REPRODUCIBLE, max_examples=examples(40))
    @given(players=st.integers(3, 5), seed=st.integers(0, 2**32))
    @example(players=3, seed=481)  # the deadlock
    @example(players=4, seed=1)  # the last ship
    @example(players=5, seed=2)  # the last ship
    def each_game(players, seed):
        rng = random.Random(seed)
        names = PLAYERS[:players]
        state = start(names, new_setup(names, rng))
        moves = []
        for _ in range(MAX_MOVES):
            check_table(state)
            legal = legal_moves(state)
            if not legal:
                break
            mover = to_move(state)
            assert len(mover) == 1
            snapshot = copy.deepcopy(state)
            for move in legal:
                apply(state, mover[0], move)
            for move in near_misses(state, mover[0], rng):
                try:
                    apply(state, mover[0], move)
                except IllegalMove:
                    assert canonical(move, state) not in legal
                    near.add("refused")
                else:
                    assert canonical(move, state) in legal
                    near.add("applied")
            for other in names:
                if other != mover[0]:
                    assert legal_moves(state, other) == []
                    try:
                        apply(state, other, legal[0])
                    except IllegalMove as error:
                        assert error.code == "not_your_turn"
                    else:
                        raise AssertionError(f"{other} moved out of turn")
            assert state == snapshot
            assert legal == sorted(legal, key=lambda m: json.dumps(m, sort_keys=True))
            assert (legal == [{"type": "pass"}]) == any(m["type"] == "pass" for m in legal)
            move = rng.choice(legal)
            made.add(move["type"])
            if move["type"] == "board" and len(board.SHIPS[move["ship"]].booty) > 1:
                made.add("board choosing the booty")
            moves.append({"player": mover[0], **move})
            state = apply(state, mover[0], move)
        assert state.over and summary(state)["to_move"] is None
        assert summary(state)["table"]["pending"] is None
        _, replayed = replay(record(names, list(state.deck), moves))
        assert replayed == state
        counts.add(players)
        ends.add(str(state.end_reason))

    each_game()
    assert counts == {3, 4, 5} and ends == {"last_ship", "deadlock"}
    assert made == STEPS and near == {"refused", "applied"}


def test_random_games_end_with_pirates_conserved():
    """Games of random moves made in place end, with every pirate on the table or free.

    Seeds 0–239 give 80 games for each player count. More than 95% of them
    end when the last ship is boarded, with every player count; some games of
    three end in a deadlock.
    """
    ends: Counter[tuple[int, str]] = Counter()
    for seed in range(240):
        rng = random.Random(seed)
        names = PLAYERS[: 3 + seed % 3]
        state = start(names, new_setup(names, rng))
        for _ in range(MAX_MOVES):
            legal = legal_moves(state)
            if not legal:
                break
            apply_in_place(state, to_move(state)[0], rng.choice(legal))
        assert state.over
        check_table(state)
        ends[len(names), str(state.end_reason)] += 1
    last_ship = sum(n for (_, end), n in ends.items() if end == "last_ship")
    assert last_ship > 0.95 * ends.total()
    assert {end for _, end in ends} == {"last_ship", "deadlock"}
    assert set(ends) >= {(3, "last_ship"), (4, "last_ship"), (5, "last_ship"), (3, "deadlock")}


def test_games_played_with_the_bot_always_end():
    """Games in which the bot makes seven moves in ten, the rest at random, end."""
    for seed in range(examples(30)):
        recorded = random_game(3 + seed % 3, seed, bot_share=0.7)
        _, state = replay(recorded)
        assert state.over


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=8,
)
WORDS = ["stack", "board", "mutiny", "no_mutiny", "pass", "R2", "B5", "G?", "S02", "S14",
         "rum", "chest", "Ann", "Ben", True, None, [], ["R2"]]  # fmt: skip
KEYS = ["type", "piece", "onto", "stack", "ship", "booty", "player"]
move_like = (
    st.dictionaries(st.sampled_from(KEYS), st.sampled_from(WORDS) | json_values, max_size=5)
    | json_values
)


FIELDS = {
    "stack": ("piece", "onto"),
    "board": ("stack", "ship", "booty"),
    "mutiny": ("stack",),
    "no_mutiny": (),
    "pass": (),
}
"""The fields each move type reads; the engine ignores any others."""

STACKED = (
    "stack R2 on B2",
    "stack B3 on R2",
    "stack G2 on R3",
    "stack R4 on B3",
    "stack B4 on R4",
    "stack G3 on B4",
    "stack R5 on G2",
    "stack B5 on R5",
)
POSITIONS = (game(), game(*STACKED), game(*STACKED, "mutiny G3"))


@settings(REPRODUCIBLE, max_examples=examples(600))
@given(
    which=st.integers(0, 2), player=st.sampled_from([*PLAYERS, ""]) | json_values, move=move_like
)
def test_any_move_from_anyone_is_applied_or_refused_with_illegal_move(which, player, move):
    state = POSITIONS[which]
    snapshot = copy.deepcopy(state)
    try:
        apply(state, player, move)
    except IllegalMove as error:
        assert error.code and error.message
    else:
        used = {k: v for k, v in move.items() if k == "type" or k in FIELDS[move["type"]]}
        assert canonical(used, state) in legal_moves(state)
    assert state == snapshot


@settings(REPRODUCIBLE, max_examples=examples(300))
@given(players=json_values | st.just(PLAYERS[:3]), setup=json_values, moves=json_values)
def test_a_malformed_record_is_only_ever_refused_with_a_record_error(players, setup, moves):
    try:
        replay({"format": "pbem-record/1", "game": "seerauber", "players": players,
                "setup": setup, "moves": moves})  # fmt: skip
    except RecordError as error:
        assert error.code and error.message
