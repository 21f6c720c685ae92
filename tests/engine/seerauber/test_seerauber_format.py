"""The Seeräuber section of ``docs/record-format.md``: the worked example, the command line.

The command-line tests run ``python -m engine`` from the repository root and
read its JSON output and exit status.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.engine.test_command_line import run

EXAMPLE = Path(__file__).resolve().parent / "data" / "worked-example.record.json"


def example(moves: int) -> str:
    record = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    record["moves"] = record["moves"][:moves]
    return json.dumps(record)


def test_the_worked_example_summary_after_8_moves_is_the_documents():
    status, seen = run("replay", "-", stdin=example(8))
    assert status == 0
    empty = {"chest": 0, "candlestick": 0, "rum": 0, "dagger": 0}
    required = {
        "over": False,
        "to_move": "Ben",
        "winners": [],
        "scores": {"Ann": 10, "Ben": 10, "Cy": 10},
        "players": {
            "Ann": {"ducats": 10, "booty": empty, "free": ["R?"]},
            "Ben": {"ducats": 10, "booty": empty, "free": ["B?"]},
            "Cy": {"ducats": 10, "booty": empty, "free": ["G4", "G5", "G?"]},
        },
        "table": {
            "stacks": {
                "B5": {"pirates": ["R3", "G2", "R5", "B5"], "captain": "Ben"},
                "G3": {"pirates": ["B2", "R2", "B3", "R4", "B4", "G3"], "captain": "Cy"},
            },
            "display": ["S02", "S14", "S09"],
            "deck": 12,
            "boarded": {"Ann": [], "Ben": [], "Cy": []},
            "pending": {"captain": "Cy", "mutiny_asked": "Ben"},
        },
    }
    assert {key: seen[key] for key in required} == required


def test_the_worked_example_legal_lists_after_8_and_9_moves_are_the_documents():
    status, legal = run("legal", "-", stdin=example(8))
    assert status == 0
    assert legal == [{"stack": "G3", "type": "mutiny"}, {"type": "no_mutiny"}]
    status, legal = run("legal", "-", stdin=example(9))
    boardings = [(m["ship"], m["booty"]) for m in legal]
    assert boardings == [
        ("S14", "candlestick"),
        ("S09", "chest"),
        ("S09", "dagger"),
        ("S02", "rum"),
        ("S14", "rum"),
    ]
    assert all(m["type"] == "board" and m["stack"] == "G3" for m in legal)
    assert [json.dumps(m, sort_keys=True) for m in legal] == sorted(
        json.dumps(m, sort_keys=True) for m in legal
    )


def test_the_whole_example_record_replays_with_cys_boarding():
    status, seen = run("replay", str(EXAMPLE))
    assert status == 0
    assert seen["table"]["boarded"]["Cy"] == ["S14"]
    assert seen["players"]["Ben"]["booty"]["candlestick"] == 1
    assert seen["to_move"] == "Ann" and seen["table"]["pending"] is None


def test_new_deals_a_shuffled_deck_the_same_for_the_same_seed():
    status, record = run("new", "seerauber", "--players", "A,B,C", "--seed", "7")
    assert status == 0
    assert record["game"] == "seerauber" and record["players"] == ["A", "B", "C"]
    assert record["moves"] == []
    assert sorted(record["setup"]["ships"]) == [f"S{i:02d}" for i in range(1, 16)]
    assert run("new", "seerauber", "--players", "A,B,C", "--seed", "7")[1] == record
    assert run("new", "seerauber", "--players", "A,B,C", "--seed", "8")[1] != record


@pytest.mark.parametrize("players", ["A,B", "A,B,C,D,E,F"])
def test_new_takes_3_to_5_players_S2(players):
    status, output = run("new", "seerauber", "--players", players, "--seed", "1")
    assert status == 2
    assert output["error"]["code"] == "invalid_record" and output["error"]["move"] is None


def test_a_bad_deck_is_an_invalid_setup_with_move_null():
    record = json.loads(example(0))
    record["setup"]["ships"][0] = "S03"
    status, output = run("replay", "-", stdin=json.dumps(record))
    assert status == 2
    assert output["error"]["code"] == "invalid_setup" and output["error"]["move"] is None


def test_an_illegal_move_is_reported_with_its_index():
    record = json.loads(example(8))
    record["moves"].append({"player": "Cy", "type": "pass"})
    status, output = run("replay", "-", stdin=json.dumps(record))
    assert status == 2
    assert output["error"]["code"] == "not_your_turn" and output["error"]["move"] == 8


def test_legal_prints_pass_alone_when_nothing_else_is_legal_and_nothing_once_over():
    data = Path(__file__).resolve().parent / "data"
    record = json.loads((data / "deadlock.record.json").read_text(encoding="utf-8"))
    assert run("legal", "-", stdin=json.dumps(record))[1] == []
    record["moves"] = record["moves"][:-1]
    assert run("legal", "-", stdin=json.dumps(record))[1] == [{"type": "pass"}]
