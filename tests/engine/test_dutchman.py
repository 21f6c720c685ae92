"""The Flying Dutchman (rules §3c, [D3]): on its card's line, on an empty field, only to surround.

In most tests Volker boards the ship C3-D4 and the fields C3, D3 and C4 are
filled, so that the Flying Dutchman on D4 (row 4, column D) surrounds it.
"""

from __future__ import annotations

import pytest
from positions import chests, play, player, position

from engine.base import IllegalMove
from engine.freibeuter import legal_moves, summary

OPENING = ["board C3-D4", "place C3 draw sea", "place D3 draw sea", "place C4 draw sea"]
DUTCHMAN = "dutchman row 4 D4 draw sea"


def surround_ready(tile: str = "15/3"):
    """Birgit to move, holding row 4, with C3-D4 waiting for its fourth occupant on D4."""
    opening = OPENING if tile != "lair" else ["place G7 draw sea", *OPENING[1:]]
    return position(opening, then=[DUTCHMAN], tiles={"C3-D4": tile})


def rejected(state, text: str) -> IllegalMove:
    with pytest.raises(IllegalMove) as error:
        play(state, text)
    return error.value


@pytest.mark.parametrize(
    "move, where, line",
    [("dutchman row 4 C3 draw sea", "C3", "row 4"), ("dutchman row 4 D3 draw sea", "D3", "row 4")],
)
def test_dutchman_goes_only_on_a_field_of_its_cards_row_or_column_D3(move, where, line):
    """§3c.2: the Flying Dutchman goes on a field of the row or column on its card."""
    error = rejected(surround_ready(), move)
    assert error.code == "field_not_on_line"
    assert where in error.message and line in error.message


def test_dutchman_goes_only_on_an_empty_field_D3():
    """[D3]: a tile is surrounded when its last field fills, so only an empty field can do it."""
    error = rejected(surround_ready(), "dutchman row 4 C4 draw sea")
    assert error.code == "field_occupied"
    assert "C4" in error.message


def test_dutchman_must_surround_something_D3():
    """§3c.2: a Dutchman card may only be played where the Dutchman surrounds a tile."""
    state = surround_ready()
    error = rejected(state, "dutchman row 4 E4 draw sea")
    assert error.code == "dutchman_surrounds_nothing"
    assert "E4" in error.message
    dutchman_moves = [m for m in legal_moves(state) if m["type"] == "dutchman"]
    assert {(m["card"], m["field"]) for m in dutchman_moves} == {("row 4", "D4")}


def test_a_dutchman_card_is_unplayable_while_nothing_can_be_surrounded():
    """§3c.2: with no tile one field short of surrounded, no Dutchman move is legal."""
    state = position(["board C3-D4"], then=[DUTCHMAN], tiles={"C3-D4": "15/3"})
    assert [m for m in legal_moves(state) if m["type"] == "dutchman"] == []
    assert rejected(state, "dutchman row 4 D4 draw sea").code == "dutchman_surrounds_nothing"


def test_dutchman_counts_as_an_occupant_but_is_never_paid():
    """§3c.3, §5: the Dutchman completes the surround; the owner pays only for boats."""
    state = play(surround_ready(), DUTCHMAN)
    after = summary(state)
    assert "C3-D4" not in after["board"]["tiles"]
    assert after["players"]["Volker"]["ships"] == ["15/3"]
    # Volker pays Birgit (C3) and Dieter (D3) 3 each, nothing for his C4 or the Dutchman.
    assert chests(state) == {"Volker": 14, "Birgit": 23, "Dieter": 23}


def test_dutchman_belongs_to_nobody_and_earns_no_lair_reward():
    """§3c.3, §5: a pirate lair pays 2 chests per boat; the Dutchman earns nothing."""
    state = play(surround_ready("lair"), DUTCHMAN)
    assert summary(state)["set_aside"]["lairs"] == 1
    assert chests(state) == {"Volker": 22, "Birgit": 22, "Dieter": 22}


def test_dutchman_is_taken_off_the_board_again_and_its_card_discarded():
    """§3c.1, §3c.4: the card goes to the Dutchman discard pile and the field is empty again."""
    before = summary(surround_ready())
    after = summary(play(surround_ready(), DUTCHMAN))
    assert "D4" not in after["board"]["fields"]
    assert after["discards"] == {"sea": 3, "dutchman": 1}
    assert "row 4" not in after["players"]["Birgit"]["hand"]
    assert after["players"]["Birgit"]["hand_size"] == {"sea": 5, "dutchman": 0}
    assert after["players"]["Birgit"]["supply"] == before["players"]["Birgit"]["supply"]


def test_the_field_the_dutchman_left_is_empty_for_the_next_boat():
    """§3c.4: the field the Dutchman left is empty again: a boat there must be placed."""
    state = position(
        [*OPENING, DUTCHMAN], then=["place D4 chests draw sea"], tiles={"C3-D4": "15/3"}
    )
    assert rejected(state, "place D4 chests draw sea").code == "field_empty_must_place"
    assert player(play(state, "place D4 draw sea"), "Dieter")["supply"] == 23
