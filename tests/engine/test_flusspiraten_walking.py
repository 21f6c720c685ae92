"""Flußpiraten setup, deployment, walking and the fords (rules §2, §3, §6; [F2], [F8], [F13],
[F15]–[F17], [F20], [F21], [F29]).
"""

from __future__ import annotations

import pytest
from flusspiraten_positions import banks, crew, play, position, step

from engine import flusspiraten as game
from engine.base import IllegalMove


def walk_paths(state, player, space, roll):
    state = play(state, player, {"type": "walk", "from": space}, [roll])
    return state, sorted(m["steps"] for m in game.legal_moves(state) if "evict" not in m)


@pytest.mark.parametrize("roll", [1, 2, 3, 4, 5, 6])
def test_the_setup_die_turns_the_turntable_from_zero(roll):
    """§2: the turntable starts on 0 and is turned by the setup's die, so it shows that roll."""
    assert game.start(["A", "B", "C"], {"turntable_roll": roll}).turntable == roll


@pytest.mark.parametrize("roll", [0, 7, True, "3", None, 2.0])
def test_a_setup_roll_outside_one_to_six_or_not_an_integer_is_invalid(roll):
    """Record format: turntable_roll is an integer 1–6 (not a boolean), else invalid_setup."""
    with pytest.raises(IllegalMove) as error:
        game.start(["A", "B", "C"], {"turntable_roll": roll})
    assert error.value.code == "invalid_setup"


def test_every_player_deploys_at_once_in_any_order_then_the_first_seat_begins():
    """[F2], [F21]: deploy is public, in any order, left 0–5; the first seat then announces."""
    state = game.start(["A", "B", "C"], {"turntable_roll": 2})
    assert game.to_move(state) == ["A", "B", "C"]
    state = play(state, "C", {"type": "deploy", "left": 0})
    assert game.to_move(state) == ["A", "B"]
    state = play(state, "A", {"type": "deploy", "left": 5})
    with pytest.raises(IllegalMove) as error:
        play(state, "A", {"type": "deploy", "left": 1})
    assert error.value.code == "not_your_turn"
    state = play(state, "B", {"type": "deploy", "left": 3})
    players = game.summary(state)["players"]
    assert (players["A"]["SL"], players["A"]["SR"], players["C"]["SR"]) == (5, 0, 5)
    assert (players["B"]["SL"], players["B"]["SR"]) == (3, 2)
    assert step(state) == {"kind": "announce", "turn": "A"}


@pytest.mark.parametrize("left", [6, -1, True, "2", None])
def test_a_deploy_outside_zero_to_five_is_refused(left):
    """[F21]: left is an integer from 0 to 5."""
    with pytest.raises(IllegalMove) as error:
        play(
            game.start(["A", "B", "C"], {"turntable_roll": 2}),
            "A",
            {"type": "deploy", "left": left},
        )
    assert error.value.code == "bad_deploy"


def test_a_walk_goes_exactly_the_roll_either_way_and_never_steps_back():
    """§3, [F20]: exactly the roll, along the paths in either direction, never reversing."""
    _, paths = walk_paths(position(walkers={"A": ["L3"]}), "A", "L3", 2)
    assert paths == [["L2", "L1"], ["L4", "L5"]]


def test_a_walk_may_go_back_past_XL_to_SL():
    """[F20]: walking back to XL and even to SL is allowed."""
    _, paths = walk_paths(position(walkers={"A": ["L1"]}), "A", "L1", 2)
    assert ["XL", "SL"] in paths


def test_a_walk_with_one_way_is_carried_out_without_asking():
    """[F15], record format: a single legal path is applied at once (Dieter's walk of 1)."""
    state = play(position(walkers={"A": ["SL"]}), "A", {"type": "walk", "from": "SL"}, [1])
    assert banks(state, "A") == ["XL"]
    assert step(state) == {"kind": "announce", "turn": "B"}


def test_stepping_from_XL_into_a_harbour_boat_counts_one_space_and_ends_the_walk():
    """§3: ["XL", "boat N"] for any roll of 2 or more from SL; each side reaches every berth."""
    state, paths = walk_paths(position(walkers={"A": ["SL"]}), "A", "SL", 5)
    assert ["XL", "boat 1"] in paths and ["XL", "boat 8"] in paths
    state = play(state, "A", {"type": "path", "steps": ["XL", "boat 3"]})
    assert crew(state, 3) == ["A"]
    _, paths = walk_paths(position(walkers={"A": ["XR"]}), "A", "XR", 1)
    assert ["boat 1"] in paths


def test_a_pirate_may_not_enter_a_boat_with_his_colour_or_a_full_one():
    """§3: no boat holding a pirate of his colour, no full boat (two seats)."""
    state = position(boats={1: ("H1", "A"), 2: ("H2", "BC"), 3: ("H3", "B")}, walkers={"A": ["XL"]})
    _, paths = walk_paths(state, "A", "XL", 1)
    assert ["boat 1"] not in paths and ["boat 2"] not in paths and ["boat 3"] in paths


