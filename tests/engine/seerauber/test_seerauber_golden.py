"""Seeräuber golden records (``tests/golden/seerauber/``) cover what they must.

That each replays to its stored summary is checked with every game's in
``tests/engine/test_golden.py``.
"""

from __future__ import annotations

from engine.seerauber import apply, board, start
from tests.engine.test_golden import GOLDEN, load

RECORDS = sorted(GOLDEN.glob("seerauber/seerauber-*.record.json"))


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
