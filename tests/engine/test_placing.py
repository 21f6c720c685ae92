"""Placing a boat (rules §3b): play a sea card, place a boat or take 2 chests, draw."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from positions import (
    PLAYERS,
    capacity,
    chests,
    deal_for,
    fill,
    is_dutchman_card,
    play,
    position,
    slip_into_hand,
)

from engine.base import IllegalMove
from engine.freibeuter import legal_moves, new_setup, start, summary


def test_placing_plays_the_card_puts_the_boat_on_its_field_and_draws():
    """§3b: the sea card goes to the discard pile, a boat to its field, then a card is drawn."""
    setup = deal_for(["place F4 draw sea"])
    before = summary(start(PLAYERS, setup))
    after = summary(play(start(PLAYERS, setup), "place F4 draw sea"))

    volker = after["players"]["Volker"]
    assert after["board"]["fields"] == {"F4": ["Volker"]}
    assert volker["supply"] == 24
    assert "F4" not in volker["hand"] and setup["sea_deck"][0] in volker["hand"]
    assert volker["hand_size"] == {"sea": 4, "dutchman": 1}
    assert after["discards"] == {"sea": 1, "dutchman": 0}
    assert after["decks"] == {"sea": before["decks"]["sea"] - 1, "dutchman": 11}
    assert after["to_move"] == "Birgit"


def test_placing_on_an_empty_field_must_place_a_boat():
    """§3b.2: on an empty field the boat must be placed; no chests instead."""
    state = position([], then=["place F4 chests draw sea"])
    with pytest.raises(IllegalMove) as error:
        play(state, "place F4 chests draw sea")
    assert error.value.code == "field_empty_must_place"
    assert "F4" in error.value.message
    assert all(m["boat"] for m in legal_moves(state) if m.get("card") == "F4")


@pytest.mark.parametrize(
    "owner, moves",
    [
        ("Birgit", fill(["A7", "F4", "G7"])),
        ("Volker", fill(["F4", "A7", "G7"])),
    ],
)
def test_an_occupied_field_offers_two_chests_instead_of_a_boat(owner, moves):
    """§3b.3: when the field holds a boat, anyone's, the player may take 2 chests instead."""
    state = position(moves, then=["place F4 chests draw sea"])
    supply = summary(state)["players"]["Volker"]["supply"]
    assert {m["boat"] for m in legal_moves(state) if m.get("card") == "F4"} == {True, False}

    took_chests = summary(play(state, "place F4 chests draw sea"))
    assert took_chests["players"]["Volker"]["chests"] == 22
    assert took_chests["players"]["Volker"]["supply"] == supply
    assert took_chests["board"]["fields"]["F4"] == [owner]

    placed = summary(play(state, "place F4 draw sea"))
    assert placed["players"]["Volker"]["chests"] == 20
    assert placed["players"]["Volker"]["supply"] == supply - 1
    assert placed["board"]["fields"]["F4"] == [owner, "Volker"]


def test_each_outer_field_has_one_sea_card_and_each_inner_field_two():
    """§1: one sea card per outer field and two per inner field, 74 in all."""
    setup = new_setup(PLAYERS, random.Random(5))
    cards = Counter(setup["sea_deck"])
    for hand in setup["hands"].values():
        cards.update(card for card in hand if not is_dutchman_card(card))
    fields = [f"{c}{r}" for c in "ABCDEFG" for r in range(1, 8)]
    assert cards == Counter({field: capacity(field) for field in fields})
    assert sum(cards.values()) == 74


def test_an_inner_field_holds_two_boats_and_no_third():
    """§3b: an inner field holds at most two boats; a full field offers only the chests."""
    state = position(fill(["F4", "F4"]))
    assert summary(state)["board"]["fields"]["F4"] == ["Volker", "Birgit"]
    slip_into_hand(state, "Dieter", "F4")
    with pytest.raises(IllegalMove) as error:
        play(state, "place F4 draw sea")
    assert error.value.code == "field_full"
    assert "F4" in error.value.message
    assert {m["boat"] for m in legal_moves(state) if m.get("card") == "F4"} == {False}
    assert chests(play(state, "place F4 chests draw sea"))["Dieter"] == 22


def test_an_outer_field_holds_one_boat_only():
    """§3b: an outer field holds at most one boat."""
    state = position(fill(["A4"]))
    slip_into_hand(state, "Birgit", "A4")
    with pytest.raises(IllegalMove) as error:
        play(state, "place A4 draw sea")
    assert error.value.code == "field_full"
    assert "A4" in error.value.message


def test_boats_on_fields_stay_there_when_the_tile_they_surround_leaves():
    """§3b: boats on fields stay there for the rest of the game."""
    state = position(["board C3-D4", *fill(["C3", "D3", "C4", "D4"])], tiles={"C3-D4": "20/4"})
    after = summary(state)
    assert "C3-D4" not in after["board"]["tiles"]
    assert after["board"]["fields"] == {
        "C3": ["Birgit"],
        "D3": ["Dieter"],
        "C4": ["Volker"],
        "D4": ["Birgit"],
    }
