"""Many new rows of one table written from plain tuples, without model instances: on
PostgreSQL by ``COPY … FROM STDIN`` (psycopg 3), or by one INSERT in a pipeline, which takes
no COPY (league/sql/pipeline.py); elsewhere by ``bulk_create``.

A simulated result writes a few hundred match events and dice rolls. ``bulk_create`` built a
model instance a row, prepared every value through its field and had psycopg quote them into
one statement's text: most of a result's recording time (docs/performance.md, "Set-based
writes and COPY"). COPY streams the values as they are. It is an insert to the database: the
tables' statement-level triggers (the page versions, league/sql/page_version_triggers.py) and
row triggers (the dice ledger's append-only guard) fire as for an INSERT. No ids come back;
callers that need the instances use ``bulk_create``.

The rows go in COPY's binary format where psycopg knows every column's type: the server
then parses no text (a match's rolls were a sixth quicker to copy); a column of a type it
does not know sends the whole copy as text."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import orjson
from django.db import connection, models
from django.utils import timezone
from psycopg.types.json import Jsonb

from league.sql.pipeline import in_pipeline
from league.sql.writes import column_base_type, rows_append


def rows_copy(
    model: type[models.Model], fields: Sequence[str], rows: Iterable[Sequence[Any]]
) -> int:
    """Insert `rows` into `model`'s table: each a tuple of Python values for `fields` (field
    names; a foreign key by its ``…_id`` attname), in that order. An ``auto_now_add`` field
    not named is set to ``now()`` (one for the whole batch on PostgreSQL; ``bulk_create``
    takes one a row); a JSON field's value is stored as ``bulk_create`` would store it. No
    signals are sent and no ``save()`` runs, as with ``bulk_create``. Returns the number of
    rows written."""
    meta = model._meta
    named = [meta.get_field(name) for name in fields]
    concrete = [field for field in named if isinstance(field, models.Field)]
    if len(concrete) != len(named) or any(field.many_to_many for field in concrete):
        raise ValueError("rows_copy writes concrete fields only.")
    stamped = [
        field
        for field in meta.concrete_fields
        if getattr(field, "auto_now_add", False) and field not in concrete
    ]
    rows = iter(rows)
    first = next(rows, None)
    if first is None:  # no statement for nothing, as bulk_create
        return 0
    rows = itertools.chain([first], rows)
    stamp = (timezone.now(),) * len(stamped)
    if in_pipeline():  # a pipeline takes no COPY (league/sql/pipeline.py): one INSERT instead
        attnames = [field.attname for field in (*concrete, *stamped)]
        return rows_append(model, attnames, [(*row, *stamp) for row in _checked(rows, concrete)])
    if connection.vendor != "postgresql":
        attnames = [field.attname for field in (*concrete, *stamped)]
        objs = [
            model(**dict(zip(attnames, (*row, *stamp), strict=True)))
            for row in _checked(rows, concrete)
        ]
        model._default_manager.bulk_create(objs, batch_size=500)
        return len(objs)
    return _copy(meta.db_table, concrete, stamped, stamp, _checked(rows, concrete))


def _copy(
    table: str,
    concrete: Sequence[models.Field[Any, Any]],
    stamped: Sequence[models.Field[Any, Any]],
    stamp: tuple[Any, ...],
    rows: Iterator[Sequence[Any]],
) -> int:
    """PostgreSQL's COPY of `rows` (values of `concrete`, then `stamp` for `stamped`)."""
    columns = ", ".join(connection.ops.quote_name(f.column) for f in (*concrete, *stamped))
    types = _binary_types(_adapters(), (*concrete, *stamped))
    # Only the JSON columns are prepared here: a row's other values go as they are.
    dumps = [
        (index, dump)
        for index, field in enumerate(concrete)
        if (dump := _json_dumps(field, binary=types is not None))
    ]
    sql = f"COPY {connection.ops.quote_name(table)} ({columns}) FROM STDIN"
    if types is not None:
        sql += " (FORMAT BINARY)"
    written = 0
    with connection.cursor() as cursor:
        # Through Django's execute wrappers (a query counter sees one statement) and the
        # debug cursor's log, like any statement Django sends.
        def copy(sql: str, *_: Any) -> None:
            nonlocal written
            with cursor.cursor.copy(sql) as copying:
                if types is not None:
                    copying.set_types(types)
                for row in rows:
                    values = [*row, *stamp]
                    for index, dump in dumps:
                        if values[index] is not None:
                            values[index] = dump(values[index])
                    copying.write_row(values)
                    written += 1

        connection.validate_no_broken_transaction()
        debug = getattr(cursor, "debug_sql", None)
        with connection.wrap_database_errors:
            if debug is not None:
                with debug(sql):
                    cursor._execute_with_wrappers(sql, None, False, copy)
            else:
                cursor._execute_with_wrappers(sql, None, False, copy)
    return written


def _checked(rows: Iterable[Sequence[Any]], fields: Sequence[Any]) -> Iterator[Sequence[Any]]:
    for row in rows:
        if len(row) != len(fields):
            raise ValueError(f"A row of {len(row)} values for {len(fields)} fields.")
        yield row


def _json_dumps(field: models.Field[Any, Any], *, binary: bool) -> Callable[[Any], Any] | None:
    """How `field`'s values go into a COPY row: JSON by its encoder (what Django's ``Jsonb``
    adapter sends for ``bulk_create``; orjson where it has none and the copy is binary), as
    text, or for a binary copy wrapped for psycopg's jsonb dumper; None for a column that is
    not JSON (its values go as they are)."""
    if not isinstance(field, models.JSONField):
        return None
    encoder = field.encoder

    def dumps(value: Any) -> str:
        return json.dumps(value, cls=encoder)

    if binary and encoder is None:
        return lambda value: Jsonb(value, _fast_dumps)
    if binary:
        return lambda value: Jsonb(value, dumps)
    return dumps


def _fast_dumps(value: Any) -> bytes:
    """JSON by orjson: a match's few hundred values in a tenth of ``json.dumps``'s time
    (docs/performance.md, "Set-based writes and COPY"). The column is jsonb, which keeps the
    value, not the text, so the stored value is the same; what orjson refuses and
    ``json.dumps`` takes (an integer beyond 64 bits) goes by ``json.dumps``."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return json.dumps(value).encode()


def _adapters() -> Any:
    """The type registry of the connection's psycopg adapters."""
    connection.ensure_connection()
    return connection.connection.adapters.types


def _binary_types(registry: Any, fields: Sequence[models.Field[Any, Any]]) -> list[int] | None:
    """The type oids of `fields`' columns for a binary copy, or None when one's type is not
    known to psycopg (the copy goes as text, which the server casts)."""
    oids = []
    for field in fields:
        try:
            oids.append(registry.get_oid(column_base_type(field)))
        except KeyError:
            return None
    return oids
