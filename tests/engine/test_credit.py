"""Pirate credit (rules §6, [D6]): the bank covers a shortfall, and it costs double at the end."""

from __future__ import annotations

from positions import boats_spent, chests, play, player, position

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
    crowd = ["C3", "C3", "D3", "D3", "C4", "C4"]
    elsewhere = ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "A3", "B3", "E3", "F3", "G3"]
    elsewhere += ["A5", "B5", "F5", "G5", "A7", "B7"]
    state = boats_spent(crowd + elsewhere, then=["place D4 draw sea"])
    volker = player(state, "Volker")
    assert (volker["chests"], volker["credit"], volker["supply"]) == (20, 0, 0)

    after = summary(play(state, "place D4 draw sea"))
    volker = after["players"]["Volker"]
    # Birgit's seven boats cost 28; Volker holds 20 and borrows 8.
    assert (volker["chests"], volker["credit"], volker["supply"]) == (0, 8, 0)
    assert "20/4" in volker["ships"]
    assert after["over"] and after["end_reason"] == "no_boats"
