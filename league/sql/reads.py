"""Model instances loaded from a statement written as SQL, as the ORM would load them.

A hot read that runs on every result (the API's access check, a kick-off's line-up) spent
most of its time in Django building and compiling the same query again; written once as SQL
it costs only its execution (docs/performance.md, "Hot reads written as SQL").
`model_columns` says how a model's concrete columns are selected under an alias and turns
those values back into an instance: through the backend's converters (e.g.
SQLite's booleans, JSON text) and ``Model.from_db``, so the instance is the ORM's own.
`related_joins` and `related_load` do what ``select_related`` does for such a statement: the
related rows joined, loaded and cached on their instances."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Generic, TypeVar

from django.db import DEFAULT_DB_ALIAS, connection, connections, models
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models.sql import Query

M = TypeVar("M", bound=models.Model)


def database() -> BaseDatabaseWrapper:
    """The connection itself, not ``django.db.connection``: that proxy looks it up again on
    every attribute, and a field prepares or converts a value through several (a result's
    ~900 values spent a millisecond there)."""
    return connections[DEFAULT_DB_ALIAS]


@dataclass(frozen=True)
class ModelColumns(Generic[M]):
    """A model's concrete columns under an alias: `select` lists them for a SELECT, `load`
    makes the instance from their `width` values in that order."""

    model: type[M]
    select: str
    names: tuple[str, ...]
    converters: tuple[tuple[int, tuple[Any, Any]], ...]

    @property
    def width(self) -> int:
        return len(self.names)

    @property
    def pk_index(self) -> int:
        """Where the primary key is among the columns (None there: a LEFT JOIN's missing row)."""
        return self.names.index(self.model._meta.pk.attname)

    def load(self, values: Sequence[Any]) -> M:
        values = list(values)
        db = database()
        for index, (convert, expression) in self.converters:
            for converter in convert:
                values[index] = converter(values[index], expression, db)
        return self.model.from_db(DEFAULT_DB_ALIAS, self.names, values)

    def load_at(self, row: Sequence[Any], start: int) -> M:
        """The instance from `row`'s values from `start` on."""
        return self.load(row[start : start + self.width])


@cache
def model_columns(model: type[M], alias: str) -> ModelColumns[M]:
    fields = model._meta.concrete_fields
    compiler = connection.ops.compiler("SQLCompiler")(Query(None), connection, None)
    converters = compiler.get_converters([field.get_col(alias) for field in fields])
    return ModelColumns(
        model=model,
        select=", ".join(f"{alias}.{connection.ops.quote_name(field.column)}" for field in fields),
        names=tuple(field.attname for field in fields),
        converters=tuple(converters.items()),
    )


@dataclass(frozen=True)
class Related:
    """A ``select_related`` path joined as a table of its own: `join` is its JOIN clause,
    `columns` its columns, `link` the relation that holds it on its parent (a foreign key
    or one-to-one field, or the reverse of a one-to-one)."""

    path: tuple[str, ...]
    columns: ModelColumns[Any]
    join: str
    link: Any
    outer: bool  # LEFT JOIN: there may be no row (a nullable or reverse relation)


@cache
def related_joins(
    model: type[models.Model], alias: str, paths: tuple[str, ...]
) -> tuple[Related, ...]:
    """The joins of `paths` (``select_related``'s, e.g. ``round__season__league``) from
    `model` under `alias`, parents before their children; each table's alias is `alias` and
    its path, e.g. ``f_round_season``."""
    joins: dict[tuple[str, ...], Related] = {}
    for path in paths:
        parent: tuple[type[models.Model], str, bool] = (model, alias, False)
        steps: tuple[str, ...] = ()
        for step in path.split("__"):
            steps = (*steps, step)
            step_alias = f"{alias}_{'_'.join(steps)}"
            if steps not in joins:
                joins[steps] = _related(parent, steps, step_alias)
            joined = joins[steps]
            parent = (joined.columns.model, step_alias, joined.outer)
    return tuple(joins.values())


def _related(
    parent: tuple[type[models.Model], str, bool], steps: tuple[str, ...], alias: str
) -> Related:
    parent_model, parent_alias, outer = parent
    quote = connection.ops.quote_name
    link: Any = parent_model._meta.get_field(steps[-1])
    if link.concrete and (link.many_to_one or link.one_to_one):
        outer = outer or link.null
        mine, theirs = link.target_field.column, link.column
    elif link.one_to_one:  # the reverse of a one-to-one: there may be none
        outer = True
        mine, theirs = link.field.column, link.field.target_field.column
    else:
        raise ValueError(f"{'__'.join(steps)}: select_related follows single relations only.")
    target = link.related_model
    return Related(
        path=steps,
        columns=model_columns(target, alias),
        join=f"{'LEFT JOIN' if outer else 'JOIN'} {quote(target._meta.db_table)} {alias} "
        f"ON {alias}.{quote(mine)} = {parent_alias}.{quote(theirs)}",
        link=link,
        outer=outer,
    )


def related_load(
    root: models.Model, row: Sequence[Any], start: int, joins: Sequence[Related]
) -> int:
    """Load `joins`' instances from `row` (their columns from `start` on, in order) and cache
    each on its parent, `root` the first parent, as ``select_related`` would: a missing row
    (a LEFT JOIN's) is cached as None. Returns where the next columns start."""
    loaded: dict[tuple[str, ...], models.Model | None] = {(): root}
    for join in joins:
        columns = join.columns
        values = row[start : start + columns.width]
        start += columns.width
        parent = loaded[join.path[:-1]]
        missing = parent is None or values[columns.pk_index] is None
        child = None if missing else columns.load(values)
        loaded[join.path] = child
        if parent is None:
            continue
        join.link.set_cached_value(parent, child)
        if child is not None and join.link.one_to_one:  # the other side knows it too
            other = join.link.remote_field if join.link.concrete else join.link.field
            other.set_cached_value(child, parent)
    return start


def param_list(count: int) -> str:
    """``%s, %s, …``: the parameters of an ``IN (…)`` or a VALUES row of `count` values (at
    least one)."""
    if count < 1:
        raise ValueError("An IN list needs at least one value.")
    return ", ".join(["%s"] * count)
