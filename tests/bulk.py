"""Many games at once: a dealt game copied in bulk, for measuring at scale (tests and bench/).

Three ``INSERT … SELECT`` statements copy a game's row, its seats and its
events under new ids, so a hundred thousand games take seconds, not the
minutes the services would take to deal them one by one.
"""

from __future__ import annotations

from django.db import connection, models

from games.models import Event, Game, Seat


def _columns(model: type[models.Model], *skip: str) -> list[str]:
    return [
        field.column for field in model._meta.concrete_fields if field.column not in ("id", *skip)
    ]


def games_clone(template: Game, copies: int) -> list[int]:
    """Add ``copies`` copies of ``template`` (the game, its seats and events); their ids."""
    game_columns = ", ".join(_columns(Game))
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {Game._meta.db_table} ({game_columns}) SELECT {game_columns} "
            f"FROM {Game._meta.db_table}, generate_series(1, %s) WHERE id = %s RETURNING id",
            [copies, template.pk],
        )
        ids = [row[0] for row in cursor.fetchall()]
        for model in (Seat, Event):
            columns = ", ".join(_columns(model, "game_id"))
            cursor.execute(
                f"INSERT INTO {model._meta.db_table} (game_id, {columns}) "
                f"SELECT clone.id, {columns} FROM {model._meta.db_table}, "
                "unnest(%s::bigint[]) AS clone(id) WHERE game_id = %s",
                [ids, template.pk],
            )
    return ids
