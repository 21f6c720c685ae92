"""The restore drill: a backup made as docs/backups.md says gives back every game, and play
goes on from it.

The rule: the page's shell blocks marked ``<!-- drilled -->`` run as written (each
``python`` on the suite's clock) dump the database with ``pg_dump --format=custom``,
restore it with ``pg_restore`` into a new database and check it there, so that
``manage.py replay_check`` passes on it and it holds every game of every kind as it was; a
head hash that a player kept from a turn email sent before the backup still verifies with
``python -m engine verify-chain`` over the restored game's record; and the next move made
on the restored copy links its event to the restored head. A seat link sent before the
backup opens the same seat on the restored copy when it runs with the same ``SECRET_KEY``
(the secret kept beside the dump).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection
from test_event_chain import verify_chain

from engine import chain
from games.mail.compose import mail_compose
from games.models import Game, OutboundMail
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from tests.clock import clocked_command
from tests.test_docs_pages import drill, drilled_blocks

pytestmark = pytest.mark.django_db(transaction=True)  # pg_dump sees committed rows only

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "backups.md"
HEAD = re.compile(r"History up to event (\d+), sealed by this SHA-256 hash .*: ([0-9a-f]{64})")

CONTINUE = """
import json
from django.contrib.auth.models import User
from games.models import Game
from games.moderation.actions import game_abort
from games.play.links import seat_from_token
from games.play.selectors import game_record
from games.play.services import move_submit
from games.store.hashes import chain_check, chain_events
from games.store.loading import engine_for, load_state

out = {"games": {}, "seat": getattr(seat_from_token(TOKEN), "pk", None)}
for game in Game.objects.order_by("id"):
    head = {"seq": game.last_seq, "hash": game.head_hash}
    name = game.to_move[0]
    move = engine_for(game).bot_move(load_state(game), name)
    seat = game.seats.get(display_name=name)
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
    game.refresh_from_db()
    out["games"][game.pk] = {
        "head": head, "next": chain_events(game=game)[-1], "holds": chain_check(game=game) is None
    }
    if game.kind == "freibeuter":
        game_abort(game=game, moderator=User.objects.create_user("drill"), reason="drill")
        out["record"] = game_record(game=Game.objects.get(pk=game.pk))
print(json.dumps(out))
"""
"""Run on the restored copy: a move in every game, then the Freibeuter game ended so that
its record (with its chain) is published."""


def _bot_moves(game: Game, moves: int) -> None:
    for _ in range(moves):
        game.refresh_from_db()
        name = game.to_move[0]
        move = engine_for(game).bot_move(load_state(game), name)
        seat = game.seats.get(display_name=name)
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
    game.refresh_from_db()


def _games() -> list[Game]:
    """One game of each kind, played a few moves by the service, each player by email."""
    names = ("Anne", "Bart", "Cleo")
    games = []
    for kind, players, moves in (("freibeuter", 2, 1), ("seerauber", 3, 4), ("flusspiraten", 3, 4)):
        specs = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in names[:players]]
        game = game_create(kind=kind, players=specs, seed=5)
        _bot_moves(game, moves)
        games.append(game)
    return games


def _drilled() -> list[str]:
    """The page's drilled shell blocks, in order: back up, restore, check, empty the caches."""
    blocks = drilled_blocks(PAGE)
    assert len(blocks) == 4, f"{PAGE.name} marks {len(blocks)} blocks as drilled, not 4"
    return blocks


def _run(command: list[str], environment: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        command, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, (command[:3], done.stdout, done.stderr)
    return done


def _admin(statement: str) -> None:
    with connection._nodb_cursor() as cursor:
        cursor.execute(statement)


@pytest.fixture
def restored(transactional_db: None) -> Iterator[str]:
    """A new, empty database of this test's own beside the test database; dropped after."""
    name = f"{connection.settings_dict['NAME']}_restored"
    _admin(f'CREATE DATABASE "{name}" TEMPLATE template0')
    try:
        yield name
    finally:
        _admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _url(database: str) -> str:
    """The URL of ``database`` on the suite's server, with the suite's credentials."""
    settings = connection.settings_dict
    password = f":{settings['PASSWORD']}" if settings["PASSWORD"] else ""
    return (
        f"postgres://{settings['USER']}{password}@{settings['HOST'] or '127.0.0.1'}:"
        f"{settings['PORT'] or 5432}/{database}"
    )


def _site_on(database: str, var: Path) -> dict[str, str]:
    """The environment of a site process on ``database``: the same SECRET_KEY, no Redis (a
    local cache, the filesystem broker under ``var``), mail kept as files."""
    dropped = {"REDIS_URL", "CELERY_BROKER_URL", "EMAIL_URL", "EMAIL_HOST", "IMAP_URL"}
    kept = {k: v for k, v in os.environ.items() if k not in dropped}
    return {**kept, "DATABASE_URL": _url(database), "VAR_DIR": str(var)}


def test_a_restored_backup_replays_keeps_the_emailed_hashes_and_plays_on(
    restored: str, tmp_path: Path
) -> None:
    freibeuter, *others = _games()
    [row] = OutboundMail.objects.filter(game=freibeuter, kind="turn", to="bart@example.org")
    seq, kept_hash = HEAD.search(mail_compose(row).body).groups()
    assert (int(seq), kept_hash) == (freibeuter.last_seq, freibeuter.head_hash)
    token = seat_token(freibeuter.seats.get(display_name="Bart"))
    heads = {g.pk: {"seq": g.last_seq, "hash": g.head_hash} for g in (freibeuter, *others)}

    back_up, restore, check, empty = _drilled()
    service = _site_on(connection.settings_dict["NAME"], tmp_path / "var")
    dumps = tmp_path / "dumps"
    dumps.mkdir()
    drill(back_up, service, dumps)
    (dump,) = dumps.glob("freibeuter-*.dump")

    names = {**service, "DUMP": str(dump), "RESTORED": _url(restored)}
    drill(restore, names, ROOT)
    checked = drill(check, names, ROOT)
    assert "3 games replay and their hash chains hold." in checked.stdout
    site = _site_on(restored, tmp_path / "var")
    drill(empty, site, ROOT)
    code = CONTINUE.replace("TOKEN", repr(token))
    shell = clocked_command("manage", "shell", "--no-imports", "-c", code)
    went_on = json.loads(_run(shell, site).stdout)

    assert went_on["seat"] == freibeuter.seats.get(display_name="Bart").pk
    assert {int(pk): game["head"] for pk, game in went_on["games"].items()} == heads
    for game in went_on["games"].values():
        head, event = game["head"], game["next"]
        assert event["seq"] == head["seq"] + 1
        assert event["hash"] == chain.link(head["hash"], event)
        assert game["holds"]
    status, output = verify_chain(went_on["record"], tmp_path, kept_hash)
    assert (status, output["found"]) == (0, [{"hash": kept_hash, "seq": int(seq)}])
    assert Game.objects.get(pk=freibeuter.pk).last_seq == int(seq)  # the original is untouched
