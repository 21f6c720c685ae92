"""Provable fairness: the commitment published at the start opens to the revealed deal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from api_helpers import get_json
from django.test import Client

from engine import fairness
from games.models import Game
from games.play.selectors import game_legal_moves
from games.play.services import move_submit

ROOT = Path(__file__).resolve().parents[2]


def _finish(game: Game) -> None:
    while game.status == "active":
        seat = game.seats.get(display_name=game.to_move[0])
        move = game_legal_moves(game=game, seat=seat)[0]
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
        game.refresh_from_db()


def _verify(record: dict, commitment: str, tmp_path: Path) -> subprocess.CompletedProcess:
    path = tmp_path / "game.record.json"
    path.write_text(json.dumps(record))
    return subprocess.run(
        [sys.executable, "-m", "engine", "verify", str(path), commitment],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_it_hides_the_salt_until_the_game_is_over(game: Game, client: Client) -> None:
    fair = get_json(client, f"/api/games/{game.pk}/fairness/").json()
    assert fair["commitment"] == game.commitment and len(game.commitment) == 64
    assert fair["revealed"] is False and fair["salt"] is None
    assert get_json(client, f"/api/games/{game.pk}/").json()["commitment"] == game.commitment


def test_it_reveals_a_deal_that_matches_the_commitment_shown_at_the_start(
    game: Game, client: Client, tmp_path: Path
) -> None:
    shown = get_json(client, f"/api/games/{game.pk}/fairness/").json()["commitment"]
    _finish(game)
    record = get_json(client, f"/api/games/{game.pk}/record/").json()
    fair = get_json(client, f"/api/games/{game.pk}/fairness/").json()
    assert fair["revealed"] is True and fair["salt"] == record["salt"]
    assert fairness.verify(record, shown)
    result = _verify(record, shown, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads(result.stdout)["verified"] is True


def test_it_fails_verification_of_a_tampered_deal(
    game: Game, client: Client, tmp_path: Path
) -> None:
    shown = game.commitment
    _finish(game)
    record = get_json(client, f"/api/games/{game.pk}/record/").json()
    hands = record["setup"]["hands"]
    anne, bart = hands["Anne"], hands["Bart"]
    anne[0], bart[0] = bart[0], anne[0]  # still a valid deal, but not the committed one
    assert not fairness.verify(record, shown)
    assert _verify(record, shown, tmp_path).returncode != 0
    # Without the moves (which the new deal breaks), the deal itself is what fails.
    result = _verify({**record, "moves": []}, shown, tmp_path)
    assert result.returncode == 2
    assert json.loads(result.stdout)["error"]["code"] == "commitment_mismatch"
