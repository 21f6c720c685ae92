"""Flußpiraten golden records (``tests/golden/flusspiraten/``) cover what they must.

That each replays to its stored summary is checked with every game's in
``tests/engine/test_golden.py``.
"""

from __future__ import annotations

from tests.engine.test_golden import GOLDEN, stored_summary

RECORDS = sorted(GOLDEN.glob("flusspiraten/flusspiraten-*.record.json"))


def test_the_golden_records_are_ten_or_more_finished_games_of_three_to_six_players():
    """At least 10 complete games, every player count, both ends that bots reach."""
    summaries = [stored_summary(path) for path in RECORDS]
    assert len(summaries) >= 10 and all(s["over"] for s in summaries)
    assert {len(s["players"]) for s in summaries} == {3, 4, 5, 6}
    assert {s["end_reason"] for s in summaries} >= {"red_space", "fifth_pirate"}
