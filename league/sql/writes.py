"""Rows written in one set-based statement each: changed rows by ``UPDATE t SET … FROM v
WHERE t.pk = v.pk`` (`rows_update` from instances, `rows_update_values` from tuples; SQLite
3.33+ has UPDATE … FROM), counts added by
``INSERT … SELECT … FROM v ON CONFLICT DO UPDATE`` (`rows_add`), new rows whose instances
the caller keeps by ``INSERT … SELECT … FROM v RETURNING pk`` (`rows_insert`; `rows_append`
keeps nothing), where ``v`` is the rows as one array a column on PostgreSQL, a VALUES list
on SQLite (`_rows_source`).
Django's ``bulk_update`` builds one CASE expression per field and row, and its
``bulk_create`` prepares every value of every instance through its field: on a result's hot
path both cost more than the database did (docs/performance.md, "Set-based writes and COPY")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, TypeVar

from django.db import connection, models
from django.db.backends.base.base import BaseDatabaseWrapper

from league.sql.pipeline import unanswered
from league.sql.reads import database, param_list

M = TypeVar("M", bound=models.Model)


def rows_update(
    model: type[models.Model],
    objs: Sequence[models.Model],
    fields: Sequence[str],
    *,
    where: Mapping[str, Any] | None = None,
) -> int:
    """Write `fields` of `objs` (saved instances of `model`) in one UPDATE; returns the number
    of rows updated (-1 inside league.sql.pipeline's pipeline, where it is not waited for).
    `where` names fields and the values a row must still hold to be written (a row that
    changed meanwhile is left alone). Like ``bulk_update``, it sets ``auto_now`` fields only
    if they are named and set on the objects, and it sends no signals."""
    meta = model._meta
    # A name that is no concrete field is refused by rows_update_values.
    attnames = [meta.pk.attname, *(getattr(meta.get_field(n), "attname", n) for n in fields)]
    rows = [tuple(getattr(obj, name) for name in attnames) for obj in objs]
    return rows_update_values(model, rows, fields, where=where)


def rows_update_values(
    model: type[models.Model],
    rows: Sequence[Sequence[Any]],
    fields: Sequence[str],
    *,
    where: Mapping[str, Any] | None = None,
) -> int:
    """rows_update from tuples: each row's primary key, then its values of `fields`, in that
    order. For a caller that has the values and no instances: building a model instance
    costs more than writing its row (docs/performance.md, "Set-based writes and COPY")."""
    if not rows:
        return 0
    sql, params = rows_update_statement(model, rows, fields, where=where)
    with unanswered(), connection.cursor() as cursor:
        cursor.execute(sql, params)
        return int(cursor.rowcount)


#: A statement and its parameters, not yet run.
Statement = tuple[str, list[Any]]


def rows_update_statement(
    model: type[models.Model],
    rows: Sequence[Sequence[Any]],
    fields: Sequence[str],
    *,
    where: Mapping[str, Any] | None = None,
) -> Statement:
    """rows_update_values' statement (`rows` not empty), for a caller that runs it along
    with another (rows_insert's `along`)."""
    meta = model._meta
    columns = [meta.pk, *(meta.get_field(name) for name in fields)]
    concrete = [field for field in columns if isinstance(field, models.Field)]
    if len(concrete) != len(columns) or any(field.many_to_many for field in concrete):
        raise ValueError("rows_update writes concrete fields only.")
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    names = ["pk", *(f"v{index}" for index in range(1, len(concrete)))]
    assignments = ", ".join(
        f"{quote(field.column)} = v.{name}"
        for field, name in zip(concrete[1:], names[1:], strict=True)
    )
    db = database()
    values = [
        _column(field, [row[index] for row in rows], db) for index, field in enumerate(concrete)
    ]
    source, params = _rows_source(concrete, values, names)
    sql = (
        f"UPDATE {table} SET {assignments} FROM {source} "
        f"WHERE {table}.{quote(meta.pk.column)} = v.pk"
    )
    for name, value in (where or {}).items():
        field = meta.get_field(name)
        if not isinstance(field, models.Field):
            raise ValueError("rows_update conditions are on concrete fields only.")
        sql += f" AND {table}.{quote(field.column)} = %s"
        params.append(field.get_db_prep_save(value, connection=db))
    return sql, params


def rows_add(
    model: type[models.Model],
    rows: Sequence[Mapping[str, Any]],
    *,
    unique: Sequence[str],
    add: Sequence[str],
) -> None:
    """Add `rows`' `add` fields to the rows of `model` that match them on `unique` (a unique
    constraint), inserting those that do not exist yet: one ``INSERT … SELECT … ON CONFLICT
    (…) DO UPDATE SET f = t.f + excluded.f`` (PostgreSQL and SQLite 3.24+). Atomic in the
    database, so two writers adding at once both count."""
    if not rows:
        return
    meta = model._meta
    names = [*unique, *add]
    fields = [meta.get_field(name) for name in names]
    concrete = [field for field in fields if isinstance(field, models.Field)]
    if len(concrete) != len(fields):
        raise ValueError("rows_add writes concrete fields only.")
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    db = database()
    columns = [
        _column(field, [row[name] for row in rows], db)
        for name, field in zip(names, concrete, strict=True)
    ]
    aliases = [f"v{index}" for index in range(len(concrete))]
    source, params = _rows_source(concrete, columns, aliases)
    conflict = ", ".join(quote(field.column) for field in concrete[: len(unique)])
    sums = ", ".join(
        f"{quote(field.column)} = {table}.{quote(field.column)} + excluded.{quote(field.column)}"
        for field in concrete[len(unique) :]
    )
    sql = (
        f"INSERT INTO {table} ({', '.join(quote(field.column) for field in concrete)}) "
        f"SELECT {', '.join(f'v.{alias}' for alias in aliases)} FROM {source} "
        # "WHERE true" tells SQLite's parser that ON CONFLICT is the upsert's, not the join's.
        f"WHERE true ON CONFLICT ({conflict}) DO UPDATE SET {sums}"
    )
    with unanswered(), connection.cursor() as cursor:
        cursor.execute(sql, params)


def rows_insert(
    model: type[M],
    fields: Sequence[str],
    rows: Sequence[Sequence[Any]],
    *,
    along: Statement | None = None,
) -> list[M]:
    """Insert `rows` (tuples of values for `fields`, in that order, a foreign key by its
    ``…_id`` attname) into `model`'s table in one statement, and return them as saved
    instances, in the same order, with their primary keys. `fields` are every concrete
    field but the primary key, so an instance has no field left to read from the database.
    No signals are sent and no ``save()`` runs, as with ``bulk_create``.
    `along` is a write of another table (rows_update_statement) made with the insert: in
    the same statement on PostgreSQL (a data-modifying WITH), just before it elsewhere."""
    if not rows:
        return []
    meta = model._meta
    written = _insert_fields(model, fields)
    wanted = sorted(field.attname for field in meta.concrete_fields if field is not meta.pk)
    if sorted(field.attname for field in written) != wanted:
        raise ValueError("rows_insert writes every concrete field but the primary key.")
    sql, params = _insert_sql(model, written, rows)
    with connection.cursor() as cursor:
        if along is not None and connection.vendor == "postgresql":
            sql, params = f"WITH along AS ({along[0]}) {sql}", [*along[1], *params]
        elif along is not None:
            cursor.execute(*along)
        cursor.execute(f"{sql} RETURNING {connection.ops.quote_name(meta.pk.column)}", params)
        keys = [key for (key,) in cursor.fetchall()]
    names = [meta.pk.attname, *(field.attname for field in written)]
    return [
        model.from_db(connection.alias, names, (key, *row))
        for key, row in zip(keys, rows, strict=True)
    ]


def rows_append(
    model: type[models.Model], fields: Sequence[str], rows: Sequence[Sequence[Any]]
) -> int:
    """rows_insert with nothing back (no keys, no instances): the statement alone; returns
    the number of rows written. For a batch too small for a COPY's extra round trips
    (league.sql.copy): a simulation's thirty-odd stat lines went in 0.37 ms, against 0.51 by
    COPY (docs/performance.md, "Set-based writes and COPY")."""
    if not rows:
        return 0
    sql, params = _insert_sql(model, _insert_fields(model, fields), rows)
    with unanswered(), connection.cursor() as cursor:
        cursor.execute(sql, params)
    return len(rows)


def _insert_fields(
    model: type[models.Model], fields: Sequence[str]
) -> list[models.Field[Any, Any]]:
    named = [model._meta.get_field(name) for name in fields]
    written = [field for field in named if isinstance(field, models.Field)]
    if len(written) != len(named) or any(field.many_to_many for field in written):
        raise ValueError("rows_insert and rows_append write concrete fields only.")
    return written


def _insert_sql(
    model: type[models.Model],
    written: Sequence[models.Field[Any, Any]],
    rows: Sequence[Sequence[Any]],
) -> tuple[str, list[Any]]:
    """``INSERT INTO t (…) SELECT … FROM v`` of `rows`, values of the `written` fields."""
    db = database()
    columns = [
        _column(field, [row[index] for row in rows], db) for index, field in enumerate(written)
    ]
    aliases = [f"v{index}" for index in range(len(written))]
    source, params = _rows_source(written, columns, aliases)
    quote = connection.ops.quote_name
    return (
        f"INSERT INTO {quote(model._meta.db_table)} "
        f"({', '.join(quote(field.column) for field in written)}) "
        f"SELECT {', '.join(f'v.{alias}' for alias in aliases)} FROM {source}"
    ), params


def _column(field: models.Field[Any, Any], values: list[Any], db: BaseDatabaseWrapper) -> list[Any]:
    """A column's values as the field would send them. An int of an integer column (a key
    included) and a str of a text column are sent as they are: the field would only give
    them back (on PostgreSQL wrapped in a type the array's cast names anyway), through
    several calls a value. Anything else (None, an enum, a date, JSON) goes through it."""
    plain = _plain_type(field)
    prepare = field.get_db_prep_save
    return [value if type(value) is plain else prepare(value, connection=db) for value in values]


_INTEGER_TYPES = frozenset(
    {
        "AutoField",
        "BigAutoField",
        "SmallAutoField",
        "IntegerField",
        "BigIntegerField",
        "SmallIntegerField",
        "PositiveIntegerField",
        "PositiveBigIntegerField",
        "PositiveSmallIntegerField",
    }
)


@cache
def _plain_type(field: models.Field[Any, Any]) -> type | None:
    """int for an integer column, str for a text one (a foreign key: its target's), else
    None."""
    target = field.target_field if isinstance(field, models.ForeignKey) else field
    internal = target.get_internal_type()
    if internal in _INTEGER_TYPES:
        return int
    if internal in ("CharField", "TextField"):
        return str
    return None


def _rows_source(
    fields: Sequence[models.Field[Any, Any]], columns: Sequence[list[Any]], names: Sequence[str]
) -> tuple[str, list[Any]]:
    """The rows to write as a table ``v(names…)`` in a FROM clause, and its parameters, from
    their values column by column. PostgreSQL takes each column as one array parameter
    (``UNNEST(%s::bigint[], …)``): a statement's text and parameters stay the same size for
    any number of rows, which psycopg and the planner then handle in constant time; one row
    goes as one VALUES row, each value cast. SQLite has no arrays: a VALUES list, uncast (a
    cast would read a datetime's text as a number)."""
    aliases = ", ".join(names)
    if connection.vendor == "postgresql" and len(columns[0]) == 1:
        # One row (a result, its audit entry): its values as they are, each cast. Arrays
        # of a date or JSON column are built by psycopg in Python, and cost a single row's
        # statement more than its execution did.
        casts = ", ".join(f"%s::{column_base_type(field)}" for field in fields)
        return f"(VALUES ({casts})) AS v({aliases})", [column[0] for column in columns]
    if connection.vendor == "postgresql":
        # Typed without their length or precision (varchar[], not varchar(8)[]), as Django's
        # own bulk insert does: an array cast would truncate, the table's type checks.
        arrays = ", ".join(f"%s::{column_base_type(field)}[]" for field in fields)
        return f"UNNEST({arrays}) AS v({aliases})", [
            _array_text(field, column) for field, column in zip(fields, columns, strict=True)
        ]
    row_sql = f"({param_list(len(fields))})"
    rows = list(zip(*columns, strict=True))
    values = ", ".join([row_sql] * len(rows))
    return f"(WITH v({aliases}) AS (VALUES {values}) SELECT * FROM v) AS v", [
        value for row in rows for value in row
    ]


def _array_text(field: models.Field[Any, Any], values: list[Any]) -> str | list[Any]:
    """An integer or text column's values as a PostgreSQL array's text (``{1,NULL,3}``,
    ``{"a","b \\"c\\""}``), which the statement's cast reads; any other column's as the list,
    for psycopg to adapt. psycopg adapts a list in Python, value by value, after scanning it
    for the values' type and the integers' size, and a result's recording sends about forty
    (docs/performance.md, "Set-based writes and COPY")."""
    plain = _plain_type(field)
    if plain is int and all(type(value) is int or value is None for value in values):
        if None not in values:
            return "{" + ",".join(map(str, values)) + "}"
        return "{" + ",".join("NULL" if v is None else str(v) for v in values) + "}"
    if plain is str and all(isinstance(value, str) or value is None for value in values):
        # Quoted, a backslash before a quote or a backslash: any other character stands.
        return "{" + ",".join("NULL" if v is None else _quoted(v) for v in values) + "}"
    return values


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@cache
def column_base_type(field: models.Field[Any, Any]) -> str:
    """`field`'s column type without its length or precision (``varchar``, not
    ``varchar(8)``). Kept a process: a foreign key builds a field of its target's type on
    every ``db_type`` call, and a result asks for a few dozen."""
    db_type = field.db_type(connection)
    if db_type is None:
        raise ValueError(f"{field} has no column type of its own.")
    return db_type.split("(")[0]
