"""Drawing after a placement (rules §3d): the player's choice, within two limits."""

from __future__ import annotations

import pytest
from positions import FOUR, PLAYERS, deal_for, play, position

from engine.base import IllegalMove
from engine.freibeuter import legal_moves, start, summary


def draws_offered(state, card: str) -> set[str]:
    return {m["draw"] for m in legal_moves(state) if m.get("card") == card}


def test_the_player_chooses_to_draw_a_dutchman_card():
    """§3d: after a placement the player draws from the deck he names, here the Dutchman deck."""
    setup = deal_for(["place F4 draw dutchman"])
    after = summary(play(start(PLAYERS, setup), "place F4 draw dutchman"))
    volker = after["players"]["Volker"]
    assert setup["dutchman_deck"][0] in volker["hand"]
    assert volker["hand_size"] == {"sea": 3, "dutchman": 2}
    assert after["decks"] == {"sea": 62, "dutchman": 10}


def test_a_player_left_without_sea_cards_must_draw_a_sea_card():
    """§3d: a player must always hold a sea card; with none left he must draw one."""
    moves = [
        "place A1 draw dutchman", "place G1 draw sea", "place D1 draw sea",
        "place A3 draw dutchman", "place G3 draw sea", "place D3 draw sea",
        "place A5 draw dutchman", "place G5 draw sea", "place D5 draw sea",
    ]  # fmt: skip
    state = position(moves, then=["place A7 draw sea"])
    assert summary(state)["players"]["Volker"]["hand_size"] == {"sea": 1, "dutchman": 4}
    assert draws_offered(state, "A7") == {"sea"}
    with pytest.raises(IllegalMove) as error:
        play(state, "place A7 draw dutchman")
    assert error.value.code == "must_draw_sea"
    assert "no sea card" in error.value.message
    assert summary(play(state, "place A7 draw sea"))["players"]["Volker"]["hand_size"]["sea"] == 1


def test_with_the_dutchman_deck_empty_only_sea_cards_can_be_drawn():
    """§3d: with the Dutchman deck empty the player must draw a sea card."""
    fields = ["A1", "C1", "E1", "G1", "A3", "C3", "E3", "G3", "A5", "C5"]
    moves = [f"place {field} draw dutchman" for field in fields]
    state = position(moves, then=["place E5 draw sea"], players=FOUR)
    assert summary(state)["decks"]["dutchman"] == 0
    assert summary(state)["players"]["Dieter"]["hand_size"] == {"sea": 2, "dutchman": 3}
    assert {m.get("draw") for m in legal_moves(state)} <= {"sea", None}
    with pytest.raises(IllegalMove) as error:
        play(state, "place E5 draw dutchman")
    assert error.value.code == "must_draw_sea"
    assert "Dutchman deck is empty" in error.value.message
    assert summary(play(state, "place E5 draw sea"))["decks"]["sea"] == 57


def test_a_dutchman_move_keeps_the_choice_of_deck():
    """§3d: the draw follows a Dutchman move as it follows a placement."""
    opening = ["board C3-D4", "place C3 draw sea", "place D3 draw sea", "place C4 draw sea"]
    state = position(opening, then=["dutchman row 4 D4 draw dutchman"], tiles={"C3-D4": "5/1"})
    offered = {m["draw"] for m in legal_moves(state) if m["type"] == "dutchman"}
    assert offered == {"sea", "dutchman"}
    after = summary(play(state, "dutchman row 4 D4 draw dutchman"))
    assert after["players"]["Birgit"]["hand_size"] == {"sea": 4, "dutchman": 1}
    assert after["decks"]["dutchman"] == 10
