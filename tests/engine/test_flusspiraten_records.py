"""Flußpiraten records, dice, the command line and the text notation (docs/record-format.md).

The format document's example record must replay to its summary; replay checks
every move's ``roll`` against the Dice table; ``python -m engine`` runs
``new``, ``replay`` and ``legal --player`` for the game.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import flusspiraten as game
from engine.base import IllegalMove
from engine.record import RecordError, replay

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = json.loads((ROOT / "tests/engine/data/flusspiraten-3p.record.json").read_text())


def run(*args: str, stdin: str | None = None) -> tuple[int, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT, input=stdin, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    return done.returncode, json.loads(done.stdout)


def with_moves(moves: list[dict[str, Any]]) -> dict[str, Any]:
    return {**EXAMPLE, "moves": moves}


def test_the_format_documents_example_replays_to_its_summary():
    """Record format: the summary after the 15 example moves (boats 2–8 on their berths)."""
    _, state = replay(EXAMPLE)
    summary = game.summary(state)
    assert summary["over"] is False and summary["to_move"] == ["Dieter"]
    assert summary["winners"] == [] and summary["turntable"] == 1
    assert summary["scores"] == {"Volker": 0, "Birgit": 0, "Dieter": 0}
    assert summary["players"] == {
        "Volker": {"score": 0, "deployed": True, "SL": 2, "SR": 2, "banks": [], "fords": [],
                   "boats": [1], "finished": 0},
        "Birgit": {"score": 0, "deployed": True, "SL": 0, "SR": 4, "banks": [], "fords": [],
                   "boats": [1], "finished": 0},
        "Dieter": {"score": 0, "deployed": True, "SL": 4, "SR": 0, "banks": ["XL"], "fords": [],
                   "boats": [], "finished": 0},
    }  # fmt: skip
    assert summary["boats"]["1"] == {"at": "O7", "crew": ["Volker", "Birgit"]}
    assert all(summary["boats"][str(b)] == {"at": f"H{b}", "crew": []} for b in range(2, 9))
    assert summary["step"] == {"kind": "announce", "turn": "Dieter"}


@pytest.mark.parametrize(
    ("index", "roll", "code"),
    [
        (3, None, "missing_roll"),
        (3, [2, 2], "bad_roll"),
        (3, [0], "bad_roll"),
        (3, [True], "bad_roll"),
        (3, 2, "bad_roll"),
        (0, [3], "unexpected_roll"),
        (4, [1], "unexpected_roll"),
        (8, [3], "bad_roll"),
        (10, [1], "unexpected_roll"),
        (11, [3], "unexpected_roll"),
        (12, [3], "unexpected_roll"),
        (13, None, "missing_roll"),
    ],
)
def test_replay_requires_a_roll_exactly_when_the_rules_roll_dice(index, roll, code):
    """Dice table: missing_roll, unexpected_roll, bad_roll; the error names the move."""
    moves = [dict(m) for m in EXAMPLE["moves"]]
    moves[index].pop("roll", None)
    if roll is not None:
        moves[index]["roll"] = roll
    with pytest.raises(RecordError) as error:
        replay(with_moves(moves))
    assert (error.value.code, error.value.move) == (code, index)


def test_rolls_needed_follows_the_dice_table():
    """rolls_needed: walk 1, lone river row 1, harbour row 2, two-pirate river row 0, the rest 0."""
    state = game.start(EXAMPLE["players"], EXAMPLE["setup"])
    counts = []
    for move in EXAMPLE["moves"]:
        counts.append(game.rolls_needed(state, {k: v for k, v in move.items() if k != "roll"}))
        game.apply_in_place(state, move["player"], move)
    assert counts == [len(m.get("roll", [])) for m in EXAMPLE["moves"]]


def test_new_draws_the_turntable_roll_from_the_seed():
    """Command line: same seed, same record; a die from 1 to 6; no moves."""
    code, first = run("new", "flusspiraten", "--players", "A,B,C,D", "--seed", "9")
    assert (
        code == 0 and first == run("new", "flusspiraten", "--players", "A,B,C,D", "--seed", "9")[1]
    )
    assert first["game"] == "flusspiraten" and first["moves"] == []
    assert first["players"] == ["A", "B", "C", "D"] and 1 <= first["setup"]["turntable_roll"] <= 6
    rolls = {run("new", "flusspiraten", "--players", "A,B,C", "--seed", str(s))[1]["setup"][
        "turntable_roll"] for s in range(12)}  # fmt: skip
    assert len(rolls) > 1
    code, error = run("new", "flusspiraten", "--players", "A,B")
    assert code == 2 and error["error"]["code"] == "invalid_record"


def test_replay_and_legal_on_the_command_line():
    """replay prints the summary; legal lists the first to move's moves, or --player's."""
    text = json.dumps(EXAMPLE)
    code, summary = run("replay", "-", stdin=text)
    assert code == 0 and summary["boats"]["1"]["at"] == "O7"
    assert run("legal", "-", stdin=text) == (0, [{"from": "SL", "type": "walk"},
                                                 {"from": "XL", "type": "walk"}])  # fmt: skip
    assert (
        run("legal", "-", "--player", "Dieter", stdin=text)[1] == run("legal", "-", stdin=text)[1]
    )
    assert run("legal", "-", "--player", "Volker", stdin=text) == (0, [])
    code, error = run("legal", "-", "--player", "Nobody", stdin=text)
    assert code == 2 and (error["error"]["code"], error["error"]["move"]) == (
        "unknown_player",
        None,
    )


def test_legal_lists_every_deploying_player_and_both_rowers():
    """legal --player: any player in to_move, in deploy and in choose."""
    text = json.dumps(with_moves(EXAMPLE["moves"][:1]))
    assert run("legal", "-", "--player", "Dieter", stdin=text)[1][0] == {
        "left": 0,
        "type": "deploy",
    }
    assert run("legal", "-", "--player", "Volker", stdin=text)[1] == []
    text = json.dumps(with_moves(EXAMPLE["moves"][:12]))
    for player in ("Birgit", "Volker"):
        moves = run("legal", "-", "--player", player, stdin=text)[1]
        assert [m["choice"] for m in moves] == ["club", "die", "empty"]


def test_a_replay_error_names_the_move_and_exits_2():
    """Errors: exit status 2 and the 0-based index of the offending move."""
    moves = [dict(m) for m in EXAMPLE["moves"]] + [{"player": "Volker", "type": "pass"}]
    code, error = run("replay", "-", stdin=json.dumps(with_moves(moves)))
    assert code == 2 and error["error"]["code"] == "not_your_turn" and error["error"]["move"] == 15


NOTATION = [
    ("deploy 3", {"type": "deploy", "left": 3}),
    ("walk SL", {"type": "walk", "from": "SL"}),
    ("row 3", {"type": "row", "boat": 3}),
    ("pass", {"type": "pass"}),
    ("die", {"type": "choose", "choice": "die"}),
    ("club", {"type": "choose", "choice": "club"}),
    ("path XL L1 L2", {"type": "path", "steps": ["XL", "L1", "L2"]}),
    ("path XL boat 3", {"type": "path", "steps": ["XL", "boat 3"]}),
    ("path L5 F6 evict R3", {"type": "path", "steps": ["L5", "F6"], "evict": "R3"}),
    ("path O1 O2 O3 turn", {"type": "path", "steps": ["O1", "O2", "O3"], "turn": True}),
    ("path I1 noturn", {"type": "path", "steps": ["I1"], "turn": False}),
    ("path I17 source", {"type": "path", "steps": ["I17", "source"]}),
    ("wish yes", {"type": "wish", "turn": True}),
    ("wish no", {"type": "wish", "turn": False}),
    ("pile 3", {"type": "pile", "boat": 3}),
    ("stay", {"type": "stay"}),
]


@pytest.mark.parametrize(("text", "move"), NOTATION)
def test_the_text_notation_parses_and_prints_every_kind_of_move(text, move):
    """Text notation: each form parses to the JSON move without roll, and prints back."""
    assert game.parse_move(text) == move
    assert game.parse_move(f"  {text.lower()}, ") == move
    assert game.format_move(move) == text


def test_choose_club_is_read_for_the_rower_who_is_not_the_one_to_move():
    """A reply's "choose club" means the choice club."""
    assert game.parse_move("Choose Club") == {"type": "choose", "choice": "club"}


@pytest.mark.parametrize("text", ["", "walk", "row nine", "deploy 6", "wish maybe", "path L1 X9"])
def test_unreadable_notation_is_refused_with_examples(text):
    """Text notation: anything else is bad_notation."""
    with pytest.raises(IllegalMove) as error:
        game.parse_move(text)
    assert error.value.code == "bad_notation"
