"""``manage.py mn11_check_reports [--league SLUG]``: list the stored Magic Number Eleven
reports that break a rule a report is checked by when recorded (mn11/data_check.py), one
line per broken rule; exit status 1 when any does."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from league.models import League
from mn11.data_check import stored_reports_checked


class Command(BaseCommand):
    help = (
        "List the stored Magic Number Eleven reports that break a report rule (cards off the "
        "pitch, suspended or sent off; goals not adding up; E-S1 … E-D5); exit 1 if any."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--league", help="Only this league (its slug).")

    def handle(self, *args: Any, **options: Any) -> None:
        league = None
        if options["league"]:
            league = League.objects.filter(slug=options["league"], ruleset="mn11").first()
            if league is None:
                raise CommandError(
                    f"No Magic Number Eleven league with the slug {options['league']!r}."
                )
        checked = broken = 0
        for stored in stored_reports_checked(league=league):
            checked += 1
            if stored.faults:
                broken += 1
                for line in stored.lines():
                    self.stdout.write(line)
        summary = f"Stored reports checked: {checked}; breaking a rule: {broken}."
        if broken:
            self.stderr.write(summary)
            raise SystemExit(1)
        self.stdout.write(self.style.SUCCESS(summary))
