"""The engine's command line (docs/record-format.md): new, replay, legal, verify.

Each test runs ``python -m engine`` from the repository root, as CI and the
service's tools do, and reads its JSON output and exit status.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.base import GAMES, get_game
from engine.fairness import commitment
from engine.freibeuter import legal

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data"


def run(*args: str, stdin: str | None = None) -> tuple[int, Any]:
    """Run ``python -m engine ARGS``; return the exit status and the parsed JSON output."""
    done = subprocess.run(
        [sys.executable, "-m", "engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done.returncode, json.loads(done.stdout)


def example(name: str) -> Any:
    return json.loads((DATA / f"freibeuter-3p.{name}.json").read_text(encoding="utf-8"))


def write(tmp_path: Path, record: Any, name: str = "record.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def assert_contains(actual: Any, expected: Any, where: str = "summary") -> None:
    """Every key of ``expected`` is in ``actual`` with the same value; more keys are welcome."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), where
        for key, value in expected.items():
            assert key in actual, f"{where}.{key} is missing"
            assert_contains(actual[key], value, f"{where}.{key}")
    else:
        assert actual == expected, where


def test_new_deals_the_same_record_for_the_same_seed_and_another_for_another():
    """`new … --seed N`: the same seed gives the same record, another seed another."""
    first = run("new", "freibeuter", "--players", "Volker,Birgit,Dieter", "--seed", "42")
    again = run("new", "freibeuter", "--players", "Volker,Birgit,Dieter", "--seed", "42")
    other = run("new", "freibeuter", "--players", "Volker,Birgit,Dieter", "--seed", "43")
    assert first[0] == again[0] == other[0] == 0
    assert first[1] == again[1]
    assert first[1]["setup"] != other[1]["setup"]
    record = first[1]
    assert (record["format"], record["game"], record["moves"]) == (
        "pbem-record/1",
        "freibeuter",
        [],
    )
    assert record["players"] == ["Volker", "Birgit", "Dieter"]


def test_a_new_record_replays_to_the_opening_position(tmp_path):
    """`new` prints a record that `replay` reads: nobody has moved, the first seat begins."""
    _, record = run("new", "freibeuter", "--players", "Ann, Ben", "--seed", "7")
    assert record["players"] == ["Ann", "Ben"]
    status, summary = run("replay", write(tmp_path, record))
    assert status == 0
    assert (summary["over"], summary["to_move"], summary["winners"]) == (False, "Ann", [])
    assert summary["scores"] == {"Ann": 20, "Ben": 20}
    assert summary["decks"] == {"sea": 66, "dutchman": 12}


def test_replay_of_the_example_record_prints_its_summary():
    """`replay`: the shared example's summary, key order aside and extra keys allowed."""
    status, summary = run("replay", str(DATA / "freibeuter-3p.record.json"))
    assert status == 0
    assert_contains(summary, example("summary"))


def test_replay_and_legal_after_10_moves_match_the_example(tmp_path):
    """`replay` and `legal` after the example's first 10 moves print the stored answers."""
    after10 = example("after10")
    record = example("record")
    record["moves"] = record["moves"][: after10["record_moves"]]
    path = write(tmp_path, record)
    status, summary = run("replay", path)
    assert status == 0
    assert_contains(summary, after10["summary"])
    assert run("legal", path) == (0, after10["legal"])


def test_legal_is_sorted_by_json_text_and_empty_when_the_game_is_over(tmp_path):
    """`legal`: sorted by json.dumps(m, sort_keys=True); `[]` once the game is over."""
    _, record = run("new", "freibeuter", "--players", "A,B,C,D", "--seed", "3")
    status, moves = run("legal", write(tmp_path, record))
    assert status == 0 and moves
    assert moves == sorted(moves, key=lambda m: json.dumps(m, sort_keys=True))
    assert all("player" not in m and "order" not in m for m in moves)
    assert run("legal", str(DATA / "freibeuter-3p.record.json")) == (0, [])


def test_legal_for_a_named_player_lists_his_moves_only_when_it_is_his_turn(tmp_path):
    """`legal --player`: the moves of that player, `[]` when it is not his turn."""
    _, record = run("new", "freibeuter", "--players", "A,B", "--seed", "3")
    path = write(tmp_path, record)
    assert run("legal", path, "--player", "A") == run("legal", path)
    assert run("legal", path, "--player", "B") == (0, [])


def test_a_dash_reads_the_record_from_standard_input():
    """RECORD may be `-`: the record comes on standard input."""
    text = (DATA / "freibeuter-3p.record.json").read_text(encoding="utf-8")
    assert run("replay", "-", stdin=text) == run("replay", str(DATA / "freibeuter-3p.record.json"))
    assert run("legal", "-", stdin=text) == (0, [])


def bad_move(record: dict[str, Any]) -> dict[str, Any]:
    record["moves"][5]["player"] = record["moves"][4]["player"]
    return record


