"""The rulebook's three worked examples (rules §5, §6, §8), each played out move by move."""

from __future__ import annotations

from positions import chests, fill, player, position

from engine.freibeuter import summary


def test_volker_pays_birgit_6_and_dieter_3_for_his_15_3():
    """§5 example: Birgit surrounds Volker's 15/3 with 2 boats of hers, 1 of Dieter's, 1 of his."""
    moves = ["board C3-D4", *fill(["C3", "D3", "C4", "D4"])]
    before = position(moves[:-1], tiles={"C3-D4": "15/3"})
    after = position(moves, tiles={"C3-D4": "15/3"})

    assert summary(before)["board"]["fields"] == {
        "C3": ["Birgit"],
        "D3": ["Dieter"],
        "C4": ["Volker"],
    }
    assert summary(after)["board"]["fields"]["D4"] == ["Birgit"]
    assert chests(after) == {"Volker": 20 - 9, "Birgit": 20 + 6, "Dieter": 20 + 3}
    volker = player(after, "Volker")
    assert volker["ships"] == ["15/3"]
    assert volker["supply"] == player(before, "Volker")["supply"] + 1
    assert summary(after)["scores"]["Volker"] == 11 + 15
    assert summary(after)["to_move"] == "Dieter"


def test_volker_owing_9_with_2_chests_takes_credit_7_and_loses_14_at_the_end():
    """§6 example: Volker owes 9, holds 2, borrows 7, ends with 0 chests and 7 credit."""
    moves = [
        # Volker first wins a 15/3 among six boats of the others, paying 18 of his 20.
        "board B2-C3", "place B2 draw sea", "place B2 draw sea",
        "board E4-F5", "place C2 draw sea", "place C2 draw sea",
        "place E4 draw sea", "place B3 draw sea", "place B3 draw sea",
        "place C3 draw sea",
        # Then Birgit surrounds his second 15/3: the rulebook's payout of 9.
        "place F4 draw sea", "place E5 draw sea", "place G7 draw sea",
        "place F5 draw sea",
    ]  # fmt: skip
    tiles = {"B2-C3": "15/3", "E4-F5": "15/3"}
    two_chests = position(moves[:10], tiles=tiles)
    assert (player(two_chests, "Volker")["chests"], player(two_chests, "Volker")["credit"]) == (
        2,
        0,
    )

    state = position(moves, tiles=tiles)
    volker = player(state, "Volker")
    assert (volker["chests"], volker["credit"]) == (0, 7)
    assert volker["ships"] == ["15/3", "15/3"]
    assert chests(state)["Birgit"] - chests(two_chests)["Birgit"] == 6
    assert chests(state)["Dieter"] - chests(two_chests)["Dieter"] == 3
    assert summary(state)["scores"]["Volker"] == 0 + 15 + 15 - 14


def test_birgit_scores_126_with_36_chests_and_five_ships_under_two_doubles():
    """§8 example: x2:10 and x2:15 set aside; 36 + (5 + 5 + 20) + (30 + 30) = 126.

    Birgit boards five ships in a 3 × 3 block of tiles, then fills its sixteen
    fields alone: she wins every ship without paying anyone, sets both doubles
    aside, and two pirate lairs pay her 8 each (20 + 16 = 36 chests). Volker
    boards ships and fills row 7 and column G meanwhile, far from everything.
    """
    block = {
        "B2-C3": "5/1", "C2-D3": "lair", "D2-E3": "5/1",
        "B3-C4": "x2:10", "C3-D4": "20/4", "D3-E4": "x2:15",
        "B4-C5": "15/3", "C4-D5": "lair", "D4-E5": "15/3",
    }  # fmt: skip
    volkers_ships = ["F1-G2", "F2-G3", "F3-G4", "F4-G5", "F5-G6", "F6-G7", "A6-B7"]
    tiles = {**block, **dict.fromkeys(volkers_ships, "10/2")}
    birgit = [f"board {tile}" for tile in ("B2-C3", "D2-E3", "C3-D4", "B4-C5", "D4-E5")]
    birgit += fill(f"{column}{row}" for row in range(2, 6) for column in "BCDE")
    volker = [f"board {tile}" for tile in volkers_ships]
    volker += fill(["A7", "B7", "C7", "D7", "E7", "F7", "G7", "G1", "G2", "G3", "G4", "G5", "G6"])
    moves = [move for pair in zip(birgit, volker + [None], strict=True) for move in pair if move]

    after = summary(position(moves, players=("Birgit", "Volker"), tiles=tiles))
    assert not after["over"]
    assert after["set_aside"] == {"lairs": 2, "doubles": ["x2:10", "x2:15"]}
    birgit_now = after["players"]["Birgit"]
    assert birgit_now["chests"] == 36
    assert sorted(birgit_now["ships"]) == sorted(["5/1", "5/1", "20/4", "15/3", "15/3"])
    assert birgit_now["credit"] == 0
    assert after["scores"]["Birgit"] == 126
