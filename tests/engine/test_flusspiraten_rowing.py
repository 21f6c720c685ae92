"""Flußpiraten rowing: alone, from the harbour, the rowing test, moving forward and pushing
(rules §4; [F4]–[F6], [F9]–[F11], [F14], [F15], [F18], [F25]–[F28]).
"""

from __future__ import annotations

import pytest
from flusspiraten_positions import at, banks, crew, paths, play, position, step

from engine import flusspiraten as game
from engine.base import IllegalMove

ROW1 = {"type": "row", "boat": 1}


def test_rowing_alone_an_odd_roll_moves_forward_and_an_even_roll_drifts():
    """§4: odd rows forward that many points; even drifts with the current (I5: 1)."""
    state = play(position(boats={1: ("I5", "A")}), "A", ROW1, [1])
    assert step(state)["kind"] == "path" and sorted(paths(state)) == [["I6"], ["O5"]]
    assert step(state) == {
        "kind": "path", "turn": "A", "player": "A", "boat": 1, "from": None, "points": 1,
    }  # fmt: skip
    state = play(position(boats={1: ("I5", "A")}), "A", ROW1, [4])
    assert at(state, 1) == "I4" and step(state)["turn"] == "B"


def test_a_harbour_boat_leaves_only_with_two_pirates():
    """§3: a boat in the harbour may leave only with two pirates."""
    with pytest.raises(IllegalMove) as error:
        play(position(boats={1: ("H1", "A")}, walkers={"A": ["SL"]}), "A", ROW1, [3, 3])
    assert error.value.code == "harbour_needs_two"


def test_leaving_the_harbour_goes_straight_up_a_lane_of_the_helmsmans_choice_with_his_wish():
    """§4, [F4], [F9], [F14]: highest odd roll, either lane; partner asked only after true."""
    state = play(position(boats={1: ("H1", "AB")}), "A", ROW1, [4, 3])
    assert sorted(paths(state)) == [["I1", "I2", "I3"]] * 2 + [["O1", "O2", "O3"]] * 2
    assert {m["turn"] for m in game.legal_moves(state)} == {True, False}
    no_wish = play(state, "A", {"type": "path", "steps": ["O1", "O2", "O3"], "turn": False})
    assert at(no_wish, 1) == "O3" and step(no_wish)["turn"] == "B"
    wish = play(state, "A", {"type": "path", "steps": ["I1", "I2", "I3"], "turn": True})
    assert step(wish) == {"kind": "wish", "turn": "A", "player": "B", "boat": 1}
    assert play(wish, "B", {"type": "wish", "turn": True}).turntable == 2
    assert play(wish, "B", {"type": "wish", "turn": False}).turntable == 1
    with pytest.raises(IllegalMove) as error:
        play(wish, "B", {"type": "wish", "turn": "yes"})
    assert error.value.code == "bad_wish"


def test_the_turntable_turns_from_seven_back_to_zero():
    """§1: one space clockwise from 7 is 0."""
    state = play(position(boats={1: ("H1", "AB")}, turntable=7), "A", ROW1, [1, 1])
    state = play(state, "A", {"type": "path", "steps": ["I1"], "turn": True})
    assert play(state, "B", {"type": "wish", "turn": True}).turntable == 0


def test_a_departure_without_an_odd_roll_stays_and_the_turn_ends_normally():
    """[F27]: no odd roll, the boat stays; the [F3] drift still happens."""
    state = position(boats={1: ("H1", "AB"), 2: ("I5", "A")})
    state = play(state, "A", ROW1, [2, 6])
    assert (at(state, 1), at(state, 2), step(state)["turn"]) == ("H1", "I4", "B")


def test_a_departure_must_reach_the_roll_if_either_lane_allows_it():
    """[F9]: the own-pirate push limit closes the inner lane; the outer one reaches 5."""
    state = play(position(boats={1: ("H1", "AB"), 2: ("I1", "A")}), "A", ROW1, [5, 2])
    assert paths(state) == [["O1", "O2", "O3", "O4", "O5"]] * 2


def test_a_departure_otherwise_goes_as_far_as_the_longest_move_in_either_lane():
    """[F9]: inner reaches 1, outer 2: only the outer two spaces are legal."""
    state = position(boats={1: ("H1", "AB"), 2: ("I2", "AC"), 3: ("O3", "AC")})
    assert paths(play(state, "A", ROW1, [5, 5])) == [["O1", "O2"]] * 2


def test_a_departure_that_can_enter_neither_lane_stays_and_nobody_wishes():
    """[F9], record format: the boat stays in the harbour without a path or a wish."""
    state = position(boats={1: ("H1", "AB"), 2: ("I1", "AC"), 3: ("O1", "AC")})
    state = play(state, "A", ROW1, [3, 1])
    assert at(state, 1) == "H1" and step(state) == {"kind": "announce", "turn": "B"}


