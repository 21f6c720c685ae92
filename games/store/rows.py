"""Rows read and written by fixed statements: the write path's own, without compiling a query.

A move reads the same rows every time (the game locked and its seats, in one
round trip) and writes the same few, and a mail worker claims, reads and marks
each outbox row the same way. Through the ORM, compiling each query costs
the request more than the database's answer; these functions run plain SQL,
built once per model and database, through Django's connection and make the
same model instances the ORM would (every column, each converted by the field's
and the backend's converters, ``Model.from_db``), portable to every database
the site runs on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

from django.db import DEFAULT_DB_ALIAS, connections, models, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

from games.models import Game, NoticeChannel, Seat, StandingAnswers

Row = TypeVar("Row", bound=models.Model)

Statement = tuple[str, list[Any]]
"""A statement's SQL (a ``%s`` for each parameter) and its parameters."""
_Reader = tuple[str, list[str], list[tuple[int, list[Callable[..., Any]], Any]]]
_readers: dict[tuple[type[models.Model], str], _Reader] = {}
_Prepare = Callable[[Any], Any]
_Plan = tuple[str, list[tuple[str, _Prepare]]]
_updates: dict[tuple[type[models.Model], tuple[str, ...], str], _Plan] = {}
_Inserting = tuple[str, list[tuple["models.Field[Any, Any]", _Prepare]]]
_inserts: dict[tuple[type[models.Model], str], _Inserting] = {}


def _reader(db: BaseDatabaseWrapper, model: type[models.Model]) -> _Reader:
    """Every column of ``model`` named with its table (for a ``SELECT``, joined or not), their
    field names, and the converters of each column that has any (built once per model and
    database)."""
    key = (model, db.vendor)
    if key not in _readers:
        table, fields = model._meta.db_table, model._meta.concrete_fields
        quote = db.ops.quote_name
        columns = ", ".join(f"{quote(table)}.{quote(str(field.column))}" for field in fields)
        converting = []
        for index, field in enumerate(fields):
            column = field.get_col(table)
            found = [*db.ops.get_db_converters(column), *field.get_db_converters(db)]
            if found:
                converting.append((index, found, column))
        names = [field.attname for field in fields]
        _readers[key] = (columns, names, converting)
    return _readers[key]


def _made(db: BaseDatabaseWrapper, model: type[Row], values: Sequence[Any]) -> Row:
    """The instance of ``model`` the ORM would make of its columns' ``values``."""
    _, names, converting = _reader(db, model)
    values = list(values)
    for index, converters, column in converting:
        for converter in converters:
            values[index] = converter(values[index], column, db)
    return model.from_db(db.alias, names, values)


def _fetched(db: BaseDatabaseWrapper, sql: str, params: list[Any]) -> list[tuple[Any, ...]]:
    with db.cursor() as cursor:
        cursor.execute(sql, params)
        return list(cursor.fetchall())


def game_rows(model: type[Row], game: Game) -> list[Row]:
    """The rows of ``model`` (seats) that belong to ``game``, by position, each linked to it:
    one fixed statement."""
    db = connections[DEFAULT_DB_ALIAS]
    columns = _reader(db, model)[0]
    table = model._meta.db_table
    found = _fetched(
        db, f"SELECT {columns} FROM {table} WHERE game_id = %s ORDER BY position", [game.pk]
    )
    rows = [_made(db, model, values) for values in found]
    for each in rows:
        each.game = game  # type: ignore[attr-defined]
    return rows


def seat_with_game(pk: int) -> Seat | None:
    """The seat ``pk`` with its game (``seat.game``), read by one statement, if there is one."""
    db = connections[DEFAULT_DB_ALIAS]
    seat_columns, game_columns = _reader(db, Seat)[0], _reader(db, Game)[0]
    found = _fetched(
        db,
        f"SELECT {seat_columns}, {game_columns} FROM games_seat"
        " JOIN games_game ON games_game.id = games_seat.game_id WHERE games_seat.id = %s",
        [pk],
    )
    if not found:
        return None
    width = len(Seat._meta.concrete_fields)
    seat = _made(db, Seat, found[0][:width])
    seat.game = _made(db, Game, found[0][width:])
    return seat


