"""``manage.py league_import <file> [--dry-run]``: a league's JSON document read in as a
new league (docs/data.md). Problems are printed one per line and the exit status is 1 when
the file is refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from league.exchange.document_import import document_parse, league_document_import
from league.exchange.problems import ImportRefused


class Command(BaseCommand):
    help = "Import a league's JSON export as a new league (or check it with --dry-run)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="The JSON export to read.")
        parser.add_argument(
            "--dry-run", action="store_true", help="Check the file and write nothing."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            data = Path(options["file"]).read_bytes()
        except OSError as error:
            self.stderr.write(f"{options['file']}: {error.strerror}.")
            raise SystemExit(1) from None
        try:
            document = document_parse(data=data)
            outcome = league_document_import(
                document=document, actor=None, dry_run=options["dry_run"]
            )
        except ImportRefused as refused:
            for problem in refused.problems:
                self.stdout.write(str(problem))
            self.stderr.write(str(refused))
            raise SystemExit(1) from None
        rows = sum(outcome.counts.values())
        if outcome.dry_run:
            self.stdout.write(f"No problems: {outcome.slug} can be imported ({rows} rows).")
        else:
            self.stdout.write(f"Imported {outcome.slug} ({rows} rows).")
