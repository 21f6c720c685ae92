"""Golden records: recorded games replay to their stored summaries, forever.

``tests/golden/`` holds finished games of every game (Freibeuter at the top,
the others in a folder each) and the summary the engine printed for each when
they were recorded (see ``tests/golden/README.md``). Those files never change;
a difference here means the rules engine now plays old games differently,
which it must not. The other games' coverage is checked beside their tests.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from oracle import assert_follows, check_invariants, expect

from engine.base import get_game
from engine.freibeuter import apply, start, summary
from engine.record import replay

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
RECORDS = sorted(GOLDEN.glob("*.record.json"))
"""The Freibeuter records."""
EVERY_RECORD = [*RECORDS, *sorted(GOLDEN.glob("*/*.record.json"))]


def load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def stored_summary(record_path: Path) -> dict[str, Any]:
    return load(record_path.with_name(record_path.name.replace(".record.", ".summary.")))


@pytest.mark.parametrize("path", EVERY_RECORD, ids=[p.name.split(".")[0] for p in EVERY_RECORD])
def test_a_golden_record_replays_to_its_stored_summary(path):
    """The replay prints exactly the stored summary; apply and apply_in_place agree."""
    record = load(path)
    game = get_game(record["game"])
    _, state = replay(record)
    assert game.summary(state) == stored_summary(path)
    folded = game.start(record["players"], record["setup"])
    for move in record["moves"]:
        folded = game.apply(folded, move["player"], move)
    assert folded == state


def test_every_golden_game_follows_the_rules_move_by_move():
    """The stored games agree with the independent model of the rules after every move."""
    for path in RECORDS:
        record = load(path)
        state = start(record["players"], record["setup"])
        for move in record["moves"]:
            before = summary(state)
            expected, _ = expect(before, move)
            state = apply(state, move["player"], move)
            assert_follows(summary(state), expected)
            check_invariants(summary(state))


def test_the_golden_records_cover_every_end_and_player_count_with_credit_doubles_and_ties():
    """At least 24 games: each end reason for 2, 3 and 4 players, credit, doubles, a shared win.

    Four players can never run out of boats (§7.3): one player's 25 boats take
    25 turns of his, so the game would need 25 + 3 × 24 = 97 moves, but at most
    96 can be made without ending it (28 boardings, 10 Dutchman draws, 58 sea
    draws). That one combination is left out.
    """
    summaries = [stored_summary(path) for path in RECORDS]
    assert len(summaries) >= 24
    assert all(s["over"] for s in summaries)
    kinds = Counter((len(s["players"]), s["end_reason"]) for s in summaries)
    for players in (2, 3, 4):
        for reason in ("last_lair", "sea_deck_empty", "no_boats"):
            if (players, reason) != (4, "no_boats"):
                assert kinds[(players, reason)] >= 1, (players, reason)
    assert any(any(p["credit"] for p in s["players"].values()) for s in summaries)
    assert any(s["set_aside"]["doubles"] for s in summaries)
    assert any(len(s["winners"]) > 1 for s in summaries)
