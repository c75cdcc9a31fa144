"""``manage.py league_export <slug> [-o file]``: a league as its JSON document
(docs/data.md)."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.exchange.document_export import league_document_export
from league.exchange.document_schema import document_schema_text
from league.models import League


class Command(BaseCommand):
    help = "Write a league's JSON export (every season, team, roster, result and log)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", nargs="?", help="The league's slug (its address).")
        parser.add_argument(
            "--schema", action="store_true", help="Write the document's JSON Schema instead."
        )
        parser.add_argument("-o", "--output", help="The file to write (default: standard output).")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["schema"]:
            self._write(document_schema_text(), options["output"])
            return
        if not options["slug"]:
            raise CommandError("Name the league's slug (or --schema).")
        league = League.objects.filter(slug=options["slug"]).first()
        if league is None:
            raise CommandError(f"No league with the slug {options['slug']!r}.")
        document = league_document_export(league_id=league.pk)
        self._write(json.dumps(document, ensure_ascii=False, indent=1) + "\n", options["output"])
        if options["output"]:
            self.stderr.write(f"{league} written to {options['output']}.")

    def _write(self, text: str, output: str | None) -> None:
        if output:
            with open(output, "w", encoding="utf-8") as out:
                out.write(text)
        else:
            sys.stdout.write(text)
