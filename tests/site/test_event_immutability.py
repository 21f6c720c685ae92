"""Events are never changed or deleted, by the model, its queryset or SQL: history only grows."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction
from sqlite_helpers import on_sqlite

from games.models import Event, Game, ImmutableEventError


@pytest.fixture
def event(game: Game) -> Event:
    return Event.objects.get(game=game, seq=1)


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE games_event SET type = 'forged' WHERE id = %s",
        "UPDATE games_event SET payload = '{}'::jsonb WHERE id = %s",
        "DELETE FROM games_event WHERE id = %s",
    ],
)
def test_it_refuses_raw_sql_that_changes_an_event(event: Event, sql: str) -> None:
    with (
        pytest.raises(DatabaseError, match="immutable"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql, [event.pk])
    assert Event.objects.get(pk=event.pk).type == "game_created"


def test_it_refuses_to_save_a_changed_event(event: Event) -> None:
    event.type = "forged"
    with pytest.raises(ImmutableEventError):
        event.save()


def test_it_refuses_to_delete_an_event(event: Event) -> None:
    with pytest.raises(ImmutableEventError):
        event.delete()
    assert Event.objects.filter(pk=event.pk).exists()


def test_it_refuses_queryset_update_and_delete(event: Event) -> None:
    with pytest.raises(ImmutableEventError):
        Event.objects.filter(pk=event.pk).update(type="forged")
    with pytest.raises(ImmutableEventError):
        Event.objects.filter(pk=event.pk).delete()
    with pytest.raises(ImmutableEventError):
        Event.objects.bulk_update([event], ["type"])


def test_it_never_overwrites_an_event_through_a_new_instance_with_its_id(event: Event) -> None:
    forged = Event(pk=event.pk, game=event.game, seq=1, type="forged", payload={}, actor="x")
    with pytest.raises(IntegrityError), transaction.atomic():
        forged.save()
    assert Event.objects.get(pk=event.pk).type == "game_created"


def test_it_refuses_to_delete_a_game_that_has_events(game: Game) -> None:
    with pytest.raises((ImmutableEventError, DatabaseError)), transaction.atomic():
        game.delete()
    assert Event.objects.filter(game=game).exists()


SQLITE_SCRIPT = """
from django.db import DatabaseError, connection
from games.play.services import PlayerSpec, game_create
game = game_create(kind="freibeuter", players=[PlayerSpec(name="A"), PlayerSpec(name="B")], seed=1)
for sql in ("UPDATE games_event SET type = 'forged'", "DELETE FROM games_event"):
    try:
        connection.cursor().execute(sql)
        print("allowed")
    except DatabaseError as error:
        print("refused" if "immutable" in str(error) else error)
"""


def test_it_refuses_raw_sql_on_the_embedded_sqlite_default(tmp_path: Path) -> None:
    assert on_sqlite(tmp_path, SQLITE_SCRIPT).split() == ["refused", "refused"]