def game_locked_with_seats(pk: int) -> tuple[Game, list[Seat]] | None:
    """The game ``pk``, locked until the transaction ends (``FOR UPDATE`` of its row where the
    database has it; SQLite locks the whole database as it writes), and its seats by position,
    each linked to it (``None``: no such game).

    Two statements, in one call where the database takes several: the game's columns come
    once, not again with each seat as a join would read, convert and decode them.
    The seats are read after the lock is taken, so they are the locked game's. Each row
    also says whether a turn notice has a channel to go to (the table's, the seat's), so a
    move of a game nobody hears by webhook writes none: ``game.notice_hearers``, the
    :class:`NoticeHearers` of :func:`notice_hearers`; and each seat's whether it has stored
    standing orders, so a move of a game whose seats set none reads none:
    :func:`seats_with_orders` (``games.play.orders``)."""
    db = connections[DEFAULT_DB_ALIAS]
    lock = " FOR UPDATE" if db.features.has_select_for_update else ""
    channels = NoticeChannel._meta.db_table
    hears = f"EXISTS (SELECT 1 FROM {channels} n WHERE n.paused_at IS NULL AND"
    game_sql = (
        f"SELECT {_reader(db, Game)[0]}, {hears} n.table_id IN"
        " (SELECT id FROM games_table WHERE games_table.game_id = games_game.id))"
        f" FROM games_game WHERE games_game.id = %s{lock}"
    )
    orders = StandingAnswers._meta.db_table
    seats_sql = (
        f"SELECT {_reader(db, Seat)[0]}, {hears} n.seat_id = games_seat.id),"
        f" EXISTS (SELECT 1 FROM {orders} s WHERE s.seat_id = games_seat.id)"
        " FROM games_seat WHERE games_seat.game_id = %s ORDER BY games_seat.position"
    )
    found, seat_rows = rows_read([(game_sql, [pk]), (seats_sql, [pk])])
    if not found:
        return None
    game, seats = _linked(db, found[0][:-1], [values[:-2] for values in seat_rows])
    heard = frozenset(seat.pk for seat, row in zip(seats, seat_rows, strict=True) if row[-2])
    game.notice_hearers = NoticeHearers(  # type: ignore[attr-defined]
        table=bool(found[0][-1]), seats=heard
    )
    game.seats_with_orders = frozenset(  # type: ignore[attr-defined]
        seat.pk for seat, row in zip(seats, seat_rows, strict=True) if row[-1]
    )
    return game, seats


@dataclass(frozen=True)
class NoticeHearers:
    """Who hears a game's turn notices: whether its table has a channel not paused, and
    the seats (by id) that have one."""

    table: bool
    seats: frozenset[int]


def seats_with_orders(game: Game) -> frozenset[int] | None:
    """The seats of ``game`` (by id) that have stored standing orders, as its locked read
    found them (:func:`game_locked_with_seats`); ``None``: not read so."""
    known: frozenset[int] | None = getattr(game, "seats_with_orders", None)
    return known


def notice_hearers(game: Game, seats: Sequence[Seat]) -> NoticeHearers:
    """Who hears ``game``'s turn notices among ``seats``: as its locked read found them
    (:func:`game_locked_with_seats`), else read now."""
    known: NoticeHearers | None = getattr(game, "notice_hearers", None)
    if known is not None:
        return known
    open_channels = NoticeChannel.objects.filter(paused_at=None)
    return NoticeHearers(
        table=open_channels.filter(table__game=game).exists(),
        seats=frozenset(
            open_channels.filter(seat__in=list(seats)).values_list("seat_id", flat=True)
        ),
    )


def _run(
    statements: list[Statement], *, reads: int, atomic: bool = False
) -> list[tuple[int, list[tuple[Any, ...]]]]:
    """Run ``statements``, the last ``reads`` of them reads, in one call where the database
    takes several (one transaction), else one after another (in one transaction if
    ``atomic``); each one's row count and the rows it found (none for a write)."""
    db = connections[DEFAULT_DB_ALIAS]
    at_once = _at_once(db)
    block = transaction.atomic(using=db.alias) if atomic and not at_once else nullcontext()
    done = []
    with block, db.cursor() as cursor:
        if at_once:
            cursor.execute(*_one_call(statements))
        for index, statement in enumerate(statements):
            if not at_once:
                cursor.execute(*statement)
            elif index:
                cursor.nextset()
            read = index >= len(statements) - reads
            done.append((cursor.rowcount, cursor.fetchall() if read else []))
    return done


