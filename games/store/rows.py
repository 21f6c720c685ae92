"""Rows read and written by fixed statements: the write path's own, without compiling a query.

A move reads the same rows every time (the seat of its token with its game, then
the game locked with its seats, each by one joined statement) and writes the same
few. Through the ORM, compiling each query costs the request more than the
database's answer; these functions run plain SQL through Django's connection and
make the same model instances the ORM would (every column, each converted by the field's and the
backend's converters, ``Model.from_db``), portable to every database the site runs
on (issue 16).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from django.db import connection, models

from games.models import Game, Seat

Row = TypeVar("Row", bound=models.Model)

_Reader = tuple[str, list[str], list[tuple[int, list[Callable[..., Any]], Any]]]
_readers: dict[tuple[type[models.Model], str], _Reader] = {}


def _reader(model: type[models.Model]) -> _Reader:
    """Every column of ``model`` named with its table (for a ``SELECT``, joined or not), their
    field names, and the converters of each column that has any (built once per model and
    database)."""
    key = (model, connection.vendor)
    if key not in _readers:
        table, fields = model._meta.db_table, model._meta.concrete_fields
        quote = connection.ops.quote_name
        columns = ", ".join(f"{quote(table)}.{quote(str(field.column))}" for field in fields)
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
        _readers[key] = (columns, names, converting)
    return _readers[key]


def _made(model: type[Row], values: Sequence[Any]) -> Row:
    """The instance of ``model`` the ORM would make of its columns' ``values``."""
    _, names, converting = _reader(model)
    values = list(values)
    for index, converters, column in converting:
        for converter in converters:
            values[index] = converter(values[index], column, connection)
    return model.from_db(connection.alias, names, values)


def _fetched(sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return list(cursor.fetchall())


def seat_with_game(pk: int) -> Seat | None:
    """The seat ``pk`` with its game (``seat.game``), read by one statement, if there is one."""
    seat_columns, game_columns = _reader(Seat)[0], _reader(Game)[0]
    found = _fetched(
        f"SELECT {seat_columns}, {game_columns} FROM games_seat"
        " JOIN games_game ON games_game.id = games_seat.game_id WHERE games_seat.id = %s",
        [pk],
    )
    if not found:
        return None
    width = len(Seat._meta.concrete_fields)
    seat = _made(Seat, found[0][:width])
    seat.game = _made(Game, found[0][width:])
    return seat


def game_locked_with_seats(pk: int) -> tuple[Game, list[Seat]]:
    """The game ``pk``, locked until the transaction ends (``FOR UPDATE`` of its row where the
    database has it; SQLite locks the whole database as it writes), and its seats by position,
    each linked to it: one statement."""
    game_columns, seat_columns = _reader(Game)[0], _reader(Seat)[0]
    lock = ""
    if connection.features.has_select_for_update_of:
        lock = " FOR UPDATE OF games_game"
    elif connection.features.has_select_for_update:
        lock = " FOR UPDATE"
    found = _fetched(
        f"SELECT {game_columns}, {seat_columns} FROM games_game"
        " JOIN games_seat ON games_seat.game_id = games_game.id"
        f" WHERE games_game.id = %s ORDER BY games_seat.position{lock}",
        [pk],
    )
    width = len(Game._meta.concrete_fields)
    game = _made(Game, found[0][:width])
    seats = [_made(Seat, values[width:]) for values in found]
    for seat in seats:
        seat.game = game
    return game, seats


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
    written = _insert(instance, notify, None)
    assert written, "an INSERT without a condition writes its row"
    return instance


def row_insert_unless(
    instance: models.Model, found: tuple[str, list[Any]], *, notify: str | None = None
) -> bool:
    """:func:`row_insert`, unless the fixed query ``found`` (a ``SELECT`` and its parameters)
    finds a row: one statement (``INSERT … SELECT … WHERE NOT EXISTS``); tell whether it
    wrote the row."""
    return _insert(instance, notify, found)


def _insert(
    instance: models.Model, notify: str | None, unless: tuple[str, list[Any]] | None
) -> bool:
    meta = instance._meta
    fields = [field for field in meta.concrete_fields if not field.primary_key]
    columns = ", ".join(connection.ops.quote_name(str(field.column)) for field in fields)
    values = [
        field.get_db_prep_save(field.pre_save(instance, True), connection) for field in fields
    ]
    marks = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {meta.db_table} ({columns}) VALUES ({marks})"
    if unless is not None:
        sql = f"INSERT INTO {meta.db_table} ({columns}) SELECT {marks}"
        sql += f" WHERE NOT EXISTS ({unless[0]})"
        values.extend(unless[1])
    with connection.cursor() as cursor:
        if notify is not None:
            assert connection.vendor == "postgresql", "NOTIFY is PostgreSQL's"
            cursor.execute(f"{sql} RETURNING id, pg_notify(%s, id::text)", [*values, notify])
            found = cursor.fetchone()
        elif connection.features.can_return_columns_from_insert:
            cursor.execute(f"{sql} RETURNING id", values)
            found = cursor.fetchone()
        else:
            cursor.execute(sql, values)
            found = None
            if cursor.rowcount:
                found = (connection.ops.last_insert_id(cursor, meta.db_table, "id"),)
    if found is None:
        return False
    instance.pk = found[0]
    instance._state.adding, instance._state.db = False, connection.alias
    return True


def json_text(column: str, key: str) -> str:
    """SQL for the text of ``key`` in the JSON ``column`` (``key`` a fixed name, never input)."""
    if connection.vendor == "postgresql":
        return f"({column} ->> '{key}')"
    return f"json_extract({column}, '$.{key}')"
