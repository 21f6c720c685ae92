"""The end of the game (rules §7, [D4], [D7]): three ways, each immediate."""

from __future__ import annotations

import pytest
from positions import FOUR, boats_spent, chests, play, play_out, player, position, quiet_policy

from engine.base import IllegalMove
from engine.freibeuter import apply, legal_moves, result, summary, to_move

LAIR_ROW = {
    "A1-B2": "lair",
    "B1-C2": "lair",
    "C1-D2": "lair",
    "D1-E2": "lair",
    "E1-F2": "20/4",
}
LAST_LAIR = [
    "board E1-F2", "place A1 draw sea", "place B1 draw sea",
    "place A2 draw sea", "place B2 draw sea", "place C1 draw sea",
    "place C2 draw sea", "place D1 draw sea", "place D2 draw sea",
    "place E1 draw sea", "place F1 draw sea", "place F2 draw sea",
]  # fmt: skip
"""Three lairs surrounded one after another; Volker's E2 then surrounds the fourth
lair D1-E2 and his boarded 20/4 at E1-F2 together."""


def last_lair_ready():
    return position(LAST_LAIR, then=["place E2 draw sea"], tiles=LAIR_ROW)


def test_earlier_lairs_do_not_end_the_game():
    """§7.1: only the last of the four pirate lairs ends the game."""
    state = last_lair_ready()
    assert summary(state)["set_aside"]["lairs"] == 3
    assert not summary(state)["over"]
    assert to_move(state) == ["Volker"]
    assert chests(state) == {"Volker": 26, "Birgit": 28, "Dieter": 30}


def test_the_last_lair_ends_the_game_at_once_and_no_card_is_drawn_D7():
    """§7.1, [D7]: the last lair ends the game when it is paid out; the mover draws nothing."""
    before = summary(last_lair_ready())
    state = play(last_lair_ready(), "place E2 draw sea")
    after = summary(state)
    assert after["over"] and after["end_reason"] == "last_lair"
    assert after["set_aside"]["lairs"] == 4
    assert after["players"]["Volker"]["hand_size"] == {"sea": 3, "dutchman": 1}
    assert after["decks"] == before["decks"]
    assert after["to_move"] is None and to_move(state) == []
    assert legal_moves(state) == []


def test_every_surround_of_the_last_lair_placement_is_still_resolved_D7():
    """[D7]: tiles surrounded by the same placement are resolved even after the last lair."""
    state = play(last_lair_ready(), "place E2 draw sea order D1-E2 E1-F2")
    after = summary(state)
    assert "E1-F2" not in after["board"]["tiles"]
    assert after["players"]["Volker"]["ships"] == ["20/4"]
    # The lair pays Volker 4 (E1, E2), Birgit 2 (D1), Dieter 2 (D2); then Volker pays
    # Birgit 4 (F1) and Dieter 4 (F2) for the 20/4.
    assert chests(state) == {"Volker": 22, "Birgit": 34, "Dieter": 36}
    assert after["scores"] == {"Volker": 42, "Birgit": 34, "Dieter": 36}
    assert after["winners"] == ["Volker"]
    assert summary(play(last_lair_ready(), "place E2 draw sea")) == after


@pytest.mark.parametrize("draw", [{}, {"draw": "dutchman"}, {"draw": "nowhere"}])
def test_a_move_that_ends_with_the_last_lair_needs_no_draw_D7(draw):
    """§10, [D7]: a move that ends the game before its draw may omit draw; it is not checked."""
    state = play(last_lair_ready(), {"type": "place", "card": "E2", "boat": True, **draw})
    assert result(state) == {
        "winners": ["Volker"],
        "scores": {"Volker": 42, "Birgit": 34, "Dieter": 36},
        "reason": "last_lair",
    }


def test_legal_moves_list_a_game_ending_move_once_per_allowed_draw_D7():
    """docs/record-format.md: a move that ends the game still appears once per allowed draw."""
    ending = [m for m in legal_moves(last_lair_ready()) if m.get("card") == "E2"]
    assert ending == [
        {"type": "place", "card": "E2", "boat": True, "draw": "dutchman"},
        {"type": "place", "card": "E2", "boat": True, "draw": "sea"},
    ]


