"""The JSON Schema (draft 2020-12) of the league's JSON document, built from the same
tables the export writes, so the two cannot drift apart. The published copy is
league/exchange/schema/league-export-v1.json (served at /api/v1/schema/export/); a test
checks it is this function's output (regenerate: ``manage.py league_export --schema``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType
from django.db import models

from league.capabilities import capability
from league.capabilities.exchange import Exchange
from league.exchange.app_tables import app_tables
from league.exchange.core_tables import AUDIT_TABLE, CORE_TABLES
from league.exchange.document_export import FORMAT, USER_FIELDS, VERSION
from league.exchange.tables import Table
from league.rulesets import rulesets

SCHEMA_PATH = Path(__file__).parent / "schema" / f"league-export-v{VERSION}.json"
SCHEMA_ID = f"https://magnoball.example/api/v1/schema/export/v{VERSION}.json"


def document_schema() -> dict[str, Any]:
    """The schema of a version-1 document, with every installed game's section."""
    properties: dict[str, Any] = {
        "format": {"const": FORMAT, "description": "Always this: what the file is."},
        "version": {
            "const": VERSION,
            "description": "The format's version; a later version changes this number.",
        },
        "exported_at": {"type": "string", "format": "date-time"},
        "rulesets": {
            "type": "array",
            "items": {"enum": sorted(r.key for r in rulesets())},
            "description": "The games the file holds: the league's, one.",
        },
        "league": _league_schema(),
        "users": {
            "type": "array",
            "description": "The people the rows name, by username (never a password).",
            "items": {
                "type": "object",
                "properties": {name: {"type": "string"} for name in USER_FIELDS},
                "required": ["username"],
                "additionalProperties": False,
            },
        },
    }
    for table in (*CORE_TABLES, *app_tables(), AUDIT_TABLE):
        properties[table.key] = _table_schema(table)
    properties["game"] = {
        "type": "object",
        "description": "The league's game's own tables, under its key.",
        "properties": {
            ruleset.key: {
                "type": "object",
                "description": f"{ruleset.label}'s tables.",
                "properties": {
                    t.key: _table_schema(t) for t in capability(ruleset, Exchange).exchange_tables()
                },
                "additionalProperties": False,
            }
            for ruleset in rulesets()
        },
        "additionalProperties": False,
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": f"{settings.PRODUCT_NAME} export",
        "description": "A whole league as one JSON document (docs/data.md). Rows carry "
        "document-local ids; a reference to a row is its id, to a person the username.",
        "type": "object",
        "properties": properties,
        "required": ["format", "version", "exported_at", "rulesets", "league", "users", "game"],
        "additionalProperties": False,
    }


def document_schema_text() -> str:
    """The schema as the published file holds it."""
    import json

    return json.dumps(document_schema(), indent=2, sort_keys=True) + "\n"


def _league_schema() -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "name": {"type": "string", "minLength": 1, "maxLength": 100},
            "slug": {"type": "string", "pattern": "^[-a-zA-Z0-9_]+$", "maxLength": 100},
            "ruleset": {"enum": sorted(r.key for r in rulesets())},
            "description": {"type": "string"},
            "is_public": {"type": "boolean"},
            "created_at": {"type": "string", "format": "date-time"},
            "commissioners": {"type": "array", "items": {"type": "string"}},
        },
        "required": ["name", "slug", "ruleset", "description", "is_public", "created_at"],
        "additionalProperties": False,
    }


def _table_schema(table: Table) -> dict[str, Any]:
    properties: dict[str, Any] = {}
    required: list[str] = []
    for f in table.fields():
        name = "id" if f.primary_key and table.own_id() else f.name
        properties[name] = _field_schema(table, f)
        optional = f.has_default() or f.null or getattr(f, "auto_now", False)
        if name == "id" or not (optional or getattr(f, "auto_now_add", False)):
            required.append(name)
    for name in sorted(table.retired):
        properties[name] = {"description": "Dropped: an older file's, left out on import."}
    return {
        "type": "array",
        "description": str(table.model._meta.verbose_name_plural),
        "items": {
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        },
    }


#: The JSON type of each kind of stored value (the first that matches; text otherwise).
_TYPES: tuple[tuple[type[models.Field[Any, Any]], dict[str, Any]], ...] = (
    (models.JSONField, {}),
    (models.BooleanField, {"type": "boolean"}),
    (models.IntegerField, {"type": "integer"}),
    (models.FloatField, {"type": "number"}),
    (models.DateTimeField, {"type": "string", "format": "date-time"}),
    (models.DateField, {"type": "string", "format": "date"}),
)


def _field_schema(table: Table, f: models.Field[Any, Any]) -> dict[str, Any]:
    if f.primary_key and table.own_id():
        return {"type": "integer", "minimum": 1, "description": "The row's id in the document."}
    if f.name in table.id_json:
        schema: dict[str, Any] = {"description": "Holds ids of the document's rows."}
    elif table.generic and f.name == table.generic[1]:
        schema = {"type": "string", "description": "The id of the row named, or empty."}
    elif f.is_relation:
        schema = _reference_schema(f)
    else:
        schema = _value_schema(f)
    if f.null and schema:
        schema = {"anyOf": [schema, {"type": "null"}]}
    if f.help_text and schema:
        schema["description"] = str(f.help_text)
    return schema


def _reference_schema(f: models.Field[Any, Any]) -> dict[str, Any]:
    target = f.related_model
    if target is User:
        return {"type": "string", "description": "A username of the file's users."}
    if target is ContentType:
        return {"type": "string", "description": "A kind of row: app_label.model."}
    label = target._meta.verbose_name  # type: ignore[union-attr]
    return {"type": "integer", "minimum": 1, "description": f"The id of a {label}."}


def _value_schema(f: models.Field[Any, Any]) -> dict[str, Any]:
    schema = next((dict(s) for kind, s in _TYPES if isinstance(f, kind)), None)
    if schema is None:
        schema = {"type": "string"}
        if getattr(f, "max_length", None):
            schema["maxLength"] = f.max_length
    if f.choices and "type" in schema:
        text = schema["type"] == "string"
        values = sorted({str(c) if text else c for c, _ in f.flatchoices})
        if f.blank and text and "" not in values:
            values.append("")
        schema = {"enum": values}
    return schema