def test_a_departure_pushes_boats_ahead_of_it():
    """[F9]: it pushes as in §4."""
    state = play(position(boats={1: ("H1", "AB"), 2: ("I1", "C")}), "A", ROW1, [1, 2])
    state = play(state, "A", {"type": "path", "steps": ["I1"], "turn": False})
    assert (at(state, 1), at(state, 2)) == ("I1", "I2")


def test_a_river_boat_with_two_pirates_asks_both_for_a_sealed_choice_helmsman_first():
    """§4, [F5], [F28]: a test, to_move [helmsman, partner] from the player whose turn it is."""
    state = play(position(boats={1: ("I5", "AB")}, turn="B"), "B", ROW1)
    assert game.to_move(state) == ["B", "A"]
    assert step(state) == {
        "kind": "choose", "turn": "B", "boat": 1, "helmsman": "B", "partner": "A",
        "chosen": [], "choices": {},
    }  # fmt: skip


def test_a_rower_may_choose_first_and_not_twice_and_the_choice_stays_sealed():
    """[F5], [F18], §8: either may choose first; the first choice is in no one else's view."""
    state = play(position(boats={1: ("I5", "AB")}), "A", ROW1)
    state = play(state, "B", {"type": "choose", "choice": "club"})
    assert game.to_move(state) == ["A"] and game.legal_moves(state, "B") == []
    with pytest.raises(IllegalMove) as error:
        play(state, "B", {"type": "choose", "choice": "die"})
    assert error.value.code == "not_your_turn"
    assert step(state)["chosen"] == ["B"] and step(state)["choices"] == {"B": "club"}
    assert game.view(state, "B")["step"]["choices"] == {"B": "club"}
    for reader in ("A", "C", None):
        seen = game.view(state, reader)
        assert seen["step"]["choices"] == {} and "club" not in str(seen)
    with pytest.raises(IllegalMove) as error:
        play(state, "A", {"type": "choose", "choice": "knife"})
    assert error.value.code == "bad_choice"


# (helmsman, partner, roll, who is left in the boat, where the boat is, overboard to L5, next step)
TABLE = [
    ("die", "die", [3, 2], ["A", "B"], "I5", [], ("path", "A", 3)),
    ("die", "die", [2, 4], ["A", "B"], "I4", [], None),
    ("die", "empty", None, ["B"], "I4", ["A"], None),
    ("die", "club", [5], ["A"], "I5", ["B"], ("path", "A", 5)),
    ("die", "club", [6], ["A"], "I4", ["B"], None),
    ("empty", "die", None, ["A"], "I4", ["B"], None),
    ("empty", "empty", None, ["A", "B"], "I4", [], None),
    ("empty", "club", None, ["B"], "I4", ["A"], None),
    ("club", "die", [1], ["B"], "I5", ["A"], ("path", "B", 1)),
    ("club", "die", [2], ["B"], "I4", ["A"], None),
    ("club", "empty", None, ["A"], "I4", ["B"], None),
    ("club", "club", None, [], "H1", ["A", "B"], None),
]


@pytest.mark.parametrize(
    ("helmsman", "partner", "roll", "left", "where", "overboard", "then"), TABLE
)
@pytest.mark.parametrize("first", ["A", "B"])
def test_every_cell_of_the_rowing_test_table(
    helmsman, partner, roll, left, where, overboard, then, first
):
    """§4's table [F5], [F6], [F10], [F11], [F18], [F25]: who goes overboard (onto L5, before
    the drift), who rows with which dice, and where the boat ends, whoever chose first.
    """
    state = play(position(boats={1: ("I5", "AB")}), "A", ROW1)
    choice = {"A": helmsman, "B": partner}
    second = "B" if first == "A" else "A"
    state = play(state, first, {"type": "choose", "choice": choice[first]})
    needed = game.rolls_needed(state, {"type": "choose", "choice": choice[second]})
    assert needed == (len(roll) if roll else 0)
    state = play(state, second, {"type": "choose", "choice": choice[second]}, roll)
    assert crew(state, 1) == left and at(state, 1) == where
    assert [p for p in "AB" if banks(state, p) == ["L5"]] == overboard
    if then is None:
        assert step(state) == {"kind": "announce", "turn": "B"}
    else:
        kind, rower, points = then
        assert (step(state)["kind"], step(state)["player"], step(state)["points"]) == then
        assert game.to_move(state) == [rower]


