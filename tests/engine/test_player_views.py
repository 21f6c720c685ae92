"""What each player may see (rules §9, [D9]): his own hand, the public table, no deck order."""

from __future__ import annotations

import json

import pytest
from positions import PLAYERS, deal_for, play, position, shared_victory

from engine.base import IllegalMove
from engine.freibeuter import start, summary, view

MOVES = ["board C3-D4", "place C3 draw sea", "place D3 draw dutchman", "place F4 draw sea"]
TILES = {"C3-D4": "15/3"}


def test_a_player_sees_his_own_hand_and_only_the_size_of_the_others_D9():
    """[D9]: a hand is private to its holder; how many cards of each kind is public."""
    state = position(MOVES, tiles=TILES)
    for viewer in PLAYERS:
        seen = view(state, viewer)
        for name in PLAYERS:
            shown = seen["players"][name]
            assert ("hand" in shown) == (name == viewer)
            assert shown["hand_size"] == summary(state)["players"][name]["hand_size"]
        assert seen["players"][viewer]["hand"] == summary(state)["players"][viewer]["hand"]


def test_a_spectator_sees_no_hand_D9():
    """[D9]: a spectator (no player) sees the public part only."""
    seen = view(position(MOVES, tiles=TILES), None)
    assert all("hand" not in p for p in seen["players"].values())
    assert seen["viewer"] is None


def test_the_drawn_card_is_seen_only_by_the_player_who_drew_it_D9():
    """[D9]: which card a player drew is private to him."""
    setup = deal_for(MOVES, tiles=TILES)
    state = play(start(PLAYERS, setup), *MOVES)
    drawn = setup["dutchman_deck"][0]  # Dieter drew the top Dutchman card
    assert drawn in view(state, "Dieter")["players"]["Dieter"]["hand"]
    for viewer in ("Volker", "Birgit", None):
        assert "hand" not in view(state, viewer)["players"]["Dieter"]


def test_the_order_of_the_decks_is_secret_to_all_D9():
    """[D9]: no view shows the order of either deck, only how many cards are left."""
    setup = deal_for(MOVES, tiles=TILES)
    state = play(start(PLAYERS, setup), *MOVES)
    sea_left = setup["sea_deck"][2:]  # two sea cards have been drawn
    dutchman_left = setup["dutchman_deck"][1:]
    for viewer in (*PLAYERS, None):
        seen = view(state, viewer)
        assert seen["decks"] == {"sea": len(sea_left), "dutchman": len(dutchman_left)}
        text = json.dumps(seen)
        assert json.dumps(sea_left[:3])[1:-1] not in text
        assert json.dumps(dutchman_left[:3])[1:-1] not in text


def test_the_table_is_the_same_for_every_viewer_D9():
    """[D9]: board, money, supply, ships, set-aside tiles, decks and discards are public."""
    state = position(MOVES, tiles=TILES)
    public = summary(state)
    for viewer in (*PLAYERS, None):
        seen = view(state, viewer)
        for key in ("board", "scores", "set_aside", "decks", "discards", "to_move", "over"):
            assert seen[key] == public[key]
        for name in PLAYERS:
            for key in ("chests", "credit", "supply", "ships", "hand_size"):
                assert seen["players"][name][key] == public["players"][name][key]
        assert seen["discard_piles"] == {"sea": ["C3", "D3", "F4"], "dutchman": []}


def test_hands_are_shown_once_the_game_is_over_D9():
    """[D9]: after the end the deal is revealed (for the fairness check), and with it every hand."""
    state = shared_victory()
    assert summary(state)["over"]
    for viewer in ("Volker", "Birgit", None):
        assert view(state, viewer)["players"] == summary(state)["players"]


def test_a_view_for_someone_outside_the_game_is_refused():
    """[D9]: only players and spectators (None) have views."""
    with pytest.raises(IllegalMove) as error:
        view(position([]), "Mallory")
    assert error.value.code == "unknown_player"
    assert "Mallory" in error.value.message
