"""Rows read and written by fixed statements: the write path's own, without compiling a query.

A move reads the same rows every time (the seat of its token and the seat's game,
the game again locked, the game's seats) and writes the same few. Through the ORM,
compiling each query costs the request more than the database's answer; these
functions run plain SQL through Django's connection and make the same model
instances the ORM would (every column, each converted by the field's and the
backend's converters, ``Model.from_db``), portable to every database the site runs
on (issue 16).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.db import connection, models

from games.models import Game

Row = TypeVar("Row", bound=models.Model)

_Reader = tuple[str, list[str], list[tuple[int, list[Callable[..., Any]], Any]]]
_readers: dict[tuple[type[models.Model], str], _Reader] = {}


def _reader(model: type[models.Model]) -> _Reader:
    """The ``SELECT`` of every column of ``model``, their field names, and the converters of
    each column that has any (built once per model and database)."""
    key = (model, connection.vendor)
    if key not in _readers:
        table, fields = model._meta.db_table, model._meta.concrete_fields
        columns = ", ".join(connection.ops.quote_name(str(field.column)) for field in fields)
        converting = []
        for index, field in enumerate(fields):
            column = field.get_col(table)
            found = [
                *connection.ops.get_db_converters(column),
                *field.get_db_converters(connection),
            ]
            if found:
                converting.append((index, found, column))
        names = [field.attname for field in fields]
        _readers[key] = (f"SELECT {columns} FROM {table}", names, converting)
    return _readers[key]


def _rows(model: type[Row], where: str, params: list[Any]) -> list[Row]:
    select, names, converting = _reader(model)
    with connection.cursor() as cursor:
        cursor.execute(f"{select} {where}", params)
        found = cursor.fetchall()
    rows = []
    for values in found:
        values = list(values)
        for index, converters, column in converting:
            for converter in converters:
                values[index] = converter(values[index], column, connection)
        rows.append(model.from_db(connection.alias, names, values))
    return rows


def row(model: type[Row], pk: int) -> Row | None:
    """The row of ``model`` with the primary key ``pk``, if there is one."""
    found = _rows(model, "WHERE id = %s", [pk])
    return found[0] if found else None


def row_locked(model: type[Row], pk: int) -> Row:
    """The row of ``model`` with the primary key ``pk``, locked until the transaction ends
    (``SELECT … FOR UPDATE`` where the database has it; SQLite locks the whole database)."""
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    (found,) = _rows(model, f"WHERE id = %s{lock}", [pk])
    return found


def game_rows(model: type[Row], game: Game) -> list[Row]:
    """The rows of ``model`` (seats) that belong to ``game``, by position, each linked to it."""
    found = _rows(model, "WHERE game_id = %s ORDER BY position", [game.pk])
    for each in found:
        each.game = game  # type: ignore[attr-defined]
    return found


def _update(instance: models.Model, fields: Iterable[str]) -> tuple[str, list[Any]]:
    meta = instance._meta
    changed: list[models.Field[object, object]] = []
    for name in fields:
        field = meta.get_field(name)
        assert isinstance(field, models.Field), f"{name} is a column of {meta.label}"
        changed.append(field)
    sets = ", ".join(f"{connection.ops.quote_name(str(field.column))} = %s" for field in changed)
    values = [
        field.get_db_prep_save(getattr(instance, field.attname), connection) for field in changed
    ]
    return f"UPDATE {meta.db_table} SET {sets} WHERE id = %s", [*values, instance.pk]


def row_update(instance: models.Model, fields: Iterable[str]) -> None:
    """Write ``fields`` of ``instance`` to its row: one fixed ``UPDATE``, each value prepared
    for the database as ``save(update_fields=…)`` would (no model here has save signals)."""
    rows_update([(instance, fields)])


def rows_update(changes: Iterable[tuple[models.Model, Iterable[str]]]) -> None:
    """:func:`row_update` of each instance with its fields, all sent at once where the
    database takes several statements in one call (PostgreSQL, whose cursor binds on the
    client)."""
    updates = [_update(instance, fields) for instance, fields in changes]
    with connection.cursor() as cursor:
        binds_on_client = not getattr(connection.features, "uses_server_side_binding", True)
        at_once = connection.vendor == "postgresql" and binds_on_client
        if at_once and len(updates) > 1:
            cursor.execute(
                "; ".join(sql for sql, _ in updates), [v for _, values in updates for v in values]
            )
            return
        for sql, values in updates:
            cursor.execute(sql, values)


def row_insert(instance: Row, *, notify: str | None = None) -> Row:
    """Write the new ``instance`` as a row (a fixed ``INSERT``, values prepared as ``save``
    would) and give it the row's id; ``notify`` names a channel told the id when the
    transaction commits (PostgreSQL's ``NOTIFY``, in the same statement)."""
    meta = instance._meta
    fields = [field for field in meta.concrete_fields if not field.primary_key]
    columns = ", ".join(connection.ops.quote_name(str(field.column)) for field in fields)
    values = [
        field.get_db_prep_save(field.pre_save(instance, True), connection) for field in fields
    ]
    sql = f"INSERT INTO {meta.db_table} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})"
    with connection.cursor() as cursor:
        if notify is not None:
            assert connection.vendor == "postgresql", "NOTIFY is PostgreSQL's"
            cursor.execute(f"{sql} RETURNING id, pg_notify(%s, id::text)", [*values, notify])
            instance.pk = cursor.fetchone()[0]
        elif connection.features.can_return_columns_from_insert:
            cursor.execute(f"{sql} RETURNING id", values)
            (instance.pk,) = cursor.fetchone()
        else:
            cursor.execute(sql, values)
            instance.pk = connection.ops.last_insert_id(cursor, meta.db_table, "id")
    instance._state.adding, instance._state.db = False, connection.alias
    return instance


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
