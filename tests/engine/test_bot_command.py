"""The command line's ``bot`` (docs/record-format.md §2.2): a bot's move at a level."""

from __future__ import annotations

import pytest

from engine.base import GAMES
from tests.engine.test_command_line import DATA, run, write


@pytest.mark.parametrize("game", GAMES)
def test_bot_prints_a_legal_move_of_the_player_to_move_at_each_level(tmp_path, game):
    """§2.2: `bot` prints one of the moves `legal` lists, for the easy and the strong bot."""
    _, record = run("new", game, "--players", "Ann,Ben,Cy", "--seed", "5")
    path = write(tmp_path, record)
    _, legal = run("legal", path)
    for level in ("easy", "strong"):
        status, move = run("bot", path, "--level", level, "--seed", "1")
        assert status == 0
        assert move in legal, (level, move)


def test_the_strong_bot_makes_the_same_move_for_the_same_seed_and_the_level_named_in_bots(
    tmp_path,
):
    """§1, §2.2: the same record and seed give the same move; without `--level` the bot plays
    at the level the record's `bots` names for the player, else easy."""
    _, record = run("new", "seerauber", "--players", "Ann,Ben,Cy", "--seed", "2")
    plain = write(tmp_path, record, "plain.json")
    named = write(tmp_path, {**record, "bots": {"Ann": "strong"}}, "named.json")
    strong = run("bot", plain, "--level", "strong", "--seed", "9")
    assert strong[0] == 0
    assert run("bot", plain, "--level", "strong", "--seed", "9") == strong
    assert run("bot", named, "--seed", "9") == strong
    assert run("bot", plain) == run("bot", plain, "--level", "easy")


def test_bot_refuses_an_unknown_level_a_finished_game_and_a_player_not_asked(tmp_path):
    """§2.2: an unknown level in `bots` is invalid_record; a finished game is game_over; a
    player who is not asked to move is not_your_turn; each with `"move": null`."""
    _, record = run("new", "freibeuter", "--players", "Ann,Ben", "--seed", "4")
    status, body = run("bot", write(tmp_path, {**record, "bots": {"Ann": "hard"}}))
    assert (status, body["error"]["code"], body["error"]["move"]) == (2, "invalid_record", None)
    status, body = run("bot", str(DATA / "freibeuter-3p.record.json"))
    assert (status, body["error"]["code"]) == (2, "game_over")
    status, body = run("bot", write(tmp_path, record), "--player", "Ben")
    assert (status, body["error"]["code"]) == (2, "not_your_turn")
