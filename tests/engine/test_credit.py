"""Pirate credit (rules §6, [D6]): the bank covers a shortfall, and it costs double at the end."""

from __future__ import annotations

from positions import chests, play, play_out, player, position, quiet_policy

from engine.freibeuter import summary

CROWDED = [
    "board C3-D4", "place C3 draw sea", "place C3 draw sea",
    "place G7 draw sea", "place D3 draw sea", "place D3 draw sea",
    "place A7 draw sea", "place C4 draw sea", "place C4 draw sea",
    "place D4 draw sea",
]  # fmt: skip
"""Volker wins his 20/4 at C3-D4 among six boats of the others: he owes 24 and holds 20."""

SECOND = [
    "place E5 draw sea", "place F5 draw sea", "board E5-F6",
    "place E6 draw sea", "place G1 draw sea", "place F6 draw sea",
]  # fmt: skip
"""Then he wins his 5/1 at E5-F6 among three boats of the others: he owes 3 and holds 0."""

TILES = {"C3-D4": "20/4", "E5-F6": "5/1"}


def test_an_owner_short_of_chests_takes_the_shortfall_as_credit_and_pays_in_full():
    """§6: the shortfall comes from the bank as credit; everyone is paid in full."""
    state = position(CROWDED, tiles=TILES)
    assert chests(state) == {"Volker": 0, "Birgit": 32, "Dieter": 32}
    assert player(state, "Volker")["credit"] == 4
    assert player(state, "Volker")["ships"] == ["20/4"]


def test_credit_adds_up_over_the_game():
    """§6: each further shortfall is added to the credit already taken."""
    state = position(CROWDED + SECOND, tiles=TILES)
    volker = player(state, "Volker")
    assert (volker["chests"], volker["credit"]) == (0, 4 + 3)
    assert chests(state) == {"Volker": 0, "Birgit": 32 + 2, "Dieter": 32 + 1}


def test_credit_marker_boat_is_withdrawn_once_D6():
    """[D6]: the first credit withdraws one boat for good; later credit withdraws none."""
    first = position(CROWDED, tiles=TILES)
    # Volker used 4 boats (boarding, G7, A7, D4), got his boarding boat back, lost the marker.
    assert player(first, "Volker")["supply"] == 25 - 4 + 1 - 1
    second = position(CROWDED + SECOND, tiles=TILES)
    # Then 2 more (boarding E5-F6, F6) and the boarding boat back, and no second marker.
    assert player(second, "Volker")["supply"] == 21 - 2 + 1


def test_credit_is_repaid_double_at_the_end():
    """§6, §8: a player loses twice his total credit from his score."""
    state = position(CROWDED + SECOND, tiles=TILES)
    assert summary(state)["scores"]["Volker"] == 0 + 20 + 5 - 2 * 7


def test_chests_won_after_credit_do_not_reduce_the_credit():
    """§6: credit is never paid back during the game; it only adds up."""
    later = ["place E6 draw sea", "place F4 draw sea", "place D4 chests draw sea"]
    state = position(CROWDED + later, tiles=TILES)
    volker = player(state, "Volker")
    assert (volker["chests"], volker["credit"]) == (2, 4)


def test_the_credit_marker_is_the_boarding_boat_just_returned_D6():
    """[D6]: an owner with an empty supply still gives a marker: the boat that came back."""
    tiles = {
        "C3-D4": "20/4",
        **dict.fromkeys(["A1-B2", "B1-C2", "C1-D2", "D1-E2", "E1-F2", "F1-G2"], "5/1"),
    }
    moves = [
        "board C3-D4", "place C3 draw sea", "board A1-B2", "place C3 draw sea",
        "board B1-C2", "place D3 draw sea", "board C1-D2", "place D3 draw sea",
        "board D1-E2", "place C4 draw sea", "board E1-F2", "place C4 draw sea",
        "board F1-G2",
    ]  # fmt: skip
    players = ("Volker", "Birgit")
    state = position(moves, then=["place D4 draw sea"], players=players, tiles=tiles)

    def volker_is_out_of_boats(state):
        return player(state, "Volker")["supply"] == 0 and summary(state)["to_move"] == "Birgit"

    state = play_out(
        state, quiet_policy(keep=["D4"], spender="Volker"), until=volker_is_out_of_boats
    )
    assert (player(state, "Volker")["chests"], player(state, "Volker")["credit"]) == (20, 0)

    after = summary(play(state, "place D4 draw sea"))
    volker = after["players"]["Volker"]
    # Birgit's seven boats cost 28; Volker holds 20 and borrows 8.
    assert (volker["chests"], volker["credit"], volker["supply"]) == (0, 8, 0)
    assert "20/4" in volker["ships"]
    assert after["over"] and after["end_reason"] == "no_boats"