def rows_read(statements: list[Statement]) -> list[list[tuple[Any, ...]]]:
    """The rows each of ``statements`` (reads) finds: in one call where the database takes
    several statements, else one after another."""
    return [found for _, found in _run(statements, reads=len(statements))]


def game_with_seats(pk: int) -> tuple[Game, list[Seat]] | None:
    """The game ``pk`` and its seats by position, each linked to it, read without a lock by
    one joined statement, so that game and seats are of one moment even while a move commits
    (a reader's; ``None``: no such game)."""
    db = connections[DEFAULT_DB_ALIAS]
    game_columns, seat_columns = _reader(db, Game)[0], _reader(db, Seat)[0]
    found = _fetched(
        db,
        f"SELECT {game_columns}, {seat_columns} FROM games_game"
        " JOIN games_seat ON games_seat.game_id = games_game.id"
        " WHERE games_game.id = %s ORDER BY games_seat.position",
        [pk],
    )
    if not found:
        return None
    width = len(Game._meta.concrete_fields)
    return _linked(db, found[0][:width], [values[width:] for values in found])


def row_changed(
    changes: list[Statement], model: type[Row], pk: int, links: Sequence[str] = ()
) -> Row | None:
    """Run ``changes``, statements the last of which is an ``UPDATE`` of the row ``pk`` of
    ``model``, and, if it changed the row, read the row as it is now with the rows its foreign
    keys ``links`` point to (each ``None`` where it points to none): in one call where the
    database takes several statements, else in one transaction (a mail worker's claim).
    ``None``: the ``UPDATE`` changed no row."""
    db = connections[DEFAULT_DB_ALIAS]
    table = model._meta.db_table
    linked: list[type[models.Model]] = []
    joins = ""
    for name in links:
        field = model._meta.get_field(name)
        target = field.related_model
        assert isinstance(field, models.ForeignKey)
        assert isinstance(target, type) and issubclass(target, models.Model)
        joined = target._meta.db_table
        joins += f" LEFT JOIN {joined} ON {joined}.id = {table}.{field.column}"
        linked.append(target)
    read_models: list[type[models.Model]] = [model, *linked]
    columns = ", ".join(_reader(db, each)[0] for each in read_models)
    read = (f"SELECT {columns} FROM {table}{joins} WHERE {table}.id = %s", [pk])
    *_, (changed, _), (_, found) = _run([*changes, read], reads=1, atomic=True)
    if changed != 1 or not found:
        return None
    values = found[0]
    start = len(model._meta.concrete_fields)
    row = _made(db, model, values[:start])
    for name, target in zip(links, linked, strict=True):
        width = len(target._meta.concrete_fields)
        part = values[start : start + width]
        setattr(row, name, None if part[0] is None else _made(db, target, part))
        start += width
    return row


def column_loader(model: type[models.Model], name: str) -> Callable[[Any], Any]:
    """What turns a value read from the column of ``model``'s field ``name`` by a fixed query
    into the value the ORM would give (a JSON column's text into its data, say)."""
    db = connections[DEFAULT_DB_ALIAS]
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)
    column = field.get_col(model._meta.db_table)
    converters = [*db.ops.get_db_converters(column), *field.get_db_converters(db)]

    def loaded(value: Any) -> Any:
        for converter in converters:
            value = converter(value, column, db)
        return value

    return loaded


def _linked(
    db: BaseDatabaseWrapper, game_values: Sequence[Any], seat_rows: Iterable[Sequence[Any]]
) -> tuple[Game, list[Seat]]:
    """The game of ``game_values`` and the seats of ``seat_rows``, each linked to it."""
    game = _made(db, Game, game_values)
    seats = [_made(db, Seat, values) for values in seat_rows]
    for seat in seats:
        seat.game = game
    return game, seats


