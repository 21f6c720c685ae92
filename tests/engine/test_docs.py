"""The reference documents in ``docs/`` say what the engine does.

Every settled-point label (``[D3]``, ``[S4]``, ``[F5]`` …) cited in the code
and the tests is defined in its game's rules page, and every marked example
of ``docs/record-format.md`` gives, through ``python -m engine``, the output
the page states. No Markdown page of the project points outside the
repository (to ``../shared``), so a plain clone stands alone.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from engine.base import get_game
from tests.clock import clocked_command
from tests.engine.test_command_line import assert_contains

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
RULES = {"D": "freibeuter.md", "S": "seerauber.md", "F": "flusspiraten.md"}
OUTSIDE = re.compile(r"\.\./shared|shared/(rules|formats|examples)/")
NOTATION_ROW = re.compile(r"^\| `(\{.*?\})` \| `([^`]+)`", re.M)
CITING = ("engine", "games", "freibeuter_site", "templates", "tests", "bench", "locale")
LABEL = re.compile(r"\[([DSF])([0-9]+)\]")
EXAMPLE = re.compile(r"<!-- example: (?P<spec>[^\n]*?) -->\n```json\n(?P<body>.*?)\n```", re.S)


def cited_labels() -> dict[str, set[str]]:
    """Every label cited outside ``docs/``, with the files citing it."""
    files = [ROOT / "README.md"]
    for folder in CITING:
        files += [
            p
            for p in (ROOT / folder).rglob("*")
            if p.suffix in (".py", ".html", ".txt", ".md", ".po")
        ]
    cited: dict[str, set[str]] = {}
    for path in files:
        for game, number in LABEL.findall(path.read_text(encoding="utf-8")):
            cited.setdefault(f"[{game}{number}]", set()).add(str(path.relative_to(ROOT)))
    return cited


def defined_labels(game: str) -> list[int]:
    """The numbers of the labels a rules page defines (written in bold, ``**[D3]**``)."""
    text = (DOCS / "rules" / RULES[game]).read_text(encoding="utf-8")
    return [int(n) for n in re.findall(rf"\*\*\[{game}([0-9]+)\]\*\*", text)]


def test_it_defines_every_label_that_the_code_and_tests_cite():
    cited = cited_labels()
    assert len(cited) > 40, "the label scan found almost nothing: is the pattern still right?"
    missing = {
        label: sorted(where)
        for label, where in cited.items()
        if int(label[2:-1]) not in defined_labels(label[1])
    }
    assert not missing, f"labels cited but defined in no docs/rules page: {missing}"


@pytest.mark.parametrize("game", sorted(RULES))
def test_it_defines_each_label_once_and_numbers_them_without_gaps(game):
    numbers = defined_labels(game)
    assert sorted(numbers) == list(range(1, len(numbers) + 1)), numbers


@pytest.mark.parametrize("page", sorted(RULES.values()))
def test_it_writes_each_move_of_a_rules_table_as_the_engine_reads_and_prints_it(page):
    game = get_game(page.removesuffix(".md"))
    rows = NOTATION_ROW.findall((DOCS / "rules" / page).read_text(encoding="utf-8"))
    assert len(rows) >= 5, f"{page} shows only {len(rows)} moves in both forms"
    for move, text in rows:
        assert game.parse_move(text) == json.loads(move), text
        assert game.format_move(json.loads(move)) == text, move


def examples() -> list[tuple[str, Any]]:
    """The marked JSON examples of the record format, in page order."""
    text = (DOCS / "record-format.md").read_text(encoding="utf-8")
    return [(m["spec"], json.loads(m["body"])) for m in EXAMPLE.finditer(text)]


def engine(tmp_path: Path, record: Any, args: list[str]) -> tuple[int, Any]:
    """Run ``python -m engine ARGS`` with ``RECORD`` standing for ``record`` written to a file."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    command = clocked_command("engine", *(str(path) if a == "RECORD" else a for a in args))
    done = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
    )
    return done.returncode, json.loads(done.stdout)


def test_it_gives_the_output_that_each_example_of_the_record_format_states(tmp_path):
    records: dict[str, Any] = {}
    checked = 0
    for spec, body in examples():
        head, _, args = spec.partition(" -- ")
        kind, name, *options = head.split()
        settings = dict(option.split("=") for option in options)
        if kind == "record":
            records[name] = body
            continue
        record = records.get(name)
        if record is not None and "moves" in settings:
            record = {**record, "moves": record["moves"][: int(settings["moves"])]}
        if kind == "summary":
            status, output = engine(tmp_path, record, ["replay", "RECORD"])
            assert status == 0, (spec, output)
            assert_contains(output, body, where=spec)
        else:
            assert kind == "output", spec
            status, output = engine(tmp_path, record, args.split())
            assert (status, output) == (int(settings.get("exit", 0)), body), spec
        checked += 1
    assert set(records) == {"freibeuter", "seerauber", "flusspiraten", "chain"}
    assert checked >= 9, f"only {checked} examples were checked"


def test_it_shows_whole_records_and_summaries_with_their_required_keys():
    """A record example is a whole ``pbem-record/1``; a summary keeps its required keys."""
    for spec, body in examples():
        if spec.startswith("record"):
            assert body["format"] == "pbem-record/1" and {
                "game",
                "players",
                "setup",
                "moves",
            } <= set(body), spec
        if spec.startswith("summary"):
            assert {"over", "to_move", "winners", "scores", "players"} <= set(body), spec


def test_it_points_only_to_files_in_the_repository():
    pages = [p for p in ROOT.rglob("*.md") if not {".venv", "node_modules"} & set(p.parts)]
    assert ROOT / "README.md" in pages and DOCS / "record-format.md" in pages
    for page in pages:
        text = page.read_text(encoding="utf-8")
        outside = OUTSIDE.search(text)
        assert outside is None, f"{page.relative_to(ROOT)} points outside the clone: {outside}"
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", text):
            if "://" not in target:
                assert (page.parent / target).exists(), f"{page.name} links to missing {target}"
