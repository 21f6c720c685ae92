"""The Flußpiraten board [F1], [F20], [F24], and the built-in bot."""

from __future__ import annotations

import random

from flusspiraten_positions import play, position, step

from engine import flusspiraten as game
from engine.flusspiraten import board


def test_the_board_has_two_lanes_of_seventeen_with_the_currents_of_the_rules():
    """[F1]: inner and outer currents as in the table of §1; the outer current is stronger."""
    assert board.RIVER_NAMES[0] == "I1" and board.RIVER_NAMES[33] == "O17"
    assert board.CURRENT[:17] == (1, 1, 2, 1, 1, 2, 1, 1, 2, 1, 1, 2, 1, 2, 1, 2, 2)
    assert board.CURRENT[17:] == (2, 2, 3, 2, 2, 3, 2, 3, 2, 2, 3, 2, 3, 2, 3, 3, 3)
    assert all(o >= i for i, o in zip(board.CURRENT[:17], board.CURRENT[17:], strict=True))


def test_the_walk_paths_join_the_start_spaces_banks_and_fords():
    """[F1], [F20]: SL–XL–L1…L17, SR–XR–R1…R17, L6–F6–R6, L12–F12–R12; one loop of 16 spaces."""
    names = {name: {board.WALK_NAMES[n] for n in board.NEIGHBOURS[i]}
             for i, name in enumerate(board.WALK_NAMES)}  # fmt: skip
    assert names["SL"] == {"XL"} and names["XL"] == {"SL", "L1"} and names["L17"] == {"L16"}
    assert names["F6"] == {"L6", "R6"} and names["F12"] == {"L12", "R12"}
    assert names["L6"] == {"L5", "L7", "F6"} and names["R12"] == {"R11", "R13", "F12"}
    loop = [f"L{p}" for p in range(6, 13)] + ["F12"] + [f"R{p}" for p in range(12, 5, -1)] + ["F6"]
    assert len(loop) == 16
    assert all(b in names[a] for a, b in zip(loop, loop[1:] + loop[:1], strict=True))


def test_there_is_no_rowing_test_in_the_harbour():
    """[F24]: a harbour boat with two pirates leaves by both dice; nobody is asked to choose."""
    state = play(position(boats={1: ("H1", "AB")}), "A", {"type": "row", "boat": 1}, [1, 1])
    assert step(state)["kind"] == "path"


def test_the_bot_is_deterministic_and_cooperates_in_the_rowing_test():
    """Same position, same move; a rower's bot chooses die so the boat moves."""
    state = play(position(boats={1: ("I5", "AB")}), "A", {"type": "row", "boat": 1})
    assert game.bot_move(state, "A") == game.bot_move(state, "A")
    assert game.bot_move(state, "B") == {"type": "choose", "choice": "die"}


def test_the_bot_rows_its_boat_before_walking():
    """The bot rows a boat holding two pirates first, then a lone boat, then walks."""
    state = position(boats={1: ("I5", "A"), 2: ("I3", "AB")}, walkers={"A": ["SL"]})
    assert game.bot_move(state, "A") == {"type": "row", "boat": 2}
    state = position(boats={1: ("I5", "A")}, walkers={"A": ["SL"]})
    assert game.bot_move(state, "A") == {"type": "row", "boat": 1}


def test_the_bot_answers_every_kind_of_step_with_a_legal_move():
    """Every kind of step: the bot's move is listed (games mixed with random play)."""
    kinds = set()
    for seed in range(30):
        rng = random.Random(seed)
        names = ["A", "B", "C", "D", "E", "F"][: 3 + seed % 4]
        state = game.start(names, game.new_setup(names, rng))
        while not state.over:
            player = rng.choice(game.to_move(state))
            move = game.bot_move(state, player)
            legal = game.legal_moves(state, player)
            assert move in legal
            kinds.add(move["type"])
            if rng.random() < 0.3:
                move = rng.choice(legal)
            if dice := game.rolls_needed(state, move):
                move = {**move, "roll": [rng.randint(1, 6) for _ in range(dice)]}
            game.apply_in_place(state, player, move)
    assert kinds >= {"deploy", "walk", "row", "choose", "path", "wish", "pile"}
