"""The engine stays pure: no framework, no I/O, no clock, no global random.

Every module under ``engine/`` is read with :mod:`ast`. Only the command line
(``engine/__main__.py``) may read files and use ``sys``, ``secrets`` and a
seeded ``random.Random``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import engine

ENGINE = Path(__file__).resolve().parents[2] / "engine"
COMMAND_LINE = ENGINE / "__main__.py"

BANNED = {"django", "celery", "rest_framework", "redis", "psycopg", "psycopg2", "time",
          "datetime", "os", "pathlib", "io", "socket", "shutil", "subprocess", "urllib",
          "requests", "http", "tempfile", "glob", "sqlite3", "threading", "asyncio"}  # fmt: skip
"""Modules that bring frameworks, the clock or input/output into the rules."""
COMMAND_LINE_ONLY = {"sys", "secrets"}
IO_CALLS = {"open", "input", "print", "exec", "eval", "__import__"}


def problems(source: str, *, command_line: bool = False) -> list[str]:
    """Every impure thing in ``source``: a banned import, a global random call, I/O."""
    tree = ast.parse(source)
    banned = BANNED | (set() if command_line else COMMAND_LINE_ONLY)
    random_names = {"random"}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                root = alias.name.split(".")[0]
                if root in banned:
                    found.append(f"line {node.lineno}: import {alias.name}")
                if root == "random":
                    random_names.add(alias.asname or "random")
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            root = node.module.split(".")[0]
            if root in banned:
                found.append(f"line {node.lineno}: from {node.module} import …")
            if root == "random":
                for alias in node.names:
                    if alias.name != "Random":
                        found.append(f"line {node.lineno}: from random import {alias.name}")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            if node.value.id in random_names and node.attr != "Random":
                found.append(f"line {node.lineno}: {node.value.id}.{node.attr}")
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in IO_CALLS
            and not command_line
        ):
            found.append(f"line {node.lineno}: {node.func.id}()")
    return found


def engine_modules() -> list[Path]:
    return sorted(ENGINE.rglob("*.py"))


@pytest.mark.parametrize("path", engine_modules(), ids=lambda p: str(p.relative_to(ENGINE)))
def test_engine_modules_import_no_framework_clock_or_io_and_use_no_global_random(path):
    """engine/ has NO Django, NO I/O, NO clock, NO global random."""
    found = problems(path.read_text(encoding="utf-8"), command_line=path == COMMAND_LINE)
    assert found == [], f"{path.relative_to(ENGINE.parent)}: {found}"


def test_the_tests_check_the_engine_of_their_own_tree():
    """The engine under test is the one scanned here, not another installed copy."""
    assert Path(engine.__file__).resolve().parent == ENGINE


def test_the_scan_covers_the_whole_engine():
    """The scan sees every game package, so a new module cannot slip past it."""
    names = {str(p.relative_to(ENGINE)) for p in engine_modules()}
    assert {"__main__.py", "base.py", "record.py", "freibeuter/rules.py"} <= names


@pytest.mark.parametrize(
    "source",
    [
        "import django",
        "from django.db import models",
        "import os.path",
        "from datetime import datetime",
        "import time\ntime.time()",
        "import random\nrandom.shuffle(x)",
        "import random\nrandom.seed(1)",
        "import random as r\nr.randint(1, 6)",
        "from random import choice",
        "import sys",
        "import secrets",
        "open('record.json')",
        "from pathlib import Path",
        "import io",
        "import socket",
        "import rest_framework.views",
        "import celery",
        "import redis",
        "import psycopg",
    ],
)
def test_the_scan_catches_each_kind_of_impurity(source):
    """The checker itself: each of these lines would make the engine impure."""
    assert problems(source)


@pytest.mark.parametrize(
    "source",
    [
        "import random\ndef new_setup(players, rng: random.Random): ...",
        "from random import Random\nrng = Random(7)",
        "import json\nimport hashlib\nfrom collections import Counter",
    ],
)
def test_the_scan_allows_a_random_generator_passed_in_and_plain_modules(source):
    """``random.Random`` as a type or constructor is data passed in, not hidden randomness."""
    assert problems(source) == []


def test_the_command_line_may_read_files_and_seed_its_own_generator():
    """engine/__main__.py: files, sys, secrets and random.Random(seed) are its job."""
    source = "import sys, secrets, random\nopen(path)\nrandom.Random(secrets.randbits(64))"
    assert problems(source, command_line=True) == []
    assert problems("import random\nrandom.random()", command_line=True)
