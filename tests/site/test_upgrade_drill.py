"""The upgrade drill: docs/upgrades.md's migration step, run as written, upgrades a database
at the previous release's schema, and never waits behind the live service.

The rule: the page's drilled block (``migrate --plan``, then ``migrate`` with
``PGOPTIONS="-c lock_timeout=5s"``), run on a database whose games app is one migration
behind and which holds games of every kind, while a move's transaction is open on it (its
game row updated, the events table taken for an insert), either migrates at once or fails
within the lock timeout and leaves nothing half done; once the move has committed, it brings
the database to the newest migration: ``migrate --check`` exits 0 and every game still
replays with its hash chain holding.
"""

from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from test_backup_restore import _site_on

from tests.clock import clocked_command
from tests.test_docs_pages import drill, drilled_blocks

pytestmark = pytest.mark.django_db(transaction=True)

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "upgrades.md"
LOCK_TIMEOUT = 5.0
"""The lock timeout the page's block sets, in seconds."""

PLAY = """
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state

for kind, players in (("freibeuter", 2), ("seerauber", 3), ("flusspiraten", 3)):
    specs = [PlayerSpec(name=name) for name in ("Anne", "Bart", "Cleo")[:players]]
    game = game_create(kind=kind, players=specs, seed=7)
    for _ in range(4):
        game.refresh_from_db()
        name = game.to_move[0]
        move = engine_for(game).bot_move(load_state(game), name)
        seat = game.seats.get(display_name=name)
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
"""
"""Games of every kind played a few moves by the service's own code."""


def _manage(site: dict[str, str], *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        clocked_command("manage", *arguments),
        cwd=ROOT,
        env=site,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


@pytest.fixture
def older(transactional_db: None, tmp_path: Path) -> Iterator[dict[str, str]]:
    """A database of this test's own at the schema before the newest migration, with games;
    the environment of a site process on it. Dropped after."""
    name = f"{connection.settings_dict['NAME']}_upgrade"
    with connection._nodb_cursor() as cursor:
        cursor.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
    try:
        site = _site_on(name, tmp_path / "var")
        graph = MigrationLoader(None).graph
        (newest,) = graph.leaf_nodes("games")
        (before,) = [p for p in graph.node_map[newest].parents if p.key[0] == "games"]
        assert _manage(site, "migrate", "--no-input").returncode == 0
        played = _manage(site, "shell", "--no-imports", "-c", PLAY)
        assert played.returncode == 0, played.stderr
        # The games are played by this release, which needs its own schema; the schema then
        # goes back a release, as the data of a database still on it would be.
        back = _manage(site, "migrate", "--no-input", "games", before.key[1])
        assert back.returncode == 0, back.stderr
        yield site
    finally:
        with connection._nodb_cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_the_pages_migration_step_upgrades_the_previous_schema_and_never_waits_behind_a_move(
    older: dict[str, str],
) -> None:
    (migrate,) = drilled_blocks(PAGE)
    assert _manage(older, "migrate", "--check").returncode == 1  # one migration to apply

    with psycopg.connect(older["DATABASE_URL"]) as move:  # a move's transaction, left open
        move.execute(
            "UPDATE games_game SET last_seq = last_seq WHERE id = (SELECT min(id) FROM games_game)"
        )
        move.execute("LOCK TABLE games_event IN ROW EXCLUSIVE MODE")
        started = time.monotonic()
        during = drill(migrate, older, ROOT, check=False)
        waited = time.monotonic() - started
        move.rollback()
    if during.returncode:  # the migration needed a table the move held: it gave up
        assert "lock timeout" in during.stderr, during.stderr
        assert _manage(older, "migrate", "--check").returncode == 1  # nothing half done
        drill(migrate, older, ROOT)
    assert waited < LOCK_TIMEOUT + 20  # never behind the move until it ends

    assert _manage(older, "migrate", "--check").returncode == 0
    checked = _manage(older, "replay_check")
    assert "3 games replay and their hash chains hold." in checked.stdout, checked.stderr
