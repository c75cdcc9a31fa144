"""Rows written in one set-based statement each, the same SQL on PostgreSQL and SQLite:
changed rows by ``WITH v(pk, …) AS (VALUES …) UPDATE t SET … FROM v WHERE t.pk = v.pk``
(`rows_update`; SQLite 3.33+ has UPDATE … FROM), counts added by ``INSERT … ON CONFLICT DO
UPDATE`` (`rows_add`). Django's ``bulk_update`` builds one CASE expression per field and row,
and resolving those cost more than the database did on a result's hot path
(docs/performance.md, "Recording results")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import connection, models


def rows_update(
    model: type[models.Model], objs: Sequence[models.Model], fields: Sequence[str]
) -> int:
    """Write `fields` of `objs` (saved instances of `model`) in one UPDATE; returns the number
    of rows updated. Like ``bulk_update``, it sets ``auto_now`` fields only if they are named
    and set on the objects, and it sends no signals."""
    if not objs:
        return 0
    meta = model._meta
    columns = [meta.pk, *(meta.get_field(name) for name in fields)]
    concrete = [field for field in columns if isinstance(field, models.Field)]
    if len(concrete) != len(columns) or any(field.many_to_many for field in concrete):
        raise ValueError("rows_update writes concrete fields only.")
    quote = connection.ops.quote_name
    # PostgreSQL types a VALUES list by its first row's parameters: cast them all. SQLite
    # must not cast (it would read a datetime's text as a number) and needs no casts.
    casts = ["%s"] * len(concrete)
    if connection.vendor == "postgresql":
        casts = [f"CAST(%s AS {field.db_type(connection)})" for field in concrete]
    row_sql = "(" + ", ".join(casts) + ")"
    params: list[Any] = []
    for obj in objs:
        for field in concrete:
            value = getattr(obj, field.attname)
            params.append(field.get_db_prep_save(value, connection=connection))
    names = ["pk", *(f"v{index}" for index in range(1, len(concrete)))]
    table = quote(meta.db_table)
    assignments = ", ".join(
        f"{quote(field.column)} = v.{name}"
        for field, name in zip(concrete[1:], names[1:], strict=True)
    )
    sql = (
        f"WITH v({', '.join(names)}) AS (VALUES {', '.join([row_sql] * len(objs))}) "
        f"UPDATE {table} SET {assignments} FROM v WHERE {table}.{quote(meta.pk.column)} = v.pk"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return int(cursor.rowcount)


def rows_add(
    model: type[models.Model],
    rows: Sequence[Mapping[str, Any]],
    *,
    unique: Sequence[str],
    add: Sequence[str],
) -> None:
    """Add `rows`' `add` fields to the rows of `model` that match them on `unique` (a unique
    constraint), inserting those that do not exist yet: one ``INSERT … ON CONFLICT (…) DO
    UPDATE SET f = t.f + excluded.f`` (PostgreSQL and SQLite 3.24+). Atomic in the database,
    so two writers adding at once both count."""
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
    row_sql = "(" + ", ".join(["%s"] * len(concrete)) + ")"
    params: list[Any] = []
    for row in rows:
        for name, field in zip(names, concrete, strict=True):
            params.append(field.get_db_prep_save(row[name], connection=connection))
    columns = ", ".join(quote(field.column) for field in concrete)
    conflict = ", ".join(quote(field.column) for field in concrete[: len(unique)])
    sums = ", ".join(
        f"{quote(field.column)} = {table}.{quote(field.column)} + excluded.{quote(field.column)}"
        for field in concrete[len(unique) :]
    )
    sql = (
        f"INSERT INTO {table} ({columns}) VALUES {', '.join([row_sql] * len(rows))} "
        f"ON CONFLICT ({conflict}) DO UPDATE SET {sums}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
