"""The rows of the league's JSON document, table by table, read and written from the models'
own field definitions (docs/data.md, "The JSON document").

A :class:`Table` names one model and the league's rows of it. The core lists its own tables
(league/exchange/core_tables.py); each game lists its own through its ruleset
(``Exchange.exchange_tables``). Every row carries a document-local ``id`` (1, 2, 3… in the
order the rows were made); a reference to another row is that row's local id, a reference
to a person is the username, and the league itself is implicit. One :class:`IdMap` carries
the ids across: the exporting installation's ids to local ids on export, local ids to the
new rows' ids on import. Exporting is here; importing is league/exchange/table_import.py.
"""

from __future__ import annotations

import datetime as dt
import uuid
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.db import models

if TYPE_CHECKING:
    from django.db.models import QuerySet

    from league.models import League


#: An id of a row of a model, rewritten (the exporting installation's to the document's, or
#: the document's to the new row's); None stays None, an unknown id raises LookupError.
Remap = Callable[[type[models.Model], Any], "int | None"]


def model_label(model: type[models.Model]) -> str:
    """A model's label, the same for a proxy and its concrete model."""
    return str(model._meta.concrete_model._meta.label)  # type: ignore[union-attr]


@dataclass(frozen=True)
class Table:
    """One model's rows in the document, under `key`.

    `rows` gives the league's rows of it (any order; they are written in the order they
    were made). `id_json` names JSON fields that hold other rows' ids, each with a function
    rewriting the value's ids by a :data:`Remap` (the same function serves export and
    import, unless `id_json_import` has one of its own for the field: where the stored
    form and the document's differ). `skip` names fields left out: they take their
    default on import.
    `generic` names a (content type, object id) pair whose object id is remapped like a
    reference to whatever table holds that model. `retired` names fields the model has
    dropped that files written before still carry: accepted and left out on import. `scrub`
    rewrites each row on its way out and in (the audit log's webhook entries lose their URLs'
    secrets).
    """

    key: str
    model: type[models.Model]
    rows: Callable[[League], QuerySet[Any]]
    id_json: Mapping[str, Callable[[Any, Remap], Any]] = field(default_factory=dict)
    id_json_import: Mapping[str, Callable[[Any, Remap], Any]] = field(default_factory=dict)
    skip: frozenset[str] = frozenset()
    generic: tuple[str, str] | None = None
    retired: frozenset[str] = frozenset()
    #: Rewrites a row (as the document has it) on its way out and in: secrets kept out.
    scrub: Callable[[dict[str, Any]], dict[str, Any]] | None = None

    def fields(self) -> list[models.Field[Any, Any]]:
        """The fields a row carries, the primary key first (an ``id``, or the row it
        belongs to one-to-one, such as a season's settings)."""
        return [
            f
            for f in self.model._meta.concrete_fields
            if f.name not in self.skip and not is_league_field(f)
        ]

    def own_id(self) -> bool:
        """Whether a row has an id of its own (not the row it extends one-to-one)."""
        return not self.model._meta.pk.is_relation


def key_exported(model: type[models.Model], key: Any, remap: Remap) -> Any:
    """The document's id (a number) of the row a game's engine names by its key (its id as
    text), in an `id_json` function. A key that names no row of the league stays as it is:
    one a file from before kept (`key_imported`), which the next export passes on."""
    try:
        return remap(model, key)
    except LookupError:
        return key


def key_imported(model: type[models.Model], key: Any, remap: Remap) -> Any:
    """The key a game's engine names a row by (its id as text) for the document's id of it
    (a number), in an `id_json_import` function. A key in text is kept as it is: files
    exported before 5 December 2026 hold the exporting installation's own keys there, which
    they give no way to translate (docs/data.md)."""
    return key if isinstance(key, str) else str(remap(model, key))


#: A function rewriting an engine's keys in a JSON value: `key` turns one key (key_exported
#: on export, key_imported on import).
KeysRewrite = Callable[[Any, Callable[[Any], Any]], Any]


def engine_keys(
    model: type[models.Model], rewrite: KeysRewrite
) -> tuple[Callable[[Any, Remap], Any], Callable[[Any, Remap], Any]]:
    """The `id_json` and `id_json_import` functions of a JSON field whose engine keys name
    rows of `model`: `rewrite` says where the keys are, once for both directions."""

    def exported(value: Any, remap: Remap) -> Any:
        return rewrite(value, lambda key: key_exported(model, key, remap))

    def imported(value: Any, remap: Remap) -> Any:
        return rewrite(value, lambda key: key_imported(model, key, remap))

    return exported, imported


def is_league_field(f: models.Field[Any, Any]) -> bool:
    """Whether `f` points at the league: implicit in a document, never written."""
    return f.is_relation and model_label(f.related_model) == "league.League"  # type: ignore[arg-type]


