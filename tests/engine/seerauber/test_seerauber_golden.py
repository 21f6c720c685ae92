"""Seeräuber golden records: recorded games replay to their stored summaries, forever.

``tests/golden/seerauber/`` holds finished games and the summary the engine
printed for each when they were recorded (see its ``README.md``). Those files
never change; a difference here means the engine now plays old games
differently, which it must not.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.record import replay
from engine.seerauber import apply, board, start, summary

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "seerauber"
RECORDS = sorted(GOLDEN.glob("seerauber-*.record.json"))


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", RECORDS, ids=[p.name.split(".")[0] for p in RECORDS])
def test_a_golden_record_replays_to_its_stored_summary(path):
    record = load(path)
    _, state = replay(record)
    assert summary(state) == load(path.with_name(path.name.replace(".record.", ".summary.")))
    folded = start(record["players"], record["setup"])
    for move in record["moves"]:
        folded = apply(folded, move["player"], move)
    assert folded == state


def test_the_golden_records_cover_3_to_5_players_both_ends_mutinies_and_the_stock():
    """At least 10 finished games; mutinies, a captain's shortfall paid by the stock [S3]."""
    assert len(RECORDS) >= 10
    counts, ends, mutinies, stock = set(), set(), 0, 0
    for path in RECORDS:
        record = load(path)
        state = start(record["players"], record["setup"])
        for move in record["moves"]:
            if move["type"] == "board":
                seat = state.players.index(move["player"])
                ship = board.SHIPS[move["ship"]]
                pirates = state.stacks[move["stack"]]
                wages = sum(board.wage(p, ship) for p in pirates if board.owner(p) != seat)
                stock += wages > state.ducats[seat] + ship.ducats
            mutinies += move["type"] == "mutiny"
            state = apply(state, move["player"], move)
        assert state.over
        counts.add(len(record["players"]))
        ends.add(state.end_reason)
    assert counts == {3, 4, 5}
    assert ends == {"last_ship", "deadlock"}
    assert mutinies > 0 and stock > 0