def test_the_dice_of_the_second_choice_are_checked():
    """Dice table: the first choice carries none, the second what its cell rolls."""
    state = play(position(boats={1: ("I5", "AB")}), "A", ROW1)
    with pytest.raises(IllegalMove) as error:
        play(state, "A", {"type": "choose", "choice": "die"}, [3])
    assert error.value.code == "unexpected_roll"
    state = play(state, "B", {"type": "choose", "choice": "die"})
    for roll, code in ((None, "missing_roll"), ([3], "bad_roll"), ([3, 7], "bad_roll"),
                       ([True, 3], "bad_roll")):  # fmt: skip
        with pytest.raises(IllegalMove) as error:
            play(state, "A", {"type": "choose", "choice": "die"}, roll)
        assert error.value.code == code
    with pytest.raises(IllegalMove) as error:
        play(state, "A", {"type": "choose", "choice": "empty"}, [3])
    assert error.value.code == "unexpected_roll"


def test_after_club_against_die_the_partner_rows_with_his_own_push_limit():
    """[F10]: the partner rows; the push limit is about his pirates, not the helmsman's."""
    state = position(boats={1: ("I5", "AB"), 2: ("I6", "B"), 3: ("O5", "AC")})
    state = play(state, "A", ROW1)
    state = play(state, "A", {"type": "choose", "choice": "club"})
    state = play(state, "B", {"type": "choose", "choice": "die"}, [1])
    assert at(state, 1) == "O5" and at(state, 3) == "O6"


def test_a_river_path_may_not_touch_a_space_twice_or_its_start():
    """§4: up or across each point, never its start space or a space twice."""
    state = play(position(boats={1: ("I3", "A")}), "A", ROW1, [3])
    assert sorted(paths(state)) == [
        ["I4", "I5", "I6"], ["I4", "I5", "O5"], ["I4", "O4", "O5"],
        ["O3", "O4", "I4"], ["O3", "O4", "O5"],
    ]  # fmt: skip


def test_entering_an_occupied_space_pushes_the_whole_chain_ahead_one_space():
    """§4: the entered boat and the boats directly ahead of it in its lane move one space on."""
    state = position(boats={1: ("I3", "A"), 2: ("I4", "B"), 3: ("I5", "C"), 4: ("I7", "C")})
    state = play(state, "A", ROW1, [1])
    state = play(state, "A", {"type": "path", "steps": ["I4"]})
    assert [at(state, b) for b in (1, 2, 3, 4)] == ["I4", "I5", "I6", "I7"]


def test_a_push_is_not_allowed_when_a_pushed_boat_holds_a_pirate_of_the_rower():
    """§4: the own-pirate limit anywhere in the chain; the single remaining path is applied."""
    state = position(boats={1: ("I3", "A"), 2: ("I4", "B"), 3: ("I5", "CA")})
    state = play(state, "A", ROW1, [1])
    assert at(state, 1) == "O3" and at(state, 2) == "I4"


def test_when_no_path_uses_every_point_the_longest_one_is_required():
    """§4, [F26]: own pirates ahead in both lanes: one point is used, the rest is lost."""
    state = position(boats={1: ("I4", "A"), 2: ("I5", "AB"), 3: ("O5", "AC")})
    state = play(state, "A", ROW1, [5])
    assert at(state, 1) == "O4" and step(state)["turn"] == "B"


def test_a_boat_that_cannot_move_at_all_stays_without_a_path_move():
    """Record format: the empty path is the single legal path."""
    state = position(boats={1: ("I4", "A"), 2: ("I5", "AB"), 3: ("O4", "AC"), 4: ("O5", "AC")})
    state = play(state, "A", ROW1, [3])
    assert at(state, 1) == "I4" and step(state)["turn"] == "B"


def test_a_path_into_the_source_counts_as_using_every_point():
    """[F15], [F26]: short paths into the source and full paths elsewhere are all legal."""
    state = play(position(boats={1: ("I16", "A")}), "A", ROW1, [3])
    assert sorted(paths(state)) == [
        ["I17", "O17", "source"], ["I17", "source"], ["O16", "O17", "I17"],
        ["O16", "O17", "source"],
    ]  # fmt: skip
    with pytest.raises(IllegalMove) as error:
        play(state, "A", {"type": "path", "steps": ["I17"]})
    assert error.value.code == "illegal_path"


def test_a_path_into_the_source_takes_a_point_for_each_step_it_makes():
    """§4, [F26]: entering the source is one more step, so it must be within the roll too."""
    state = play(position(boats={1: ("I16", "A")}), "A", ROW1, [1])
    assert sorted(paths(state)) == [["I17"], ["O16"]]
    for steps in (["I17", "source"], ["I17", "O17", "source"], ["O16", "O17", "source"]):
        with pytest.raises(IllegalMove) as error:
            play(state, "A", {"type": "path", "steps": steps})
        assert error.value.code == "illegal_path"