def bad_setup(record: dict[str, Any]) -> dict[str, Any]:
    record["setup"]["tiles"][0] = "x3:5"
    return record


def unknown_game(record: dict[str, Any]) -> dict[str, Any]:
    record["game"] = "chess"
    return record


@pytest.mark.parametrize(
    "damage, code, index",
    [(bad_move, "not_your_turn", 5), (bad_setup, "invalid_setup", None),
     (unknown_game, "unknown_game", None)],
)  # fmt: skip
@pytest.mark.parametrize("command", ["replay", "legal"])
def test_an_invalid_record_exits_2_with_the_error_and_the_index_of_the_move(
    tmp_path, command, damage, code, index
):
    """Exit status 2 and {"error": {"code", "message", "move"}}, `move` the index or null."""
    path = write(tmp_path, damage(example("record")))
    status, output = run(command, path)
    assert status == 2
    assert set(output) == {"error"} and set(output["error"]) == {"code", "message", "move"}
    assert (output["error"]["code"], output["error"]["move"]) == (code, index)
    assert output["error"]["message"]


@pytest.mark.parametrize(
    "content, code",
    [(None, "unreadable_record"), (b"{not json", "invalid_record"),
     (b"\xff\xfe\x00", "invalid_record"), (b"[1, 2]", "invalid_record")],
)  # fmt: skip
def test_an_unreadable_or_non_json_record_exits_2(tmp_path, content, code):
    """A missing file, text that is not JSON or not UTF-8, or JSON that is no record."""
    path = tmp_path / "record.json"
    if content is not None:
        path.write_bytes(content)
    status, output = run("replay", str(path))
    assert status == 2
    assert output["error"]["code"] == code and output["error"]["move"] is None


def test_an_unknown_game_or_player_exits_2():
    """`new` of an unknown game, and `legal --player` for someone not in the game."""
    status, output = run("new", "chess", "--players", "A,B")
    assert status == 2 and output["error"]["code"] == "unknown_game"
    status, output = run("legal", str(DATA / "freibeuter-3p.record.json"), "--player", "Mallory")
    assert status == 2
    assert (output["error"]["code"], output["error"]["move"]) == ("unknown_player", None)
    assert "Mallory" in output["error"]["message"]


def test_new_with_too_few_players_exits_2():
    """`new` checks the players like a record's (2 to 4, [D2])."""
    status, output = run("new", "freibeuter", "--players", "Solo")
    assert status == 2 and output["error"]["code"] == "invalid_record"


def salted(record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    salt = "5b6f0d2c9e8a4f17a3c1d2e4f5a6b7c8"
    digest = commitment(record["game"], record["players"], record["setup"], salt)
    return {**record, "salt": salt}, digest


def test_verify_accepts_the_setup_that_was_committed(tmp_path):
    """`verify`: the revealed setup and salt give the published digest."""
    record, digest = salted(example("record"))
    status, output = run("verify", write(tmp_path, record), digest.upper())
    assert status == 0
    assert output == {"verified": True, "commitment": digest}


def test_verify_rejects_a_setup_changed_after_the_commitment(tmp_path):
    """`verify`: swapping two undealt cards is still a valid setup, but not the committed one."""
    record, digest = salted(example("record"))
    deck = record["setup"]["sea_deck"]
    swap = next(i for i in range(len(deck) - 1, 0, -1) if deck[i] != deck[i - 1])
    deck[swap], deck[swap - 1] = deck[swap - 1], deck[swap]
    status, output = run("verify", write(tmp_path, record), digest)
    assert status == 2
    assert output["error"]["code"] == "commitment_mismatch"


def test_verify_needs_the_revealed_salt():
    """`verify`: a record without its salt cannot be checked."""
    _, digest = salted(example("record"))
    status, output = run("verify", str(DATA / "freibeuter-3p.record.json"), digest)
    assert status == 2 and output["error"]["code"] == "no_salt"


def test_a_wrong_command_line_exits_2_with_a_usage_error():
    """Usage errors follow the same JSON error contract."""
    status, output = run("shuffle")
    assert status == 2 and output["error"]["code"] == "usage"


@pytest.mark.parametrize("record", [str(DATA / "freibeuter-3p.record.json"), "missing.json"])
def test_replay_reads_the_record_after_a_double_dash_as_without(record):
    """`replay -- RECORD` is `replay RECORD`, a missing file's error included."""
    assert run("replay", record) == run("replay", "--", record)


def test_each_game_names_its_bot_notation_and_legal_moves():
    """A game's package names bot_move, parse_move and format_move of its own modules."""
    for name in GAMES:
        game = get_game(name)
        bot = importlib.import_module(f"engine.{name}.bot")
        notation = importlib.import_module(f"engine.{name}.notation")
        assert game.bot_move is bot.bot_move
        assert (game.parse_move, game.format_move) == (notation.parse_move, notation.format_move)
        assert not hasattr(game, "no_such_name")
    assert get_game("freibeuter").legal_moves is legal.legal_moves
