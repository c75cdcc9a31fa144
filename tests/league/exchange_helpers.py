"""What the JSON export/import tests share: a document through JSON text, an import as a
copy beside the original, the normalised comparison, and the visible text of a page."""

from __future__ import annotations

import copy
import json
import re
from html.parser import HTMLParser
from typing import Any

from django.test import Client

from league.exchange.document_export import league_document_export
from league.exchange.document_import import ImportOutcome, league_document_import

COPY_NAME = "Imported copy"
COPY_SLUG = "imported-copy"


def export(league_id: int) -> dict[str, Any]:
    """The league's document as a file holds it (through JSON text)."""
    loaded: dict[str, Any] = json.loads(json.dumps(league_document_export(league_id=league_id)))
    return loaded


def as_copy(document: dict[str, Any]) -> dict[str, Any]:
    """`document` renamed, so it imports beside the league it came from."""
    renamed = copy.deepcopy(document)
    renamed["league"]["name"], renamed["league"]["slug"] = COPY_NAME, COPY_SLUG
    return renamed


def import_copy(document: dict[str, Any]) -> ImportOutcome:
    return league_document_import(document=as_copy(document), actor=None, dry_run=False)


def normalised(document: dict[str, Any], *, name: str, slug: str) -> dict[str, Any]:
    """A re-exported copy as its original: the original's name and slug, no export time,
    and without the audit entry the import itself wrote (the copy's last)."""
    out = copy.deepcopy(document)
    out.pop("exported_at")
    out["league"]["name"], out["league"]["slug"] = name, slug
    last = out["audit_log"].pop()
    assert last["action"] == "league.import"
    return out


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def page_text(client: Client, url: str) -> str:
    """What a reader sees of the page at `url`: its text, whitespace collapsed."""
    response = client.get(url)
    assert response.status_code == 200, url
    parser = _Text()
    parser.feed(response.content.decode())
    return re.sub(r"\s+", " ", " ".join(parser.parts)).strip()
