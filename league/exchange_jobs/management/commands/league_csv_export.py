"""``manage.py league_csv_export <league> <season> <table> [-o file]``: a season's table as
CSV (docs/data.md, "CSV"), on standard output or into a file."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.errors import DomainError
from league.exchange.csv_export import CSV_TABLES, csv_table_export
from league.models import Season


class Command(BaseCommand):
    help = "Write a season's standings, fixtures or players as CSV."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("league", help="The league's slug.")
        parser.add_argument("season", help="The season's slug.")
        parser.add_argument("table", choices=sorted(CSV_TABLES), help="The table to write.")
        parser.add_argument("-o", "--output", help="A file to write (default: standard output).")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            season = Season.objects.select_related("league").get(
                league__slug=options["league"], slug=options["season"]
            )
        except Season.DoesNotExist:
            raise CommandError(
                f"No season {options['season']!r} in a league {options['league']!r}."
            ) from None
        try:
            text = csv_table_export(season=season, table=options["table"])
        except DomainError as error:
            raise CommandError(error.message) from None
        if options["output"]:
            Path(options["output"]).write_text("\ufeff" + text, encoding="utf-8", newline="")
            self.stderr.write(f"Wrote {options['output']}.")
        else:
            sys.stdout.write(text)
