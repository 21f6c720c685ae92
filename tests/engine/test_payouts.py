"""What a surround does (rules §5): escape, booty and payouts, lairs and doubles.

The tile in question is always C3-D4, with the fields C3, D3, C4 and D4.
Seats: Volker, Birgit, Dieter. Fields far from it (row 7, column G) take the
moves of players who must not touch it.
"""

from __future__ import annotations

from positions import chests, position

from engine.freibeuter import summary

FIELDS = ["C3", "D3", "C4", "D4"]


def test_an_unboarded_ship_escapes_and_nobody_gains():
    """§5: an unboarded ship that is surrounded leaves the game; nobody gains anything."""
    moves = [f"place {field} draw sea" for field in FIELDS]
    after = summary(position(moves, tiles={"C3-D4": "20/4"}))
    assert "C3-D4" not in after["board"]["tiles"]
    assert all(p["ships"] == [] for p in after["players"].values())
    assert after["set_aside"] == {"lairs": 0, "doubles": []}
    assert set(after["scores"].values()) == {20}


def test_the_owner_pays_each_other_player_the_payout_per_boat_and_wins_the_ship():
    """§5: Volker wins his 10/2 and pays 2 per boat of the others; two on one field count twice."""
    moves = [
        "board C3-D4", "place C3 draw sea", "place D3 draw sea",
        "place G7 draw sea", "place C3 draw sea", "place C4 draw sea",
        "place D4 draw sea",
    ]  # fmt: skip
    state = position(moves, tiles={"C3-D4": "10/2"})
    after = summary(state)
    assert after["board"]["fields"]["C3"] == ["Birgit", "Birgit"]
    assert chests(state) == {"Volker": 20 - 8, "Birgit": 24, "Dieter": 24}
    assert after["players"]["Volker"]["ships"] == ["10/2"]
    assert after["scores"]["Volker"] == 12 + 10
    assert "C3-D4" not in after["board"]["tiles"]


def test_the_owner_pays_nothing_for_his_own_boats():
    """§5: an owner whose boats alone surround his ship pays nobody."""
    moves = [
        "board C3-D4", "place G7 draw sea", "place A7 draw sea",
        "place C3 draw sea", "place G1 draw sea", "place C7 draw sea",
        "place D3 draw sea", "place G3 draw sea", "place E7 draw sea",
        "place C4 draw sea", "place G5 draw sea", "place A1 draw sea",
        "place D4 draw sea",
    ]  # fmt: skip
    state = position(moves, tiles={"C3-D4": "20/4"})
    assert chests(state) == {"Volker": 20, "Birgit": 20, "Dieter": 20}
    assert summary(state)["players"]["Volker"]["ships"] == ["20/4"]
    assert summary(state)["scores"]["Volker"] == 40


def test_the_boarding_boat_goes_back_to_the_owners_supply():
    """§5: after the payout the owner takes his boarding boat back."""
    moves = ["board C3-D4", *[f"place {field} draw sea" for field in FIELDS]]
    before = summary(position(moves[:-1], tiles={"C3-D4": "5/1"}))
    after = summary(position(moves, tiles={"C3-D4": "5/1"}))
    assert before["players"]["Volker"]["supply"] == 25 - 2
    assert after["players"]["Volker"]["supply"] == 25 - 1
    assert after["players"]["Birgit"]["supply"] == 25 - 2
    # Birgit has C3 and D4, Dieter D3; Volker's own C4 costs nothing.
    assert {name: p["chests"] for name, p in after["players"].items()} == {
        "Volker": 20 - 3,
        "Birgit": 22,
        "Dieter": 21,
    }


def test_a_pirate_lair_pays_every_player_2_chests_per_boat_around_it():
    """§5: a surrounded lair is set aside; each player gets 2 chests per boat of his around it."""
    moves = ["place C3 draw sea", "place C3 draw sea", "place D3 draw sea", "place G7 draw sea",
             "place C4 draw sea", "place A7 draw sea", "place D4 draw sea"]  # fmt: skip
    state = position(moves, tiles={"C3-D4": "lair"})
    after = summary(state)
    assert after["board"]["fields"]["C3"] == ["Volker", "Birgit"]
    assert "C3-D4" not in after["board"]["tiles"]
    assert after["set_aside"] == {"lairs": 1, "doubles": []}
    # Volker: C3, D4. Birgit: C3, C4. Dieter: D3.
    assert chests(state) == {"Volker": 24, "Birgit": 24, "Dieter": 22}


def test_a_double_value_is_set_aside_and_pays_nothing_now():
    """§5: a surrounded double value is set aside; nothing is paid when it leaves."""
    moves = [f"place {field} draw sea" for field in FIELDS]
    after = summary(position(moves, tiles={"C3-D4": "x2:15"}))
    assert "C3-D4" not in after["board"]["tiles"]
    assert after["set_aside"] == {"lairs": 0, "doubles": ["x2:15"]}
    assert set(after["scores"].values()) == {20}
