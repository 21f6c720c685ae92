"""``engine.jsontext`` reads and writes JSON text exactly as ``json.loads`` and ``json.dumps`` do.

The command line reads and prints through it without importing ``json``, so
each text is read in a fresh interpreter that has not imported ``json``
either (CPython's scanner reports a syntax error through ``json``).
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import jsontext

ROOT = Path(__file__).resolve().parents[2]
TEXTS = [
    "", " ", "{not json", "[1, 2]", " [1,2] x", "\ufeff{}", "1 2", '{"a": }', "[1,]", "tru",
    "-", "0123", '["\x01"]', '"\\ud800"', "NaN", "[Infinity, -Infinity]", "1e400", "1" * 5000,
    '{"a":1,"a":2}', '\t\n {"x": 1.5e3, "y": [true, false, null]} \r\n', '{"Jürgen": "ä\\n"}',
    "[" * 100_000,
]  # fmt: skip
CHILD = """
from engine import jsontext
outcomes = []
for text in TEXTS:
    try:
        value = jsontext.loads(text)
    except Exception as error:
        outcomes.append(("error", type(error).__name__, str(error)))
    else:
        outcomes.append(("value", repr(value), jsontext.dumps(value)))
print(repr(outcomes))
"""


def outcome(text: str) -> tuple[str, str, str]:
    try:
        value = json.loads(text)
    except Exception as error:
        return ("error", type(error).__name__, str(error))
    return ("value", repr(value), json.dumps(value))


def in_fresh_interpreter(code: str) -> Any:
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return ast.literal_eval(done.stdout)


def test_it_reads_and_writes_every_text_as_json_does_and_raises_its_errors():
    """Values, JSON text written back, and the very errors json raises (class and message)."""
    outcomes = in_fresh_interpreter(f"TEXTS = {TEXTS!r}\n{CHILD}")
    assert outcomes == [outcome(text) for text in TEXTS]


def test_reading_and_writing_a_record_imports_no_json():
    """A whole golden record read and written back: json itself is never imported."""
    record = ROOT / "tests" / "golden" / "4p-sea-deck-empty-mixed-seed8.record.json"
    code = (
        "import sys\nfrom engine import jsontext\n"
        f"text = open({str(record)!r}, encoding='utf-8').read()\n"
        "out = jsontext.dumps(jsontext.loads(text))\n"
        "print(repr((out, sorted(name for name in sys.modules if name.startswith('json')))))"
    )
    out, imported = in_fresh_interpreter(code)
    assert out == json.dumps(json.loads(record.read_text(encoding="utf-8")))
    assert imported == []


@pytest.mark.parametrize(
    "value",
    ["Jürgen", 3, 1.5, float("nan"), None, [], {}, {1: 2, None: 3, 2.5: 1, False: 0},
     {"ä": [1e400, -0.0, "x\n\"", {"ß": [True, False]}]}],
)  # fmt: skip
def test_it_writes_values_as_json_dumps_does(value):
    assert jsontext.dumps(value) == json.dumps(value)


def test_a_string_s_json_text_is_the_one_json_dumps_writes():
    """The summaries sort cards and names by it."""
    for text in ("row 3", "x2:10", 'Jürgen "der Rote"', "\x7f\n"):
        assert jsontext.json_string(text) == json.dumps(text)


def test_it_refuses_what_json_dumps_refuses_with_the_same_error():
    circular: list[object] = []
    circular.append(circular)
    for value in ({"a": {1, 2}}, object(), circular):
        with pytest.raises((TypeError, ValueError)) as expected:
            json.dumps(value)
        with pytest.raises(expected.type, match=f"^{re.escape(str(expected.value))}$"):
            jsontext.dumps(value)


def test_its_decode_error_is_json_s():
    with pytest.raises(jsontext.JSONDecodeError, match="^Expecting value"):
        jsontext.loads("x")
    assert jsontext.JSONDecodeError is json.JSONDecodeError
