"""The formats an export job can build, by key (docs/data.md, "Export and import jobs").

A format is a function from a league, a season (when it needs one) and a progress callback
to the file's bytes. The CSV tables register here; other formats register beside them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from league.errors import DomainError
from league.exchange.csv_export import CSV_TABLES
from league.exchange.document_export import league_document_export
from league.models import League, Season

#: progress(done, total): how far the export has come, written to the job for its readers.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class ExportFormat:
    key: str
    label: str
    extension: str
    content_type: str
    needs_season: bool
    build: Callable[[League, Season | None, Progress], bytes]
    #: Only the league's commissioners may ask for it (a coach may not): the file holds
    #: what the league's pages do not show, such as people's e-mails and the audit log.
    commissioners_only: bool = False


_formats: dict[str, ExportFormat] = {}


def export_format_register(export_format: ExportFormat) -> ExportFormat:
    _formats[export_format.key] = export_format
    return export_format


def export_formats() -> list[ExportFormat]:
    return list(_formats.values())


def export_format_get(key: str) -> ExportFormat:
    try:
        return _formats[key]
    except KeyError:
        raise DomainError(
            f"No export format {key!r}: choose one of {', '.join(_formats)}.",
            code="unknown_format",
            field="format",
        ) from None


def _csv_table(table: str) -> Callable[[League, Season | None, Progress], bytes]:
    def build(league: League, season: Season | None, progress: Progress) -> bytes:
        assert season is not None  # needs_season
        progress(0, 1)
        text = CSV_TABLES[table](season=season)
        progress(1, 1)
        # With the byte-order mark, spreadsheets open it as UTF-8 (names with accents).
        return ("\ufeff" + text).encode("utf-8")

    return build


for _table in CSV_TABLES:
    export_format_register(
        ExportFormat(
            key=f"csv-{_table}",
            label=f"CSV: the season's {_table}",
            extension="csv",
            content_type="text/csv; charset=utf-8",
            needs_season=True,
            build=_csv_table(_table),
        )
    )

# --- The league's JSON document (docs/data.md, "The JSON document") ----------------------


def _json_document(league: League, season: Season | None, progress: Progress) -> bytes:
    document = league_document_export(league_id=league.pk, progress=progress)
    return json.dumps(document, ensure_ascii=False).encode("utf-8")


export_format_register(
    ExportFormat(
        key="json-document",
        label="JSON: the whole league",
        extension="json",
        content_type="application/json",
        needs_season=False,
        build=_json_document,
        commissioners_only=True,
    )
)
