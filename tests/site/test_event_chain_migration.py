"""Migration 0010 hashes the events that existed before it, and leaves the trigger in force."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from games.models import Event, Game
from games.store.hashes import chain_check

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0009_game_times_service_clock")]


@pytest.fixture
def old_schema() -> Iterator[Any]:
    """The database as 0009 left it (historical models); migrated to the latest after."""
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    executor.migrate(BEFORE)
    try:
        yield executor.loader.project_state(BEFORE).apps
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(latest)


def test_it_hashes_existing_events_in_order_and_keeps_them_immutable(old_schema: Any) -> None:
    OldGame, OldEvent = (
        old_schema.get_model("games", "Game"),
        old_schema.get_model("games", "Event"),
    )
    games = [OldGame.objects.create(kind="freibeuter", rules_version=1) for _ in range(2)]
    for old in games:
        for seq in (1, 2, 3):
            OldEvent.objects.create(
                game=old, seq=seq, type="chat_posted", payload={"seq": seq}, actor="system"
            )
        old.last_seq = 3
        old.save()

    MigrationExecutor(connection).migrate([("games", "0010_event_chain_and_health")])

    for old in games:
        game = Game.objects.get(pk=old.pk)
        assert chain_check(game=game) is None
        assert game.head_hash == Event.objects.get(game=game, seq=3).hash
    first, second = (Game.objects.get(pk=old.pk) for old in games)
    assert Event.objects.get(game=first, seq=1).hash != Event.objects.get(game=second, seq=1).hash
    with (
        pytest.raises(DatabaseError, match="immutable"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute("UPDATE games_event SET actor = 'forged' WHERE game_id = %s", [first.pk])
