"""A finished game's score sheets add up to the engine's final scores (rules: Freibeuter §8,
Seeräuber §7, Flußpiraten §7): each kind explains the score, it never counts it a second way.

Many seeded games of each kind are played to the end in the engine (the bot and random
moves, as ``player_helpers.played_record`` plays them) and each player's sheet is read as
the game page and the game-over email show it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.utils import translation
from player_helpers import played_record

from engine.base import get_game
from games.kinds import kind_of
from games.kinds.base import History, PlayedMove, TableSeat, TableView
from games.kinds.score_sheet import ScoreLine, ScoreSheet

NAMES = ["Anna", "Bert", "Cleo", "Dora", "Emil"]
PLAYERS = {"freibeuter": (2, 4), "seerauber": (3, 5), "flusspiraten": (3, 5)}
GAMES = 12


def finished_table(kind: str, seed: int) -> TableView:
    """A game of ``kind`` played to its end from ``seed``, as a spectator's table."""
    rng = random.Random(seed)
    low, high = PLAYERS[kind]
    record = played_record(kind, NAMES[: rng.randint(low, high)], rng)
    engine = get_game(kind)
    start = state = engine.start(record["players"], record["setup"])
    moves = []
    for number, entry in enumerate(record["moves"], start=1):
        move = {key: value for key, value in entry.items() if key != "player"}
        after = engine.apply(state, entry["player"], move)
        moves.append(PlayedMove(number, entry["player"], move, False, state, after))
        state = after
    return TableView(
        kind=kind,
        engine=engine,
        viewer=None,
        active=False,
        paused=False,
        over=True,
        players=tuple(TableSeat(name, n, False) for n, name in enumerate(record["players"], 1)),
        to_move=(),
        state=state,
        legal=[],
        sealed_seq=lambda: None,
        last_move=lambda: None,
        history=lambda: History(start=start, moves=moves, notes=[]),
        revealed=lambda: None,
    )


def _totals(sheets: list[ScoreSheet]) -> dict[str, int]:
    for sheet in sheets:
        assert sheet.total == sum(line.points for line in sheet.lines), sheet
        assert sheet.lines and all(line.words for line in sheet.lines), sheet
    return {sheet.player: sheet.total for sheet in sheets}


@pytest.mark.parametrize("kind", sorted(PLAYERS))
def test_each_players_sheet_adds_up_to_the_engines_final_score(kind: str) -> None:
    for seed in range(GAMES):
        table = finished_table(kind, seed)
        result = table.engine.result(table.state)
        assert result is not None
        sheets = kind_of(kind).score_sheets(table)
        assert _totals(sheets) == result["scores"], f"{kind} game {seed}"
        assert [sheet.player for sheet in sheets if sheet.winner] == result["winners"]


def _sheet_of(kind: str, seed: int, language: str) -> dict[str, Any]:
    with translation.override(language):
        sheets = kind_of(kind).score_sheets(finished_table(kind, seed))
    return {sheet.player: sheet for sheet in sheets}


def test_a_seerauber_sheet_names_the_ducats_and_each_booty_kinds_majority_or_pieces() -> None:
    """§7: the most pieces of a kind share its majority value; other holders 1 a piece."""
    for seed in range(GAMES):
        table = finished_table("seerauber", seed)
        view = table.engine.view(table.state, None)
        for name, sheet in _sheet_of("seerauber", seed, "en").items():
            assert sheet.lines[0] == ScoreLine(
                "Ducats at the end of play", view["players"][name]["ducats"]
            )
            for line in sheet.lines[1:]:
                assert "the most" in line.words


def test_a_freibeuter_sheet_takes_two_points_off_for_each_credit() -> None:
    """§8: chests + ships (doubled where the double was set aside) − 2 × credit."""
    seen_credit = False
    for seed in range(GAMES):
        table = finished_table("freibeuter", seed)
        view = table.engine.view(table.state, None)
        for name, sheet in _sheet_of("freibeuter", seed, "de").items():
            player = view["players"][name]
            assert sheet.lines[0] == ScoreLine("Truhen", player["chests"])
            if player["credit"]:
                seen_credit = True
                assert sheet.lines[-1].points == -2 * player["credit"]
                assert sheet.lines[-1].words.startswith("Kredit")
    assert seen_credit


def test_a_flusspiraten_sheet_counts_each_pirate_at_the_source_with_the_turntable() -> None:
    """§7: a pirate entering the source scores the turntable's value then."""
    for seed in range(GAMES):
        table = finished_table("flusspiraten", seed)
        view = table.engine.view(table.state, None)
        for name, sheet in _sheet_of("flusspiraten", seed, "fr").items():
            arrived = view["players"][name]["finished"]
            assert (arrived == 0) == (sheet.lines[0].words.startswith("Aucun pirate")), sheet