def test_piling_in_at_a_ford_needs_the_exact_count_and_costs_no_point():
    """§6, [F8]: ["L5", "L6", "F6", "boat N"] with a roll of 3 from L4; not when passing through."""
    state = position(boats={2: ("I6", "B")}, walkers={"A": ["L4", "L5"]})
    after, paths = walk_paths(state, "A", "L4", 3)
    assert ["L5", "L6", "F6", "boat 2"] in paths
    after = play(after, "A", {"type": "path", "steps": ["L5", "L6", "F6", "boat 2"]})
    assert crew(after, 2) == ["A", "B"]
    _, paths = walk_paths(state, "A", "L5", 3)
    assert not any("boat 2" in p for p in paths)


def test_a_walker_ending_on_a_ford_evicts_the_waiting_pirate_to_any_bank_space():
    """§6, [F16]: compulsory eviction to L1–L17/R1–R17 only; evict is refused when nobody waits."""
    state = play(
        position(walkers={"A": ["L4"], "C": ["F6"]}), "A", {"type": "walk", "from": "L4"}, [3]
    )
    move = {"type": "path", "steps": ["L5", "L6", "F6"]}
    for bad in (move, {**move, "evict": "XL"}, {**move, "evict": "F12"}, {**move, "evict": "SR"}):
        with pytest.raises(IllegalMove) as error:
            play(state, "A", bad)
        assert error.value.code == "illegal_path"
    evictions = [m["evict"] for m in game.legal_moves(state) if "evict" in m]
    assert len(evictions) == 34 and "R17" in evictions and "L1" in evictions
    after = play(state, "A", {**move, "evict": "R3"})
    assert game.summary(after)["players"]["A"]["fords"] == ["F6"]
    assert banks(after, "C") == ["R3"]
    state = play(position(walkers={"A": ["L1"]}), "A", {"type": "walk", "from": "L1"}, [2])
    with pytest.raises(IllegalMove):
        play(state, "A", {"type": "path", "steps": ["L2", "L3"], "evict": "R3"})


def test_the_eviction_is_compulsory_even_for_the_walkers_own_pirate():
    """[F16]: the walker's own waiting pirate is moved too."""
    state = play(position(walkers={"A": ["L4", "F6"]}), "A", {"type": "walk", "from": "L4"}, [3])
    after = play(state, "A", {"type": "path", "steps": ["L5", "L6", "F6"], "evict": "L17"})
    player = game.summary(after)["players"]["A"]
    assert (player["fords"], player["banks"]) == (["F6"], ["L17"])


def test_a_waiter_may_pile_into_a_boat_that_ended_its_move_at_the_ford():
    """§6, [F7], [F13]: after the drift, the waiter may pile into a boat that moved there."""
    state = position(boats={1: ("I7", "A")}, walkers={"B": ["F6"]})
    state = play(state, "A", {"type": "row", "boat": 1}, [2])
    assert step(state) == {"kind": "pile", "turn": "A", "player": "B", "ford": "F6", "boats": [1]}
    assert game.to_move(state) == ["B"]
    assert game.legal_moves(state) == [{"boat": 1, "type": "pile"}, {"type": "stay"}]
    piled = play(state, "B", {"type": "pile", "boat": 1})
    assert crew(piled, 1) == ["A", "B"] and step(piled)["turn"] == "B"
    stayed = play(state, "B", {"type": "stay"})
    assert game.summary(stayed)["players"]["B"]["fords"] == ["F6"]


def test_a_boat_that_stood_at_the_ford_and_did_not_move_does_not_qualify():
    """[F13]: only boats whose space changed during the turn count; F6 is asked before F12."""
    state = position(
        boats={1: ("O6", "C"), 2: ("I7", "A"), 3: ("I13", "A")},
        walkers={"A": ["SL"], "B": ["F6"], "C": ["F12"]},
    )
    state = play(state, "A", {"type": "walk", "from": "SL"}, [1])
    assert step(state)["ford"] == "F6" and step(state)["boats"] == [2]
    state = play(state, "B", {"type": "stay"})
    assert step(state)["ford"] == "F12" and step(state)["player"] == "C"
    assert step(state)["boats"] == [3]


def test_pass_is_the_only_move_when_every_pirate_sits_alone_in_a_harbour_boat():
    """[F17]: pass is legal only then, and illegal otherwise."""
    state = position(boats={1: ("H1", "A")}, walkers={"B": ["SL"]})
    assert game.legal_moves(state) == [{"type": "pass"}]
    state = play(state, "A", {"type": "pass"})
    with pytest.raises(IllegalMove) as error:
        play(state, "B", {"type": "pass"})
    assert error.value.code == "cannot_pass"


def test_the_game_ends_in_a_stalemate_when_nobody_can_announce():
    """[F29]: every pirate alone in a harbour boat: the game ends at once, highest score wins."""
    state = position(
        boats={2: ("H2", "B"), 3: ("H3", "C")}, walkers={"A": ["XL"]}, scores={"A": 3, "B": 5}
    )
    state = play(state, "A", {"type": "walk", "from": "XL"}, [1])
    state = play(state, "A", {"type": "path", "steps": ["boat 4"]})
    summary = game.summary(state)
    assert summary["over"] and summary["end_reason"] == "stalemate"
    assert (summary["winners"], summary["to_move"], summary["step"]) == (["B"], [], None)
    assert game.legal_moves(state) == []
    with pytest.raises(IllegalMove) as error:
        play(state, "B", {"type": "pass"})
    assert error.value.code == "game_over"
