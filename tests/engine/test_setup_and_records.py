"""Setups and records (rules §1–§2, [D1], [D2]; docs/record-format.md): what is accepted.

A setup must be exactly one full set of components; a record must be a
``pbem-record/1`` envelope. Anything else is refused with ``invalid_setup`` or
``invalid_record`` (``move`` is ``None``); an illegal move names its index.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from positions import FOUR, PLAYERS, is_dutchman_card, play, position

from engine.base import IllegalMove
from engine.freibeuter import legal_moves, new_setup, start, summary
from engine.record import RecordError, new_record, replay


def fresh_setup() -> dict[str, Any]:
    return new_setup(PLAYERS, random.Random(3))


def test_a_new_setup_is_one_full_set_of_components():
    """§1, §2: 36 tiles, 74 sea and 14 Dutchman cards, each hand 4 sea cards and 1 Dutchman card."""
    setup = fresh_setup()
    assert Counter(setup["tiles"]) == Counter(
        {"5/1": 7, "10/2": 7, "15/3": 7, "20/4": 7, "lair": 4}
        | dict.fromkeys(["x2:5", "x2:10", "x2:15", "x2:20"], 1)
    )
    cards = setup["sea_deck"] + setup["dutchman_deck"]
    for hand in setup["hands"].values():
        assert sum(1 for c in hand if is_dutchman_card(c)) == 1 and len(hand) == 5
        cards += hand
    assert sum(1 for c in cards if not is_dutchman_card(c)) == 74
    dutchman = sorted(c for c in cards if is_dutchman_card(c))
    assert dutchman == sorted([f"row {r}" for r in range(1, 8)] + [f"col {c}" for c in "ABCDEFG"])
    assert summary(start(PLAYERS, setup))["decks"] == {"sea": 74 - 12, "dutchman": 14 - 3}


def test_every_player_starts_with_25_boats_and_20_chests_D1():
    """§2, [D1]: 25 boats in the supply and 20 chests each; nobody owes or owns anything."""
    players = summary(start(PLAYERS, fresh_setup()))["players"]
    for p in players.values():
        assert (p["supply"], p["chests"], p["credit"], p["ships"]) == (25, 20, 0, [])


def test_the_bank_never_runs_out_of_chests_D1():
    """[D1]: the bank is unlimited; the 62 chest cards of the box are no limit."""
    state = position(["place F4 draw sea", "place F4 chests draw sea"], players=FOUR)
    assert sum(p["chests"] for p in summary(state)["players"].values()) == 4 * 20 + 2 > 62
    assert summary(state)["players"]["Birgit"]["chests"] == 22


@pytest.mark.parametrize("count", [2, 3, 4])
def test_two_to_four_players_may_play_D2(count):
    """[D2]: Freibeuter is played by 2, 3 or 4 players; the first seat begins."""
    players = list(FOUR[:count])
    state = start(players, new_setup(players, random.Random(count)))
    assert summary(state)["to_move"] == players[0]
    assert summary(state)["decks"]["sea"] == 74 - 4 * count


@pytest.mark.parametrize("players", [["Volker"], [*FOUR, "Ute"]])
def test_one_or_five_players_are_refused_D2(players):
    """[D2]: fewer than 2 or more than 4 players cannot play."""
    with pytest.raises(IllegalMove) as error:
        start(players, new_setup(players, random.Random(0)))
    assert error.value.code == "invalid_record"
    assert str(len(players)) in error.value.message


def swap(where: str, index: int, card: str) -> Callable[[dict[str, Any]], None]:
    """Put ``card`` at ``index`` of a deck (or Volker's hand), where another card was."""

    def change(setup: dict[str, Any]) -> None:
        place = setup["hands"]["Volker"] if where == "hand" else setup[where]
        place[index] = card

    return change


def move_card(source: str, target: str, dutchman: bool) -> Callable[[dict[str, Any]], None]:
    """Move a card from one deck (or Volker's hand) to another, keeping the set complete."""

    def change(setup: dict[str, Any]) -> None:
        places = {"hand": setup["hands"]["Volker"], "sea": setup["sea_deck"]}
        places["dutchman"] = setup["dutchman_deck"]
        card = next(c for c in places[source] if is_dutchman_card(c) == dutchman)
        places[source].remove(card)
        places[target].append(card)

    return change


def replace(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(setup: dict[str, Any]) -> None:
        setup[key] = value

    return change


def drop(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda setup: setup.pop(key)


INVALID_SETUPS = [
    ("lacks tiles", drop("tiles"), "'tiles'"),
    ("lacks hands", drop("hands"), "'hands'"),
    ("lacks the sea deck", drop("sea_deck"), "'sea_deck'"),
    ("lacks the Dutchman deck", drop("dutchman_deck"), "'dutchman_deck'"),
    ("tiles not a list", replace("tiles", "5/1 " * 36), "tiles must be a list of strings"),
    ("35 tiles", lambda s: s["tiles"].pop(), "36 tiles, not 35"),
    ("a fifth lair", lambda s: s["tiles"].__setitem__(s["tiles"].index("5/1"), "lair"),
     "too many 1 × lair; missing 1 × 5/1"),
    ("an unknown tile", lambda s: s["tiles"].__setitem__(0, "x3:5"), "unknown 1 × x3:5"),
    ("a number for a tile", lambda s: s["tiles"].__setitem__(0, 5), "tiles must be a list"),
    ("hands not an object", replace("hands", [["A1"]]), "one hand to each player"),
    ("a hand missing", lambda s: s["hands"].pop("Dieter"), "one hand to each player"),
    ("a hand for a stranger", lambda s: s["hands"].__setitem__("Mallory", []),
     "one hand to each player"),
    ("a hand that is no list", lambda s: s["hands"].__setitem__("Volker", "A1"),
     "hand of Volker must be a list"),
    ("two Dutchman cards in a hand", move_card("dutchman", "hand", dutchman=True),
     "Volker's hand must hold 4 sea cards and 1 Dutchman card"),
    ("a fifth sea card in a hand", move_card("sea", "hand", dutchman=False),
     "Volker's hand must hold 4 sea cards and 1 Dutchman card"),
    ("a Dutchman card in the sea deck", move_card("dutchman", "sea", dutchman=True),
     "sea deck holds a Dutchman card"),
    ("a sea card in the Dutchman deck", move_card("sea", "dutchman", dutchman=False),
     "Dutchman deck holds a sea card"),
    ("a third C3 card", swap("sea_deck", 0, "C3"), "too many 1 × C3"),
    ("an unknown card", swap("sea_deck", 0, "H9"), "unknown 1 × H9"),
    ("a missing card", lambda s: s["sea_deck"].pop(), "missing 1 ×"),
    ("a sea deck that is text", replace("sea_deck", "A1 A2"), "sea deck must be a list"),
]  # fmt: skip


@pytest.mark.parametrize(
    "change, fragment", [case[1:] for case in INVALID_SETUPS], ids=[c[0] for c in INVALID_SETUPS]
)
def test_a_setup_that_is_not_one_full_set_is_refused(change, fragment):
    """docs/record-format.md: anything but one full set of components is rejected clearly."""
    setup = fresh_setup()
    change(setup)
    with pytest.raises(IllegalMove) as error:
        start(PLAYERS, setup)
    assert error.value.code == "invalid_setup"
    assert fragment in error.value.message


def test_a_setup_that_is_no_object_is_refused():
    """docs/record-format.md: the setup is a JSON object."""
    for setup in (None, [], "setup", 36):
        with pytest.raises(IllegalMove) as error:
            start(PLAYERS, setup)
        assert error.value.code == "invalid_setup"


def a_record() -> dict[str, Any]:
    record = new_record("freibeuter", PLAYERS, random.Random(11))
    state = start(PLAYERS, record["setup"])
    for _ in range(5):
        move = legal_moves(state)[0]
        record["moves"].append({"player": summary(state)["to_move"], **move})
        state = play(state, move)
    return record


def edit(**changes: Any) -> Callable[[dict[str, Any]], Any]:
    def change(record: dict[str, Any]) -> Any:
        for key, value in changes.items():
            if value is None:
                record.pop(key)
            else:
                record[key] = value
        return record

    return change


INVALID_RECORDS = [
    ("not an object", lambda r: [r], "invalid_record", None, "JSON object"),
    ("another format", edit(format="pgn"), "invalid_record", None, "'pgn'"),
    ("no format", edit(format=None), "invalid_record", None, "pbem-record/1"),
    ("an unknown game", edit(game="chess"), "unknown_game", None, "'chess'"),
    ("no game", edit(game=None), "unknown_game", None, "None"),
    ("no setup", edit(setup=None), "invalid_setup", None, "no setup"),
    ("a broken setup", lambda r: r["setup"].pop("tiles") and r, "invalid_setup", None, "'tiles'"),
    ("players that are text", edit(players="Volker,Birgit"), "invalid_record", None, "list"),
    ("an empty name", edit(players=["Volker", " ", "Dieter"]), "invalid_record", None, "empty"),
    ("a name twice", edit(players=["Volker", "Volker", "Dieter"]), "invalid_record", None,
     "unique"),
    ("a name that is a number", edit(players=["Volker", 2, "Dieter"]), "invalid_record", None,
     "list of names"),
    ("moves that are an object", edit(moves={"0": {}}), "invalid_record", None, "list"),
    ("a move that is text", lambda r: r["moves"].insert(2, "board A1-B2") or r, "bad_move", 2,
     "object"),
    ("a move without player", lambda r: r["moves"][3].pop("player") and r, "unknown_player", 3,
     "player"),
    ("a move out of turn", lambda r: r["moves"][4].update(player="Volker") or r, "not_your_turn", 4,
     "Birgit"),
]  # fmt: skip


@pytest.mark.parametrize(
    "change, code, index, fragment",
    [case[1:] for case in INVALID_RECORDS],
    ids=[case[0] for case in INVALID_RECORDS],
)
def test_an_invalid_record_is_refused_with_the_index_of_the_bad_move(change, code, index, fragment):
    """docs/record-format.md: errors carry a stable code and the index of the move (or None)."""
    record = change(copy.deepcopy(a_record()))
    with pytest.raises(RecordError) as error:
        replay(record)
    assert (error.value.code, error.value.move) == (code, index)
    assert fragment in error.value.message
    assert error.value.as_json() == {
        "error": {"code": code, "message": error.value.message, "move": index}
    }


def test_a_record_without_moves_has_no_moves():
    """docs/record-format.md: a record without ``moves`` is the opening position."""
    record = a_record()
    del record["moves"]
    _, state = replay(record)
    assert summary(state) == summary(start(PLAYERS, record["setup"]))
