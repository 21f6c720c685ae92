"""Rows read by fixed statements: the write path's own reads, without compiling a query.

A move reads the same rows every time (the seat of its token and the seat's game,
the game again locked, the game's seats). Read through the ORM, compiling each
query costs the request more than the database's answer; these functions read them
with plain SQL through Django's connection (``Manager.raw``: the same model
instances, each column converted as the ORM would), portable to every database
the site runs on (issue 16).
"""

from __future__ import annotations

from typing import TypeVar

from django.db import connection, models

from games.models import Game

Row = TypeVar("Row", bound=models.Model)


def row(model: type[Row], pk: int) -> Row | None:
    """The row of ``model`` with the primary key ``pk``, if there is one."""
    table = model._meta.db_table
    found = list(model._default_manager.raw(f"SELECT * FROM {table} WHERE id = %s", [pk]))
    return found[0] if found else None


def row_locked(model: type[Row], pk: int) -> Row:
    """The row of ``model`` with the primary key ``pk``, locked until the transaction ends
    (``SELECT … FOR UPDATE`` where the database has it; SQLite locks the whole database)."""
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    table = model._meta.db_table
    (found,) = model._default_manager.raw(f"SELECT * FROM {table} WHERE id = %s{lock}", [pk])
    return found


def game_rows(model: type[Row], game: Game) -> list[Row]:
    """The rows of ``model`` (seats) that belong to ``game``, by position, each linked to it."""
    table = model._meta.db_table
    sql = f"SELECT * FROM {table} WHERE game_id = %s ORDER BY position"
    found = list(model._default_manager.raw(sql, [game.pk]))
    for each in found:
        each.game = game  # type: ignore[attr-defined]
    return found


def json_text(column: str, key: str) -> str:
    """SQL for the text of ``key`` in the JSON ``column`` (``key`` a fixed name, never input)."""
    if connection.vendor == "postgresql":
        return f"({column} ->> '{key}')"
    return f"json_extract({column}, '$.{key}')"


def exists(sql: str, params: list[int | str]) -> bool:
    """Whether the fixed query ``sql`` (a ``SELECT``) finds a row."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT EXISTS ({sql})", params)
        (found,) = cursor.fetchone()
    return bool(found)
