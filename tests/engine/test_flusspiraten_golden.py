"""Golden Flußpiraten records: recorded games replay to their stored summaries, forever.

``tests/golden/flusspiraten/`` holds finished games and the summary the engine
printed for each when they were recorded (see the README there). Those files
never change; a difference here means the engine now plays old games
differently, which it must not.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import flusspiraten as game
from engine.record import replay

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "flusspiraten"
RECORDS = sorted(GOLDEN.glob("flusspiraten-*.record.json"))


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def stored_summary(path: Path) -> Any:
    return load(path.with_name(path.name.replace(".record.", ".summary.")))


@pytest.mark.parametrize("path", RECORDS, ids=[p.name.split(".")[0] for p in RECORDS])
def test_a_golden_record_replays_to_its_stored_summary(path):
    """The replay prints exactly the stored summary; apply and apply_in_place agree."""
    record = load(path)
    _, state = replay(record)
    assert game.summary(state) == stored_summary(path)
    folded = game.start(record["players"], record["setup"])
    for move in record["moves"]:
        folded = game.apply(folded, move["player"], move)
    assert folded == state


def test_the_golden_records_are_ten_or_more_finished_games_of_three_to_six_players():
    """Issue 8: at least 10 complete games, every player count, both ends that bots reach."""
    summaries = [stored_summary(path) for path in RECORDS]
    assert len(summaries) >= 10 and all(s["over"] for s in summaries)
    assert {len(s["players"]) for s in summaries} == {3, 4, 5, 6}
    assert {s["end_reason"] for s in summaries} >= {"red_space", "fifth_pirate"}
