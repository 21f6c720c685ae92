"""Flußpiraten drifting, the source, scoring and the end of the game
(rules §5, §7; [F3], [F11], [F12], [F19], [F22], [F23]).
"""

from __future__ import annotations

from flusspiraten_positions import at, crew, play, position

from engine import flusspiraten as game

ROW1 = {"type": "row", "boat": 1}
WALK = {"type": "walk", "from": "SL"}


def test_a_drifting_boat_moves_back_in_its_lane_by_the_current_of_its_start_space():
    """§5: I3 has current 2, O3 has 3."""
    state = play(position(boats={1: ("I3", "A")}), "A", ROW1, [2])
    assert at(state, 1) == "I1"
    state = play(position(boats={1: ("O6", "A")}), "A", ROW1, [6])
    assert at(state, 1) == "O3"


def test_a_drifting_boat_stops_behind_a_boat_in_its_way_without_pushing():
    """§5: it does not push; it stops behind the boat."""
    state = play(position(boats={1: ("I3", "A"), 2: ("I1", "B")}), "A", ROW1, [2])
    assert (at(state, 1), at(state, 2)) == ("I2", "I1")


def test_drifting_below_position_one_puts_the_boat_on_the_lowest_free_berth():
    """§5, [F11]: H1 is taken by boat 2, so boat 1 from O2 (current 2) takes H2."""
    state = play(position(boats={1: ("O2", "A"), 2: ("H1", "")}), "A", ROW1, [4])
    assert (at(state, 1), crew(state, 1)) == ("H2", ["A"])


def test_the_movers_lone_boats_drift_at_the_end_of_his_turn_lowest_first_inner_first():
    """[F3], [F12]: I2 drifts first (to I1), so I3 (current 2) stops behind it on I2.
    Boats with two pirates and other players' lone boats do not drift.
    """
    state = position(
        boats={2: ("I2", "A"), 3: ("I3", "A"), 4: ("I9", "AB"), 5: ("I12", "B")},
        walkers={"A": ["SL"]},
    )
    state = play(state, "A", WALK, [1])
    assert [at(state, b) for b in (2, 3, 4, 5)] == ["I1", "I2", "I9", "I12"]


def test_the_boat_he_rowed_does_not_drift_again_at_the_end_of_his_turn():
    """[F3], [F12]: the rowed boat's own drift is part of the row; his other lone boat drifts."""
    state = position(boats={1: ("I5", "A"), 2: ("I9", "A")})
    state = play(state, "A", ROW1, [1])
    state = play(state, "A", {"type": "path", "steps": ["I6"]})
    assert (at(state, 1), at(state, 2)) == ("I6", "I7")


def test_the_end_of_turn_drift_concerns_the_player_whose_turn_it_is():
    """[F10]: after club/die the partner rowed, but the helmsman's lone boats drift."""
    state = position(boats={1: ("I5", "AB"), 2: ("I9", "A"), 3: ("I12", "B")})
    state = play(state, "A", ROW1)
    state = play(state, "A", {"type": "choose", "choice": "club"})
    state = play(state, "B", {"type": "choose", "choice": "die"}, [2])
    assert [at(state, b) for b in (1, 2, 3)] == ["I4", "I7", "I12"]


def test_a_boat_entering_the_source_scores_the_turntable_and_returns_to_a_berth():
    """§7, [F11]: each pirate scores the value, leaves the game, the turntable turns once."""
    state = play(position(boats={1: ("I17", "A")}, turntable=4), "A", ROW1, [1])
    state = play(state, "A", {"type": "path", "steps": ["source"]})
    summary = game.summary(state)
    assert summary["scores"]["A"] == 4 and summary["players"]["A"]["finished"] == 1
    assert (summary["turntable"], at(state, 1), crew(state, 1)) == (5, "H1", [])


def test_both_owners_score_and_the_turntable_turns_once_for_the_boat():
    """[F23]: two pirates in the boat: both score the same value, one turn of the table."""
    state = position(boats={1: ("I17", "AB")}, turntable=6)
    state = play(state, "A", ROW1)
    state = play(state, "A", {"type": "choose", "choice": "die"})
    state = play(state, "B", {"type": "choose", "choice": "die"}, [1, 4])
    state = play(state, "A", {"type": "path", "steps": ["source"]})
    summary = game.summary(state)
    assert summary["scores"] == {"A": 6, "B": 6, "C": 0} and summary["turntable"] == 7


def test_a_pushed_boat_entering_the_source_scores_before_the_pushing_boat_goes_on():
    """[F23], [F11]: boat 2 pushed from I17 scores 3 (berth H1); then boat 1 scores 4 (H2)."""
    state = position(boats={1: ("I16", "A"), 2: ("I17", "BC")}, turntable=3)
    state = play(state, "A", ROW1, [3])
    state = play(state, "A", {"type": "path", "steps": ["I17", "source"]})
    summary = game.summary(state)
    assert summary["scores"] == {"A": 4, "B": 3, "C": 3} and summary["turntable"] == 5
    assert (at(state, 2), at(state, 1)) == ("H1", "H2")


def test_a_score_reaching_a_red_space_ends_the_game_at_once():
    """§7: 18 and above is red; to_move and legal are empty, step null, the highest wins."""
    state = position(boats={1: ("I17", "A")}, turntable=3, scores={"A": 15, "B": 17})
    state = play(state, "A", ROW1, [1])
    state = play(state, "A", {"type": "path", "steps": ["source"]})
    summary = game.summary(state)
    assert summary["over"] and summary["end_reason"] == "red_space"
    assert (summary["winners"], summary["to_move"], summary["step"]) == (["A"], [], None)
    assert game.result(state) == {
        "winners": ["A"], "scores": {"A": 18, "B": 17, "C": 0}, "reason": "red_space",
    }  # fmt: skip


def test_a_fifth_pirate_reaching_the_source_by_another_players_push_ends_the_game():
    """[F19], [F22]: the game ends on the push; the rest of A's path and his drift are skipped."""
    state = position(
        boats={1: ("I16", "A"), 2: ("I17", "C"), 3: ("I9", "A")},
        turntable=2,
        finished={"C": 4},
        scores={"A": 9},
    )
    state = play(state, "A", ROW1, [3])
    state = play(state, "A", {"type": "path", "steps": ["I17", "source"]})
    summary = game.summary(state)
    assert summary["over"] and summary["end_reason"] == "fifth_pirate"
    assert summary["players"]["C"]["finished"] == 5 and summary["scores"]["A"] == 9
    assert (at(state, 1), at(state, 3), summary["winners"]) == ("I17", "I9", ["A"])


def test_equal_top_scores_share_the_victory_in_seat_order():
    """§7: equal scores share the victory; winners are listed in seat order."""
    state = position(boats={1: ("I17", "C")}, turn="C", turntable=2, scores={"A": 18, "C": 16})
    state = play(state, "C", ROW1, [1])
    state = play(state, "C", {"type": "path", "steps": ["source"]})
    assert game.summary(state)["winners"] == ["A", "C"]
