"""Changed rows written in one set-based statement: ``WITH v(pk, …) AS (VALUES …) UPDATE t
SET … FROM v WHERE t.pk = v.pk``, the same SQL on PostgreSQL and SQLite (3.33+ has UPDATE …
FROM). Django's ``bulk_update`` builds one CASE expression per field and row, and resolving
those expressions cost more than the database did on a result's hot path (docs/performance.md,
"Recording results")."""

from __future__ import annotations

from collections.abc import Sequence
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
