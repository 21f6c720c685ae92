"""Golden records loaded as games replay to their expected summaries; the replay commands."""

from __future__ import annotations

import json
import random
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command

from engine.record import new_record, replay
from games.models import Event, Game
from games.play.selectors import game_legal_moves
from games.play.services import game_import, move_submit
from games.store import events
from games.store.loading import _key, engine_for, load_state

GOLDEN = Path(__file__).resolve().parent.parent / "golden"
RECORDS = sorted(GOLDEN.glob("*.record.json"))


def _summary_path(record: Path) -> Path:
    return record.with_name(record.name.removesuffix(".record.json") + ".summary.json")


def test_it_has_golden_records_to_check() -> None:
    assert RECORDS, f"no golden records in {GOLDEN}"
    assert all(_summary_path(record).exists() for record in RECORDS)


@pytest.mark.django_db
@pytest.mark.parametrize("path", RECORDS, ids=[path.name for path in RECORDS])
def test_it_replays_a_golden_record_loaded_as_a_game(path: Path) -> None:
    game = game_import(record=json.loads(path.read_text()))
    expected = json.loads(_summary_path(path).read_text())
    game = Game.objects.get(pk=game.pk)
    cache.delete_many([_key(game, seq) for seq in range(1, game.last_seq + 1)])  # replay events
    state = load_state(game)
    summary = engine_for(game).summary(state)
    assert {key: summary[key] for key in expected} == expected
    assert game.to_move == engine_for(game).to_move(state)
    assert game.status == ("finished" if expected["over"] else "active")
    call_command("replay_check", stdout=StringIO())


def _bot_record(moves: int) -> dict[str, Any]:
    """A record of ``moves`` bot moves from a fixed deal."""
    record = new_record("freibeuter", ["Ann", "Ben", "Cy"], random.Random(5))
    for _ in range(moves):
        engine, state = replay(record)
        (player,) = engine.to_move(state)
        record["moves"].append({"player": player, **engine.bot_move(state, player)})
    return record


@pytest.mark.django_db
def test_it_imports_a_record_through_the_command(tmp_path: Path) -> None:
    path = tmp_path / "bots.record.json"
    path.write_text(json.dumps(_bot_record(12)))
    out = StringIO()
    call_command("import_record", str(path), stdout=out)
    assert "13 events, active" in out.getvalue()
    game = Game.objects.get()
    assert load_state(game) == replay(json.loads(path.read_text()))[1]


@pytest.mark.django_db
def test_it_refuses_to_import_a_record_with_an_illegal_move(tmp_path: Path) -> None:
    record = _bot_record(3)
    record["moves"][1]["player"] = record["moves"][0]["player"]
    path = tmp_path / "bad.record.json"
    path.write_text(json.dumps(record))
    with pytest.raises(CommandError, match="at move 1"):
        call_command("import_record", str(path), stdout=StringIO())
    assert not Game.objects.exists()


def test_it_reports_a_game_that_no_longer_replays(game: Game) -> None:
    Event.objects.create(
        game=game,
        seq=2,
        type=events.MOVE,
        payload=events.move_payload(player="Bart", move={"type": "board", "tile": "A1-B2"}),
        actor="seat:1",
    )
    err = StringIO()
    with pytest.raises(CommandError, match="1 of 1 games do not replay"):
        call_command("replay_check", stdout=StringIO(), stderr=err)
    assert "not_your_turn" in err.getvalue()


def test_it_rebuilds_projections_from_the_events(game: Game) -> None:
    anne = game.seats.get(position=0)
    move_submit(
        game=game, seat=anne, move=game_legal_moves(game=game, seat=anne)[0], expected_seq=1
    )
    Game.objects.filter(pk=game.pk).update(last_seq=9, to_move=["Cleo"], status="paused", scores={})
    out = StringIO()
    call_command("rebuild_projections", stdout=out)
    assert "1 corrected" in out.getvalue()
    game.refresh_from_db()
    assert (game.last_seq, game.to_move, game.status) == (2, ["Bart"], "active")
    assert set(game.scores) == {"Anne", "Bart", "Cleo"}
    out = StringIO()
    call_command("rebuild_projections", stdout=out)
    assert "0 corrected" in out.getvalue()
