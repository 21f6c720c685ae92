"""The tamper-evident history: each event's hash chains over the one before; the head hash
is published at every seq; replay_check and `python -m engine verify-chain` catch changes."""

from __future__ import annotations

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from api_helpers import get_json
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test import Client

from engine import chain
from games.models import Event, Game
from games.moderation.actions import game_abort
from games.play.chat import chat_post
from games.play.selectors import game_legal_moves
from games.play.services import move_submit
from games.store.hashes import chain_check, chain_events

ROOT = Path(__file__).resolve().parents[2]


def play(game: Game, moves: int) -> None:
    """Let the players make ``moves`` moves, each the first legal one."""
    for _ in range(moves):
        game.refresh_from_db()
        seat = game.seats.get(display_name=game.to_move[0])
        move = game_legal_moves(game=game, seat=seat)[0]
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
    game.refresh_from_db()


def verify_chain(record: dict[str, Any], tmp_path: Path, *hashes: str) -> tuple[int, Any]:
    path = tmp_path / "game.record.json"
    path.write_text(json.dumps(record))
    done = subprocess.run(
        [sys.executable, "-m", "engine", "verify-chain", str(path), *hashes],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return done.returncode, json.loads(done.stdout)


def test_it_chains_every_event_on_the_hash_of_the_one_before(game: Game) -> None:
    play(game, 2)
    chat_post(game=game, seat=game.seats.get(position=0), text="<b>Ahoy</b> & good luck")
    game.refresh_from_db()
    stored = chain_events(game=game)
    previous = chain.GENESIS
    for entry in stored:
        assert entry["hash"] == chain.link(previous, entry)
        previous = entry["hash"]
    assert [entry["seq"] for entry in stored] == [1, 2, 3, 4]
    assert game.head_hash == previous
    assert len({entry["nonce"] for entry in stored}) == 4


def test_a_whole_game_keeps_its_chain_through_the_moves_and_the_end_it_records(
    game: Game,
) -> None:
    while game.status == Game.Status.ACTIVE:
        play(game, 1)
    assert Event.objects.filter(game=game, type="game_finished").exists()
    assert chain_check(game=game) is None


def test_it_publishes_the_head_hash_at_every_seq_but_never_a_nonce(
    game: Game, client: Client
) -> None:
    play(game, 3)
    hashes = list(Event.objects.filter(game=game).order_by("seq").values_list("hash", flat=True))
    nonces = Event.objects.filter(game=game).values_list("nonce", flat=True)
    history = get_json(client, f"/api/games/{game.pk}/events/").json()["results"]
    assert [event["hash"] for event in history] == hashes
    detail = get_json(client, f"/api/games/{game.pk}/").json()
    assert (detail["last_seq"], detail["head_hash"]) == (4, hashes[-1])
    fair = get_json(client, f"/api/games/{game.pk}/fairness/").json()
    assert (fair["head_seq"], fair["head_hash"]) == (4, hashes[-1])
    assert "verify-chain" in fair["verify_chain"]
    page = client.get(f"/games/{game.pk}/history/").content.decode()
    assert f'<pre class="wrap" id="head-hash">{hashes[-1]}</pre>' in page
    for seq, digest in enumerate(hashes, start=1):
        assert f'<tr id="hash-{seq}"><td>{seq}</td><td><code>{digest}</code>' in page
    answers = [json.dumps(history), json.dumps(detail), json.dumps(fair), page]
    assert not any(nonce in answer for nonce in nonces for answer in answers)
    assert get_json(client, f"/api/games/{game.pk}/record/").status_code != 200


def test_a_finished_games_record_carries_a_chain_that_verifies_offline(
    game: Game, client: Client, tmp_path: Path
) -> None:
    play(game, 2)
    kept = get_json(client, f"/api/games/{game.pk}/fairness/").json()["head_hash"]
    play(game, 2)
    game_abort(game=game, moderator=User.objects.create_user("mod"), reason="test")
    record = json.loads(client.get(f"/games/{game.pk}/record/").content)
    assert record["chain"]["scheme"] == chain.SCHEME
    assert [event["seq"] for event in record["chain"]["events"]] == [1, 2, 3, 4, 5, 6]
    status, output = verify_chain(record, tmp_path, kept)
    assert status == 0, output
    assert output["found"] == [{"hash": kept, "seq": 3}]
    assert output["head"]["hash"] == Game.objects.get(pk=game.pk).head_hash
    assert get_json(client, f"/api/games/{game.pk}/record/").json()["chain"] == record["chain"]


def test_replay_check_names_the_first_event_a_superuser_changed_behind_the_trigger(
    game: Game,
) -> None:
    play(game, 3)
    out = StringIO()
    call_command("replay_check", stdout=out)
    assert "hash chains hold" in out.getvalue()
    with connection.cursor() as cursor:
        cursor.execute("SET session_replication_role = replica")  # no trigger fires
        cursor.execute(
            "UPDATE games_event SET payload = jsonb_set(payload, '{auto}', 'true') "
            "WHERE game_id = %s AND seq = 3",
            [game.pk],
        )
        cursor.execute("SET session_replication_role = DEFAULT")
    err = StringIO()
    with pytest.raises(CommandError, match="1 of 1 games"):
        call_command("replay_check", stdout=StringIO(), stderr=err)
    assert f"game #{game.pk}: the hash chain breaks at event seq 3 (move)" in err.getvalue()
