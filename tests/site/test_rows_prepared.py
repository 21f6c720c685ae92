"""Values written by the fixed statements (``games.store.rows``) go into a statement
exactly as Django's own preparation of each field would put them."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from django.db import connection, models
from django.test import TestCase

from games.models import Event, Game, OutboundMail, Seat
from games.play.selectors import game_legal_moves
from games.play.services import move_submit
from games.store.rows import _preparer

pytestmark = pytest.mark.django_db


def _as_written(value: Any) -> str:
    with connection.cursor() as cursor:
        return str(cursor.cursor.mogrify("%s", [value]))


def _rows(anne: Seat) -> list[models.Model]:
    game = anne.game
    move = game_legal_moves(game=game, seat=anne)[0]
    with TestCase.captureOnCommitCallbacks(execute=True):
        move_submit(game=game, seat=anne, move=move, expected_seq=game.last_seq)
    game = Game.objects.get(pk=game.pk)
    return [
        game,
        *game.seats.all(),
        *Event.objects.filter(game=game),
        *OutboundMail.objects.filter(game=game),
    ]


def test_every_column_of_a_move_s_rows_is_written_as_django_writes_it(anne: Seat) -> None:
    checked = 0
    for row in _rows(anne):
        for field in row._meta.concrete_fields:
            value = getattr(row, field.attname)
            ours = _preparer(connection, field)(value)
            assert _as_written(ours) == _as_written(field.get_db_prep_save(value, connection)), (
                f"{row._meta.label}.{field.name} = {value!r}"
            )
            checked += 1
    assert checked > 50


@pytest.mark.parametrize(
    ("field", "value"),
    [
        (models.IntegerField(), True),  # a bool for an integer column: Django writes 1
        (models.CharField(), 5),  # an int for a text column: Django writes '5'
        (models.BooleanField(null=True), None),
    ],
    ids=["bool as int", "int as text", "null"],
)
def test_a_value_of_another_type_is_prepared_by_django(
    field: models.Field[Any, Any], value: Any
) -> None:
    assert _as_written(_preparer(connection, field)(value)) == _as_written(
        field.get_db_prep_save(value, connection)
    )


def test_a_datetime_without_a_time_zone_is_prepared_by_django() -> None:
    field = Game._meta.get_field("updated_at")
    naive = datetime(2026, 3, 29, 1, 30)
    with pytest.warns(RuntimeWarning, match="naive datetime"):
        ours = _preparer(connection, field)(naive)
    assert ours.tzinfo is not None