_AS_THEY_ARE: dict[type[models.Field[Any, Any]], type] = {
    models.AutoField: int,
    models.BigAutoField: int,
    models.BooleanField: bool,
    models.CharField: str,
    models.DurationField: timedelta,
    models.EmailField: str,
    models.IntegerField: int,
    models.PositiveBigIntegerField: int,
    models.PositiveIntegerField: int,
    models.PositiveSmallIntegerField: int,
    models.TextField: str,
}
"""Django's own field classes whose preparation for PostgreSQL puts a value of this Python
type into a statement bound on the client as the value itself would go (``to_python`` and
``int`` give it back, a native interval takes a ``timedelta`` as it is; psycopg writes the
backend's ``Int2``/``Int4``/``Int8`` wrappers of an integer as the integer)."""


def _preparer(db: BaseDatabaseWrapper, field: models.Field[Any, Any]) -> _Prepare:
    """``field.get_db_prep_save`` on ``db``, as the write's value for its column. On PostgreSQL
    binding on the client, a value already of the column's Python type (see
    :data:`_AS_THEY_ARE`, a foreign key by its target's; a datetime with its time zone) goes
    as it is, which writes the statement Django's preparation would, without its calls for
    each value; any other value, or elsewhere, is Django's to prepare."""
    prepare = field.get_db_prep_save
    target = field.target_field if isinstance(field, models.ForeignKey) else field
    if not _at_once(db):
        return lambda value: prepare(value, db)
    if type(target) is models.DateTimeField:
        return lambda value: (
            value if type(value) is datetime and value.tzinfo is not None else prepare(value, db)
        )
    kind = _AS_THEY_ARE.get(type(target))
    if kind is None:
        return lambda value: prepare(value, db)
    return lambda value: value if type(value) is kind else prepare(value, db)


def _update_plan(
    db: BaseDatabaseWrapper, model: type[models.Model], names: tuple[str, ...]
) -> _Plan:
    """The ``UPDATE`` of the columns ``names`` of one row of ``model``, and each column's
    attribute and preparer (built once per model, columns and database)."""
    key = (model, names, db.vendor)
    if key not in _updates:
        meta = model._meta
        changed: list[models.Field[Any, Any]] = []
        for name in names:
            field = meta.get_field(name)
            assert isinstance(field, models.Field), f"{name} is a column of {meta.label}"
            changed.append(field)
        sets = ", ".join(f"{db.ops.quote_name(str(field.column))} = %s" for field in changed)
        prepared = [(field.attname, _preparer(db, field)) for field in changed]
        _updates[key] = (f"UPDATE {meta.db_table} SET {sets} WHERE id = %s", prepared)
    return _updates[key]


def _update(db: BaseDatabaseWrapper, instance: models.Model, fields: Iterable[str]) -> Statement:
    sql, changed = _update_plan(db, type(instance), tuple(fields))
    values = [prepare(getattr(instance, name)) for name, prepare in changed]
    values.append(instance.pk)
    return sql, values


def rows_written(statements: list[Statement], *, later: bool = False) -> None:
    """Run ``statements`` (writes) as one: in one call where the database takes several
    statements, else in one transaction; ``later``: with the transaction's next statement,
    where the backend can."""
    if not (later and _waits(connections[DEFAULT_DB_ALIAS], statements)):
        _run(statements, reads=0, atomic=True)


def row_update_statement(instance: models.Model, fields: Iterable[str]) -> Statement:
    """The fixed ``UPDATE`` of ``fields`` of ``instance``'s row, to send with other statements."""
    return _update(connections[DEFAULT_DB_ALIAS], instance, fields)


def _at_once(db: BaseDatabaseWrapper) -> bool:
    """Whether ``db`` takes several statements in one call (PostgreSQL, its cursor binding
    on the client)."""
    binds_on_client = not getattr(db.features, "uses_server_side_binding", True)
    return db.vendor == "postgresql" and binds_on_client


def _one_call(statements: list[Statement]) -> Statement:
    """``statements`` as one call's SQL and parameters."""
    return "; ".join(sql for sql, _ in statements), [v for _, values in statements for v in values]


