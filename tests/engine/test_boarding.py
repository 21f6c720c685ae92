"""Boarding a ship (rules §3a): a boat from the supply on a free ship, no card, no draw."""

from __future__ import annotations

import pytest
from positions import fill, play, position

from engine.base import IllegalMove
from engine.freibeuter import legal_moves, summary

TILES = {"B3-C4": "15/3", "C3-D4": "lair", "D3-E4": "x2:10", "E3-F4": "10/2"}


def test_boarding_puts_a_boat_on_the_ship_and_no_card_is_drawn():
    """§3a: one boat goes from the supply onto the ship; no card is played or drawn."""
    before = summary(position([], tiles=TILES))
    after = summary(position(["board B3-C4"], tiles=TILES))

    assert after["board"]["tiles"]["B3-C4"] == {"tile": "15/3", "boarded_by": "Volker"}
    assert after["players"]["Volker"]["supply"] == 24
    assert after["players"]["Volker"]["hand"] == before["players"]["Volker"]["hand"]
    assert after["decks"] == before["decks"]
    assert after["discards"] == {"sea": 0, "dutchman": 0}
    assert after["scores"] == before["scores"]
    assert after["to_move"] == "Birgit"


@pytest.mark.parametrize("tile, what", [("C3-D4", "lair"), ("D3-E4", "x2:10")])
def test_pirate_lairs_and_double_values_cannot_be_boarded(tile, what):
    """§3a: only ships can be boarded, never a pirate lair or a double value."""
    state = position([], tiles=TILES)
    with pytest.raises(IllegalMove) as error:
        play(state, f"board {tile}")
    assert error.value.code == "not_a_ship"
    assert tile in error.value.message and what in error.value.message
    assert {"type": "board", "tile": tile} not in legal_moves(state)


@pytest.mark.parametrize("by", ["another player", "the same player"])
def test_a_boarded_ship_cannot_be_boarded_again(by):
    """§3a: a ship carries at most one boat."""
    moves = ["board B3-C4", "board E3-F4"] + (
        ["place A1 draw sea"] if by == "the same player" else []
    )
    state = position(moves, tiles=TILES)
    with pytest.raises(IllegalMove) as error:
        play(state, "board B3-C4")
    assert error.value.code == "already_boarded"
    assert "B3-C4" in error.value.message and "Volker" in error.value.message
    assert {"type": "board", "tile": "B3-C4"} not in legal_moves(state)


def test_a_ship_that_left_the_board_cannot_be_boarded():
    """§3a: only a ship still on the board can be boarded; an escaped ship is gone."""
    state = position(fill(["B3", "C3", "B4", "C4"]), tiles=TILES)
    assert "B3-C4" not in summary(state)["board"]["tiles"]
    with pytest.raises(IllegalMove) as error:
        play(state, "board B3-C4")
    assert error.value.code == "tile_gone"
    assert "B3-C4" in error.value.message


def test_legal_moves_offer_every_free_ship_on_the_board_and_nothing_else():
    """§3a: the board moves listed are exactly the ships on the board without a boat."""
    state = position(["board B3-C4", *fill(["B5", "C5", "B6", "C6"])], tiles=TILES)
    tiles = summary(state)["board"]["tiles"]
    free_ships = {
        name
        for name, tile in tiles.items()
        if tile["tile"] in ("5/1", "10/2", "15/3", "20/4") and tile["boarded_by"] is None
    }
    boards = {move["tile"] for move in legal_moves(state) if move["type"] == "board"}
    assert boards == free_ships
    assert "B3-C4" not in boards