class IdMap:
    """Ids across the document: ``(model label, id) → id`` for every table, plus the league."""

    def __init__(self) -> None:
        self._ids: dict[str, dict[int, int]] = {}

    def add(self, model: type[models.Model], old: int, new: int) -> None:
        self._ids.setdefault(model_label(model), {})[old] = new

    def get(self, model: type[models.Model], old: int) -> int | None:
        return self._ids.get(model_label(model), {}).get(old)

    def remap(self, model: type[models.Model], old: Any) -> int | None:
        """:data:`Remap` by this map."""
        if old is None:
            return None
        new = self.get(model, int(old)) if str(old).isdigit() else None
        if new is None:
            raise LookupError(f"No {model._meta.verbose_name} with id {old}.")
        return new

    def knows(self, model: type[models.Model]) -> bool:
        return model_label(model) in self._ids

    def count(self, model: type[models.Model]) -> int:
        return len(self._ids.get(model_label(model), {}))


class ExportRefs(IdMap):
    """The export's id map, which also collects the people the rows name."""

    def __init__(self) -> None:
        super().__init__()
        self.usernames: dict[int, str] = {}
        self._content_types: dict[int, str] = {}

    def username(self, pk: int) -> str:
        """The username of person `pk`, noted for the document's list of people (one query
        per person, and a league names few)."""
        if pk not in self.usernames:
            self.usernames[pk] = User.objects.values_list("username", flat=True).get(pk=pk)
        return self.usernames[pk]

    def content_type_label(self, pk: int) -> str:
        if pk not in self._content_types:
            ct = ContentType.objects.get_for_id(pk)
            self._content_types[pk] = f"{ct.app_label}.{ct.model}"
        return self._content_types[pk]


# --- Export -----------------------------------------------------------------------------------


def table_number(*, table: Table, league: League, refs: ExportRefs) -> None:
    """Give `table`'s rows their local ids before any row is written, so that a row may
    name one of a later table (a guest team its tournament)."""
    if table.own_id():
        pks = table.rows(league).order_by("pk").values_list("pk", flat=True)
        for number, pk in enumerate(pks, start=1):
            refs.add(table.model, pk, number)


def table_export(*, table: Table, league: League, refs: ExportRefs) -> list[dict[str, Any]]:
    """`table`'s rows of `league` as the document writes them, numbering them as it goes."""
    fields = table.fields()
    out: list[dict[str, Any]] = []
    queryset = table.rows(league).order_by("pk")
    pk_name = table.model._meta.pk.attname
    values = queryset.values_list(*(f.attname for f in fields))
    attnames = [f.attname for f in fields]
    for number, row in enumerate(values, start=1):
        data = dict(zip(attnames, row, strict=True))
        pk = data[pk_name]
        if table.own_id():
            refs.add(table.model, pk, number)
        record: dict[str, Any] = {}
        for f in fields:
            value = data[f.attname]
            if f.primary_key and table.own_id():
                record["id"] = number
            elif f.name in table.id_json:
                record[f.name] = table.id_json[f.name](value, refs.remap)
            elif table.generic and f.name == table.generic[1]:
                record[f.name] = _generic_export(data, table.generic, refs)
            else:
                record[f.name] = _dump(f, value, refs)
        if not table.own_id():
            refs.add(table.model, pk, record[table.model._meta.pk.name])
        out.append(table.scrub(record) if table.scrub else record)
    return out


def _generic_export(data: Mapping[str, Any], generic: tuple[str, str], refs: ExportRefs) -> str:
    ct_field, id_field = generic
    ct_id = data[f"{ct_field}_id"]
    if ct_id is None or not data[id_field]:
        return ""
    model = ContentType.objects.get_for_id(ct_id).model_class()
    if model is None or not str(data[id_field]).isdigit():
        return ""
    local = refs.get(model, int(data[id_field]))
    # An object outside the league (a person, a token) has no id in the document.
    return "" if local is None else str(local)


def _dump(f: models.Field[Any, Any], value: Any, refs: ExportRefs) -> Any:
    if value is None:
        return None
    if f.is_relation:
        target = f.related_model
        if target is User:
            return refs.username(value)
        if target is ContentType:
            return refs.content_type_label(value)
        local = refs.get(target, value)  # type: ignore[arg-type]
        if local is None:
            raise LookupError(
                f"{f.model._meta.label}.{f.name} names {model_label(target)} {value}, "  # type: ignore[arg-type]
                "which is not in the export: list its table before this one."
            )
        return local
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    return value


def tables_export(
    *, tables: Sequence[Table], league: League, refs: ExportRefs
) -> dict[str, list[dict[str, Any]]]:
    """A game's section of `league`'s document: each of its tables' rows by key."""
    return {table.key: table_export(table=table, league=league, refs=refs) for table in tables}


def counts_total(counts: Iterable[int]) -> int:
    return sum(counts)