def _waits(db: BaseDatabaseWrapper, statements: list[Statement]) -> bool:
    """Leave ``statements`` (writes whose answer is unread) to wait for the transaction's next
    statement or its ``COMMIT``, if the backend can (``defer`` of the site's PostgreSQL
    backend, ``freibeuter_site.db``); tell whether."""
    defer = getattr(db, "defer", None)
    # A list, not a generator: every statement is offered, one answer each.
    return defer is not None and all([bool(defer(sql, params)) for sql, params in statements])


def rows_update(changes: Iterable[tuple[models.Model, Iterable[str]]], *, later: bool) -> None:
    """Write the fields of each instance to its row by a fixed ``UPDATE``, each value prepared
    as ``save(update_fields=…)`` would (no model here has save signals), all sent at once
    where the database takes several statements in one call; ``later``: with the
    transaction's next statement, where the backend can."""
    db = connections[DEFAULT_DB_ALIAS]
    updates = [_update(db, instance, fields) for instance, fields in changes]
    if updates and not (later and _waits(db, updates)):
        _run(updates, reads=0)


def row_insert(
    instance: models.Model,
    *,
    notify: str | None = None,
    unless: Statement | None = None,
    later: bool = False,
) -> bool | None:
    """Write the new ``instance`` as a row (a fixed ``INSERT``, values prepared as ``save``
    would) and give it the row's id; tell whether it wrote it. ``unless`` is a fixed query (a
    ``SELECT`` and its parameters) whose finding a row means the row is not written, decided
    by the ``INSERT`` itself (``INSERT … SELECT … WHERE NOT EXISTS``). ``notify`` names a
    channel told the id when the transaction commits (PostgreSQL's ``NOTIFY``, in the same
    statement). A row written ``later`` waits for the transaction's next statement where the
    backend can: its id and whether it was written go unread (``None``)."""
    db = connections[DEFAULT_DB_ALIAS]
    into, fields = _insert_plan(db, type(instance))
    values = [prepare(field.pre_save(instance, True)) for field, prepare in fields]
    marks = ", ".join(["%s"] * len(values))
    if unless is None:
        sql = f"{into} VALUES ({marks})"
    else:
        sql = f"{into} SELECT {marks} WHERE NOT EXISTS ({unless[0]})"
        values.extend(unless[1])
    if notify is not None:
        assert db.vendor == "postgresql", "NOTIFY is PostgreSQL's"
        sql, values = f"{sql} RETURNING id, pg_notify(%s, id::text)", [*values, notify]
    if later and _waits(db, [(sql, values)]):
        return None
    returning = notify is not None or db.features.can_return_columns_from_insert
    if returning and notify is None:
        sql = f"{sql} RETURNING id"
    with db.cursor() as cursor:
        cursor.execute(sql, values)
        if returning:
            found = cursor.fetchone()
        else:
            found = None
            if cursor.rowcount:
                found = (db.ops.last_insert_id(cursor, instance._meta.db_table, "id"),)
    if found is None:
        return False
    instance.pk = found[0]
    instance._state.adding, instance._state.db = False, db.alias
    return True


def _insert_plan(db: BaseDatabaseWrapper, model: type[models.Model]) -> _Inserting:
    """``INSERT INTO table (columns)`` of ``model``, and each column's field and preparer, all
    but the primary key (built once per model and database)."""
    key = (model, db.vendor)
    if key not in _inserts:
        meta = model._meta
        fields = [field for field in meta.concrete_fields if not field.primary_key]
        columns = ", ".join(db.ops.quote_name(str(field.column)) for field in fields)
        prepared = [(field, _preparer(db, field)) for field in fields]
        _inserts[key] = (f"INSERT INTO {meta.db_table} ({columns})", prepared)
    return _inserts[key]


def json_text(column: str, key: str) -> str:
    """SQL for the text of ``key`` in the JSON ``column`` (``key`` a fixed name, never input)."""
    if connections[DEFAULT_DB_ALIAS].vendor == "postgresql":
        return f"({column} ->> '{key}')"
    return f"json_extract({column}, '$.{key}')"
