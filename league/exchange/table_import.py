"""Reading a document's tables back into rows: declaring each row's new id, checking and
converting every field, inserting them, then filling the references that waited."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.db import connection, models

from league.exchange.problems import Problem
from league.exchange.tables import IdMap, Table, is_league_field, model_label

if TYPE_CHECKING:
    from league.models import League

__all__ = ["Loader", "deferred_resolve", "table_import", "tables_declare", "tables_import"]


@dataclass
class Loader:
    """What an import carries from table to table: the new league, the id map, the people
    by username, and the problems found so far."""

    league: League | None
    id_map: IdMap
    users: Mapping[str, User | None]
    problems: list[Problem]
    #: Rows whose reference had to wait for a later table (or their own): (model, new id,
    #: field, the referenced model, its local id, where).
    deferred: list[tuple[type[models.Model], int, str, type[models.Model], int, str]] = field(
        default_factory=list
    )
    #: The tables read so far (model labels).
    loaded: set[str] = field(default_factory=set)
    #: Local ids seen per model (so a reference to a later row is known to be good).
    declared: dict[str, set[int]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    def problem(self, where: str, key: str, message: str) -> None:
        self.problems.append(Problem(where=where, field=key, message=message))


def tables_declare(*, tables: Sequence[Table], section: Mapping[str, Any], loader: Loader) -> None:
    """Note every table's local ids before any is written, so a row may name a row of a
    later table (a guest team's season) or of its own (a substitute's replacement)."""
    for table in tables:
        rows = section.get(table.key)
        if not isinstance(rows, list) or not table.own_id():
            continue
        ids = loader.declared.setdefault(model_label(table.model), set())
        for row in rows:
            if isinstance(row, dict) and _is_id(row.get("id")):
                ids.add(row["id"])


#: A reference that waits for its row: (field name, the model referred to, its local id).
_Later = list[tuple[str, type[models.Model], int]]


def table_import(*, table: Table, rows: Any, where: str, loader: Loader, write: bool) -> None:
    """Check `rows` (the document's list for `table`, at JSON path `where`) and, when
    `write`, insert them in order, recording their new ids in the loader's id map."""
    if rows is None:
        rows = []
    if not isinstance(rows, list):
        loader.problem(where, "", "Must be a list of rows.")
        return
    if table.scrub:  # a file written before the secrets were kept out
        rows = [table.scrub(row) if isinstance(row, dict) else row for row in rows]
    reader = _TableReader(table=table, where=where, loader=loader)
    objs = [read for index, row in enumerate(rows) if (read := reader.row(index, row))]
    loader.loaded.add(model_label(table.model))
    if not write or loader.problems:
        # Nothing more is written, but the rows that held are known to the tables after
        # (their references are good), so each problem is reported once, where it is.
        for local_id, _, _ in objs:
            loader.id_map.add(table.model, local_id, 0)
        return
    new_ids = _insert([obj for _, obj, _ in objs], table.model)
    for (local_id, _, later), new_id in zip(objs, new_ids, strict=True):
        loader.id_map.add(table.model, local_id, new_id)
        for name, target, ref in later:
            loader.deferred.append((table.model, new_id, name, target, ref, where))
    loader.counts[table.key] = len(objs)


class _TableReader:
    """One table's rows checked in turn: ids, fields, and the model's unique constraints
    within the file."""

    def __init__(self, *, table: Table, where: str, loader: Loader) -> None:
        self.table, self.where, self.loader = table, where, loader
        self.fields = table.fields()
        self.names = {f.name for f in self.fields} | ({"id"} if table.own_id() else set())
        self.names |= table.retired  # an older file's: read past
        self.seen_ids: dict[int, int] = {}
        self.unique_sets = _unique_sets(table)
        self.seen_unique: list[dict[tuple[Any, ...], int]] = [{} for _ in self.unique_sets]

    def row(self, index: int, row: Any) -> tuple[int, models.Model, _Later] | None:
        """The row's local id, its new object and its waiting references; None (with its
        problems reported) when it does not hold."""
        loader, table = self.loader, self.table
        at = f"{self.where}[{index}]"
        if not isinstance(row, dict):
            loader.problem(at, "", "Must be an object of fields.")
            return None
        before = len(loader.problems)
        for key in sorted(set(row) - self.names):
            loader.problem(
                at, key, f"Unknown field; {table.key} rows have {', '.join(sorted(self.names))}."
            )
        local_id = self._local_id(index, row, at)
        values: dict[str, Any] = {}
        later: _Later = []
        for f in self.fields:
            if not (f.primary_key and table.own_id()):
                _load_field(table, f, row, at, loader, values, later)
        self._unique_check(index, row, at)
        if len(loader.problems) > before or local_id is None:
            # Nothing will be written now; rows naming this one are not refused for it too
            # (each problem is reported once, where it is).
            if local_id is not None:
                loader.id_map.add(table.model, local_id, 0)
            return None
        obj = table.model(**values)
        if loader.league is not None:
            for f in table.model._meta.concrete_fields:
                if is_league_field(f):
                    setattr(obj, f.attname, loader.league.pk)
        return local_id, obj, later

    def _local_id(self, index: int, row: Mapping[str, Any], at: str) -> int | None:
        """The row's id in the file; for a row extending another one-to-one (a season's
        settings), that row's id (checked with the other fields)."""
        if not self.table.own_id():
            pk_name = self.table.model._meta.pk.name
            value = row.get(pk_name)
            return value if _is_id(value) else None
        local_id = row.get("id")
        if not isinstance(local_id, int) or not _is_id(local_id):
            self.loader.problem(at, "id", "Every row needs an id: a whole number from 1.")
            return None
        if local_id in self.seen_ids:
            first = self.seen_ids[local_id]
            self.loader.problem(
                at, "id", f"Duplicate id {local_id}: {self.where}[{first}] has it too."
            )
            return None
        self.seen_ids[local_id] = index
        return int(local_id)

    def _unique_check(self, index: int, row: Mapping[str, Any], at: str) -> None:
        for number, names in enumerate(self.unique_sets):
            key = tuple(_unique_value(row, name) for name in names)
            if any(value is None for value in key):
                continue
            if key in self.seen_unique[number]:
                first = self.seen_unique[number][key]
                self.loader.problem(
                    at,
                    names[-1],
                    f"Same {', '.join(names)} as {self.where}[{first}]: "
                    f"{self.table.key} must differ in it.",
                )
            else:
                self.seen_unique[number][key] = index


def tables_import(
    *, tables: Sequence[Table], section: Mapping[str, Any], where: str, loader: Loader, write: bool
) -> None:
    """Check a game's `section` of a document (at JSON path `where`) table by table, every
    problem added to the loader's; write its rows when `write`."""
    tables_declare(tables=tables, section=section, loader=loader)
    for table in tables:
        table_import(
            table=table,
            rows=section.get(table.key),
            where=f"{where}.{table.key}",
            loader=loader,
            write=write,
        )


def deferred_resolve(*, loader: Loader) -> None:
    """Fill in the references that had to wait for their rows."""
    for model, pk, name, target, ref, at in loader.deferred:
        new_ref = loader.id_map.get(target, ref)
        if new_ref is None:
            loader.problem(at, name, f"Refers to id {ref}, a row with problems of its own.")
            continue
        model._base_manager.filter(pk=pk).update(**{f"{name}_id": new_ref})


class _Bad(Exception):
    """A value that does not hold; its message is the problem's."""


def _load_field(
    table: Table,
    f: models.Field[Any, Any],
    row: Mapping[str, Any],
    at: str,
    loader: Loader,
    values: dict[str, Any],
    later: _Later,
) -> None:
    """Put `row`'s value of `f` in `values` (as the model stores it), or report why not."""
    if f.name not in row:
        if not _may_be_left_out(f):
            loader.problem(at, f.name, "Missing.")
        return
    raw = row[f.name]
    value: Any
    try:
        if f.is_relation:
            value = _reference_value(table, f, raw, loader, later)
        elif f.name in table.id_json:
            value = _id_json_value(table, f, raw, loader)
        elif table.generic and f.name == table.generic[1]:
            value = _generic_import(table.generic, row, loader)
        else:
            value = _plain_value(f, raw)
    except _Bad as bad:
        loader.problem(at, f.name, str(bad))
        return
    values[f.attname] = value


def _may_be_left_out(f: models.Field[Any, Any]) -> bool:
    """A field with a default (or none needed) may be left out of a row."""
    automatic = getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    return bool(f.has_default() or f.null or automatic)


def _id_json_value(table: Table, f: models.Field[Any, Any], raw: Any, loader: Loader) -> Any:
    try:
        rewrite = table.id_json_import.get(f.name, table.id_json[f.name])
        return rewrite(raw, loader.id_map.remap)
    except LookupError as error:
        raise _Bad(f"{str(error.args[0]).rstrip('.')} in the file.") from None
    except (TypeError, KeyError, ValueError, AttributeError):
        raise _Bad("Not in the shape this field takes (docs/data.md).") from None


def _plain_value(f: models.Field[Any, Any], raw: Any) -> Any:
    if raw is None:
        if not f.null:
            raise _Bad("Cannot be empty (null).")
        return None
    if isinstance(f, models.JSONField):
        return raw
    _type_check(f, raw)
    try:
        value = f.to_python(raw)
        if f.choices and not (f.blank and value in f.empty_values) and value not in _choices(f):
            choices = ", ".join(str(c) for c, _ in f.flatchoices)
            raise ValidationError(f"{value!r} is not one of {choices}.")
        f.run_validators(value)
    except ValidationError as error:
        raise _Bad(" ".join(error.messages)) from None
    return value


def _type_check(f: models.Field[Any, Any], raw: Any) -> None:
    """JSON's own types where the model's are (no "3" for 3, no 1 for true)."""
    if isinstance(f, models.BooleanField) and not isinstance(raw, bool):
        raise _Bad("Must be true or false.")
    if isinstance(f, models.IntegerField) and (isinstance(raw, bool) or not isinstance(raw, int)):
        raise _Bad("Must be a whole number.")
    if isinstance(f, models.CharField | models.TextField) and not isinstance(raw, str):
        raise _Bad("Must be text.")


def _reference_value(
    table: Table, f: models.Field[Any, Any], raw: Any, loader: Loader, later: _Later
) -> int | None:
    """The new id a reference names: a person's by username, a kind of row's by its
    label, a row's through the id map; None for none, or for a row written later."""
    target: type[models.Model] = f.related_model  # type: ignore[assignment]
    if raw is None:
        if not f.null:
            raise _Bad("Cannot be empty (null).")
        return None
    if target is User or target is ContentType:
        return _named_value(target, raw, loader)
    if not _is_id(raw):
        raise _Bad("Must be the id of a row (a whole number from 1).")
    new = loader.id_map.get(target, raw)
    if new is not None:
        return new
    label = model_label(target)
    if raw in loader.declared.get(label, set()) and (
        label not in loader.loaded or label == model_label(table.model)
    ):
        # A row of a later table, or of this one: filled in once it is written.
        if not f.null:
            raise _Bad("Must name a row listed before this one.")
        later.append((f.name, target, raw))
        return None
    raise _Bad(f"No {target._meta.verbose_name} with id {raw} in the file.")


def _named_value(target: type[models.Model], raw: Any, loader: Loader) -> int | None:
    """A person by username, or a kind of row by its ``app_label.model``."""
    if target is User:
        if not isinstance(raw, str) or raw not in loader.users:
            raise _Bad(f"No person {raw!r} in the file's users.")
        user = loader.users[raw]
        return user.pk if user is not None else None
    ct = _content_type(raw)
    if ct is None:
        raise _Bad(f"Unknown kind of row {raw!r}.")
    return int(ct.pk)


def _generic_import(generic: tuple[str, str], row: Mapping[str, Any], loader: Loader) -> str:
    ct_field, id_field = generic
    ct = _content_type(row.get(ct_field))
    local = row.get(id_field)
    if ct is None or not isinstance(local, str) or not local.isdigit():
        return ""
    model = ct.model_class()
    new = loader.id_map.get(model, int(local)) if model is not None else None
    return "" if new is None else str(new)


def _content_type(label: Any) -> ContentType | None:
    if not isinstance(label, str) or label.count(".") != 1:
        return None
    app_label, model = label.split(".")
    try:
        return ContentType.objects.get_by_natural_key(app_label, model)
    except ContentType.DoesNotExist:
        return None


def _choices(f: models.Field[Any, Any]) -> set[Any]:
    return {choice for choice, _ in f.flatchoices}


def _is_id(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _unique_sets(table: Table) -> list[tuple[str, ...]]:
    """The field names each unique constraint of the model holds together (within the
    league: a constraint including the league, or a field unique on its own)."""
    opts = table.model._meta
    sets: list[tuple[str, ...]] = []
    for constraint in opts.total_unique_constraints:
        names = tuple(n for n in constraint.fields if not is_league_field(opts.get_field(n)))  # type: ignore[arg-type]
        if names:
            sets.append(names)
    for f in table.fields():
        # A row extending another one to one is keyed by it: one per row it extends.
        if f.unique and not (f.primary_key and table.own_id()):
            sets.append((f.name,))
    return sets


def _unique_value(row: Mapping[str, Any], name: str) -> Any:
    value = row.get(name)
    return value if isinstance(value, str | int | bool) else None


def _insert(objs: Sequence[models.Model], model: type[models.Model]) -> list[int]:
    """Insert `objs` in batches, in order, keeping every stored value as the file gives it
    (a raw insert, as ``loaddata`` makes: the creation times of the file, not now's) and
    returning their new primary keys in order."""
    if not objs:
        return []
    opts = model._meta
    pk = opts.pk
    assert pk is not None
    own_id = not pk.is_relation
    fields = [f for f in opts.local_concrete_fields if not (own_id and f.primary_key)]
    if not own_id:
        models.QuerySet(model)._insert(list(objs), fields=fields, raw=True)  # type: ignore[attr-defined]
        return [obj.pk for obj in objs]
    batch = max(1, connection.ops.bulk_batch_size(fields, list(objs)))
    new_ids: list[int] = []
    returning = [pk]
    for start in range(0, len(objs), batch):
        chunk = list(objs[start : start + batch])
        if connection.features.can_return_rows_from_bulk_insert:
            rows = models.QuerySet(model)._insert(  # type: ignore[attr-defined]
                chunk, fields=fields, returning_fields=returning, raw=True
            )
            new_ids += [r[0] for r in rows]
        else:  # pragma: no cover - every database the project supports returns rows
            for obj in chunk:
                rows = models.QuerySet(model)._insert(  # type: ignore[attr-defined]
                    [obj], fields=fields, returning_fields=returning, raw=True
                )
                new_ids.append(rows[0][0])
    for obj, new_id in zip(objs, new_ids, strict=True):
        obj.pk = new_id
    return new_ids
