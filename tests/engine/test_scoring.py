"""Scoring and victory (rules §8, [D8])."""

from __future__ import annotations

import pytest
from positions import CORNER_LAIRS, CORNERS, fill, position, shared_victory

from engine.freibeuter import result, summary


def test_the_score_counts_chests_and_ship_values_while_the_game_goes_on():
    """§8: the summary's scores are what each player would score if the game ended now."""
    moves = ["board C3-D4", *fill(["C3", "D3", "C4", "D4"])]
    after = summary(position(moves, tiles={"C3-D4": "15/3"}))
    assert not after["over"] and after["winners"] == []
    volker = after["players"]["Volker"]
    assert after["scores"]["Volker"] == volker["chests"] + 15 - 2 * volker["credit"] == 11 + 15


TWO_TENS = [
    "board C3-D4", "board E5-F6", "place C3 draw sea", "place E5 draw sea",
    "place D3 draw sea", "place F5 draw sea", "place C4 draw sea", "place E6 draw sea",
    "place D4 draw sea", "place F6 draw sea",
]  # fmt: skip
"""Volker and Birgit each win a 10/2 that only their own boats surround."""
DOUBLE = fill(["A6", "B6", "A7", "B7"])
"""The double value x2:10 at A6-B7 is surrounded."""


@pytest.mark.parametrize("moves", [TWO_TENS + DOUBLE, DOUBLE + TWO_TENS], ids=["after", "before"])
def test_a_double_value_doubles_every_ship_of_its_value_for_everybody(moves):
    """§5, §8: at scoring, every ship of the doubled value counts double, whoever won it."""
    tiles = {"C3-D4": "10/2", "E5-F6": "10/2", "A6-B7": "x2:10"}
    after = summary(position(moves, players=("Volker", "Birgit"), tiles=tiles))
    assert after["set_aside"]["doubles"] == ["x2:10"]
    assert after["players"]["Volker"]["ships"] == after["players"]["Birgit"]["ships"] == ["10/2"]
    assert after["scores"] == {"Volker": 20 + 2 * 10, "Birgit": 20 + 2 * 10}


def test_equal_highest_scores_share_the_victory_D8():
    """[D8]: two players with the same highest score both win."""
    state = shared_victory()
    after = summary(state)
    assert after["over"] and after["end_reason"] == "last_lair"
    assert after["scores"] == {"Volker": 36, "Birgit": 36}
    assert after["winners"] == ["Volker", "Birgit"]
    assert result(state)["winners"] == ["Volker", "Birgit"]


def test_shared_winners_are_listed_in_seat_order_D8():
    """[D8], docs/record-format.md: winners appear in seat order, the others do not."""
    birgit = iter(fill(["D2", "D3", "D4", "D5", "D6", "B4", "C4", "E4"]))
    moves = []
    for a, b, c, d in CORNERS:
        # Volker and Dieter each put two boats around every lair; Birgit stays away.
        moves += [f"place {a} draw sea", next(birgit), f"place {b} draw sea"]
        moves += [f"place {c} draw sea", next(birgit), f"place {d} draw sea"]
    after = summary(position(moves, tiles=CORNER_LAIRS))
    assert after["over"]
    assert after["scores"] == {"Volker": 36, "Birgit": 20, "Dieter": 36}
    assert after["winners"] == ["Volker", "Dieter"]