def sea_deck_empty_ready():
    """Four players pass the time until the sea deck is empty and Volker is to move.

    Volker has boarded the 15/3 at A1-B2 and keeps the only A1 card, the last
    field around it; the others hold B1, A2 and B2.
    """
    moves = ["board A1-B2", "place B1 draw sea", "place A2 draw sea", "place B2 draw sea"]
    state = position(moves, then=["place A1 draw sea"], players=FOUR, tiles={"A1-B2": "15/3"})

    def volker_faces_an_empty_sea_deck(state):
        return summary(state)["decks"]["sea"] == 0 and to_move(state) == ["Volker"]

    return play_out(state, quiet_policy(keep=["A1"]), until=volker_faces_an_empty_sea_deck)


def test_drawing_from_the_empty_sea_deck_ends_the_game_after_the_placement_is_resolved_D4():
    """§7.2, [D4]: the placement is resolved in full, then the sea draw finds no card."""
    before = summary(sea_deck_empty_ready())
    state = play(sea_deck_empty_ready(), "place A1 draw sea")
    after = summary(state)
    assert after["over"] and after["end_reason"] == "sea_deck_empty"
    assert "15/3" in after["players"]["Volker"]["ships"]
    assert after["players"]["Volker"]["chests"] == before["players"]["Volker"]["chests"] - 9
    assert (
        after["players"]["Volker"]["hand_size"]["sea"]
        == before["players"]["Volker"]["hand_size"]["sea"] - 1
    )
    assert after["discards"]["sea"] == before["discards"]["sea"] + 1
    assert result(state)["reason"] == "sea_deck_empty"


def test_a_dutchman_draw_with_the_sea_deck_empty_goes_on_D4():
    """§3d, [D4]: the discard pile is never reshuffled, but a Dutchman card can still be drawn."""
    before = summary(sea_deck_empty_ready())
    after = summary(play(sea_deck_empty_ready(), "place A1 draw dutchman"))
    assert not after["over"]
    assert after["decks"] == {"sea": 0, "dutchman": before["decks"]["dutchman"] - 1}
    assert "15/3" in after["players"]["Volker"]["ships"]
    assert after["to_move"] == "Birgit"


def boats_spent_ready():
    """Volker has boarded the 5/1 at C3-D4, then spent every boat; Birgit, holding D4, moves.

    C3, D3 and C4 hold Birgit's boats; the rest of hers keep out of the way.
    """
    around = ["C3", "D3", "C4"]
    elsewhere = ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "A3", "B3", "E3", "F3", "G3"]
    elsewhere += ["A5", "B5", "F5", "G5", "A7", "B7", "C7", "D7", "E7"]
    then = ["place D4 draw sea", "place C3 chests draw sea"]
    return boats_spent(around + elsewhere, then=then, tile="5/1")


def test_a_player_without_a_boat_at_the_start_of_his_turn_ends_the_game():
    """§7.3: the game ends when the player to move has no boat in his supply."""
    state = boats_spent_ready()
    after = play(state, "place C3 chests draw sea")
    assert summary(after)["over"] and summary(after)["end_reason"] == "no_boats"
    assert to_move(after) == [] and legal_moves(after) == []


def test_a_boarding_boat_back_before_his_turn_keeps_the_player_in_the_game():
    """§7.3: only the supply at the beginning of the turn counts; a returned boat is enough."""
    after = play(boats_spent_ready(), "place D4 draw sea")
    assert not summary(after)["over"]
    assert player(after, "Volker")["supply"] == 1
    assert to_move(after) == ["Volker"] and legal_moves(after)


@pytest.mark.parametrize(
    "who, move",
    [
        ("Birgit", {"type": "board", "tile": "A3-B4"}),
        ("Volker", {"type": "place", "card": "E2", "boat": True, "draw": "sea"}),
        ("Dieter", "not even a move"),
    ],
)
def test_no_move_is_accepted_once_the_game_is_over(who, move):
    """§7: the game ends immediately; every further move is refused with game_over."""
    state = play(last_lair_ready(), "place E2 draw sea")
    with pytest.raises(IllegalMove) as error:
        apply(state, who, move)
    assert error.value.code == "game_over"
