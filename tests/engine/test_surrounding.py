"""Surrounding (rules §4, [D5]): which tiles a placement surrounds, and in which order."""

from __future__ import annotations

import pytest
from positions import chests, fill, play, player, position

from engine.base import IllegalMove
from engine.freibeuter import summary


def test_a_placement_surrounds_every_touching_tile_whose_other_fields_are_occupied():
    """§4: after a boat is placed, every tile touching its field is checked, up to four."""
    tiles = {"C3-D4": "5/1", "D3-E4": "lair", "C4-D5": "x2:20", "D4-E5": "10/2"}
    fields = ["C3", "D3", "E3", "C4", "E4", "C5", "D5", "E5"]
    state = position(["board D4-E5", *fill(fields)], then=["place D4 draw sea"], tiles=tiles)
    assert len(summary(state)["board"]["tiles"]) == 36

    after = summary(play(state, "place D4 draw sea"))
    assert set(after["board"]["tiles"]) == set(summary(state)["board"]["tiles"]) - set(tiles)
    assert after["set_aside"] == {"lairs": 1, "doubles": ["x2:20"]}
    assert after["players"]["Volker"]["ships"] == ["10/2"]
    # Lair D3-E4: Volker (E3, D4) and Dieter (D3, E4) get 4 each. Ship D4-E5: Volker pays
    # Dieter 4 (E4, E5) and Birgit 2 (D5). The escaped 5/1 and the double pay nothing.
    assert {name: p["chests"] for name, p in after["players"].items()} == {
        "Volker": 18,
        "Birgit": 22,
        "Dieter": 28,
    }


def test_boarded_and_unboarded_ships_can_both_be_surrounded():
    """§4, §5: one placement surrounds an unboarded ship (it escapes) and a boarded one (won)."""
    tiles = {"C3-D4": "20/4", "D3-E4": "10/2"}
    moves = ["place C3 draw sea", "board D3-E4", *fill(["D3", "C4", "E3", "E4", "D4"])]
    after = summary(position(moves, tiles=tiles))
    assert "C3-D4" not in after["board"]["tiles"] and "D3-E4" not in after["board"]["tiles"]
    assert [p["ships"] for p in after["players"].values()] == [[], ["10/2"], []]
    # Birgit pays Dieter 2 + 2 (D3, E4) and Volker 2 (D4) for her 10/2 and nothing for the 20/4.
    assert {name: p["chests"] for name, p in after["players"].items()} == {
        "Volker": 22,
        "Birgit": 14,
        "Dieter": 24,
    }


def test_a_second_boat_on_an_occupied_field_surrounds_nothing():
    """§4: a tile is surrounded when its last field fills, never by a second boat."""
    state = position(
        fill(["F4", "E3", "F3", "E4"]), then=["place F4 draw sea"], tiles={"E3-F4": "lair"}
    )
    assert summary(state)["set_aside"]["lairs"] == 1
    with pytest.raises(IllegalMove) as error:
        play(state, "place F4 draw sea order E3-F4")
    assert error.value.code == "invalid_order"
    after = summary(play(state, "place F4 draw sea order"))
    assert after["board"]["fields"]["F4"] == ["Volker", "Birgit"]
    assert after["set_aside"]["lairs"] == 1
    assert len(after["board"]["tiles"]) == len(summary(state)["board"]["tiles"])


def credit_position(crowded: bool):
    """Volker to place D4, surrounding his boarded 20/4 at C3-D4 and the lair D3-E4 at once.

    Crowded: Birgit and Dieter have a boat each on C3, D3 and C4, so Volker owes
    24 with 20 chests. Otherwise only Birgit has, and he owes 12.
    """
    dieter = ["C3", "D3", "C4"] if crowded else ["B7", "D7", "F7"]
    moves = [
        "board C3-D4", "place C3 draw sea", f"place {dieter[0]} draw sea",
        "place G7 draw sea", "place D3 draw sea", f"place {dieter[1]} draw sea",
        "place A7 draw sea", "place C4 draw sea", f"place {dieter[2]} draw sea",
        "place G1 draw sea", "place E3 draw sea", "place E4 draw sea",
    ]  # fmt: skip
    tiles = {"C3-D4": "20/4", "D3-E4": "lair"}
    return position(moves, then=["place D4 draw sea"], tiles=tiles)


def test_surrounded_tiles_resolve_in_the_order_the_player_chooses():
    """§4, §6: with the lair first, Volker's 2-chest reward lowers the credit he needs."""
    lair_first = play(credit_position(crowded=True), "place D4 draw sea order D3-E4 C3-D4")
    volker = player(lair_first, "Volker")
    assert (volker["chests"], volker["credit"]) == (0, 2)
    assert summary(lair_first)["scores"]["Volker"] == 0 + 20 - 2 * 2


def test_without_an_order_tiles_resolve_in_row_major_order_D5():
    """[D5]: by default the ship C3-D4 (row 3, column C) resolves before the lair D3-E4."""
    default = play(credit_position(crowded=True), "place D4 draw sea")
    ship_first = play(credit_position(crowded=True), "place D4 draw sea order C3-D4 D3-E4")
    assert summary(default) == summary(ship_first)
    volker = player(default, "Volker")
    assert (volker["chests"], volker["credit"]) == (2, 4)
    assert summary(default)["scores"]["Volker"] == 2 + 20 - 2 * 4


def test_the_order_matters_only_when_a_payer_needs_credit():
    """§4: without credit, every order of the same surrounds ends in the same position."""
    lair_first = play(credit_position(crowded=False), "place D4 draw sea order D3-E4 C3-D4")
    ship_first = play(credit_position(crowded=False), "place D4 draw sea order C3-D4 D3-E4")
    assert summary(lair_first) == summary(ship_first)
    assert chests(lair_first)["Volker"] == 20 - 12 + 2
    assert player(lair_first, "Volker")["credit"] == 0


@pytest.mark.parametrize(
    "order",
    [
        [],
        ["C3-D4"],
        ["C3-D4", "D3-E4", "C3-D4"],
        ["C3-D4", "E3-F4"],
        ["C3-D4", "d3-e4"],
        ["C3-D4", 15],
        "C3-D4 D3-E4",
        None,
        {"C3-D4": 1, "D3-E4": 2},
    ],
)
def test_an_order_must_list_each_surrounded_tile_exactly_once(order):
    """§10: ``order`` lists every tile the placement surrounds once, or the move is illegal."""
    state = credit_position(crowded=True)
    move = {"type": "place", "card": "D4", "boat": True, "draw": "sea", "order": order}
    with pytest.raises(IllegalMove) as error:
        play(state, move)
    assert error.value.code == "invalid_order"
    assert "C3-D4, D3-E4" in error.value.message


def test_an_order_is_ignored_on_a_boarding():
    """§10: ``order`` is optional on place and dutchman and ignored on board."""
    state = position([], tiles={"C3-D4": "20/4"})
    after = play(state, {"type": "board", "tile": "C3-D4", "order": "anything"})
    assert summary(after)["board"]["tiles"]["C3-D4"]["boarded_by"] == "Volker"
