"""The fixed geometry and components of Freibeuter (rules §1), as ``board.py`` holds them.

Each table of ``engine/freibeuter/board.py`` is derived here again from the
names of the fields and tiles, another way, so a table can never drift from
the board it describes.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from engine.freibeuter import board, new_setup

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
RECORDS = sorted(GOLDEN.glob("*.record.json"))
ROWS = "1234567"


def test_fields_and_tiles_are_numbered_row_major():
    """``0`` = ``A1`` … ``48`` = ``G7``; ``0`` = ``A1-B2`` … ``35`` = ``F6-G7``."""
    names = [column + row for row in ROWS for column in board.COLUMNS]
    tiles = [f"{names[f]}-{names[f + 8]}" for f in range(42) if names[f][0] != "G"]
    assert (list(board.FIELD_NAMES), list(board.TILE_NAMES)) == (names, tiles)
    assert board.TILE_NAMES[:7] == ("A1-B2", "B1-C2", "C1-D2", "D1-E2", "E1-F2", "F1-G2", "A2-B3")
    assert all(board.FIELD_INDEX[name] == f for f, name in enumerate(board.FIELD_NAMES))
    assert all(board.TILE_INDEX[name] == t for t, name in enumerate(board.TILE_NAMES))
    assert len(board.FIELD_INDEX) == 49 and len(board.TILE_INDEX) == 36


def test_each_tile_lies_between_the_four_fields_its_name_spans():
    """``B3-C4`` lies between B3, C3, B4 and C4 (row-major)."""
    for name, fields in zip(board.TILE_NAMES, board.TILE_FIELDS, strict=True):
        (left, top), (right, bottom) = name.split("-")
        corners = (left + top, right + top, left + bottom, right + bottom)
        assert tuple(board.FIELD_NAMES[f] for f in fields) == corners, name


def test_the_surround_checks_list_every_tile_touching_a_field_with_its_other_three_fields():
    """A corner touches 1 tile, an edge field 2, an inner field 4, each in row-major order."""
    for field, checks in enumerate(board.SURROUND_CHECKS):
        expected = tuple(
            (t, *[other for other in fields if other != field])
            for t, fields in enumerate(board.TILE_FIELDS)
            if field in fields
        )
        assert checks == expected, board.FIELD_NAMES[field]
    touching = [len(checks) for checks in board.SURROUND_CHECKS]
    assert touching.count(1) == 4 and touching.count(2) == 20 and touching.count(4) == 25
    assert len(board.SURROUND_CHECKS) == 49


def test_each_dutchman_card_names_the_fields_of_its_row_or_column():
    """§1: 14 Flying Dutchman cards, ``row 1`` … ``row 7`` then ``col A`` … ``col G``."""
    names = board.FIELD_NAMES
    rows = {f"row {r}": tuple(f for f, name in enumerate(names) if name[1] == r) for r in ROWS}
    columns = {
        f"col {c}": tuple(f for f, name in enumerate(names) if name[0] == c) for c in board.COLUMNS
    }
    assert list(board.DUTCHMAN_FIELDS.items()) == [*rows.items(), *columns.items()]
    assert (*rows, *columns) == board.DUTCHMAN_CARDS


def test_the_game_has_36_tiles_and_74_sea_cards():
    """§1: 7 ships of each value, 4 pirate lairs, 1 of each double; a sea card per boat a field
    holds (2 inside, 1 on the edge)."""
    assert board.TILE_SET == {
        "5/1": 7, "10/2": 7, "15/3": 7, "20/4": 7, "lair": 4,
        "x2:5": 1, "x2:10": 1, "x2:15": 1, "x2:20": 1,
    }  # fmt: skip
    assert list(board.SEA_CARDS) == list(board.FIELD_NAMES)
    inner = {c + r for c in board.COLUMNS[1:-1] for r in ROWS[1:-1]}
    assert all(n == (2 if card in inner else 1) for card, n in board.SEA_CARDS.items())
    assert sum(board.SEA_CARDS.values()) == 74
    assert board.components({"row 1": 2, "A1": 0, "lair": 1}) == ["row 1", "row 1", "lair"]


@pytest.mark.parametrize("path", RECORDS, ids=[p.name.split(".")[0] for p in RECORDS])
def test_a_seed_deals_the_setup_it_dealt_when_the_golden_records_were_made(path):
    """A new setup shuffles the components in the order it always has: the seed of each golden
    record deals its setup again (``tests/golden/README.md``)."""
    record = json.loads(path.read_text(encoding="utf-8"))
    match = re.search(r"-seed(\d+)\.record\.json$", path.name)
    assert match is not None
    assert new_setup(record["players"], random.Random(int(match.group(1)))) == record["setup"]
