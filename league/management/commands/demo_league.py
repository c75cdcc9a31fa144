from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from league.demo import demo_build_all


class Command(BaseCommand):
    help = "Build each installed game's demo league (idempotent) and print the logins."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--seed", type=int, default=2026, help="Seed for the demo's rosters and schedule."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        summaries = demo_build_all(seed=options["seed"])
        for summary in summaries:
            verb = "Built" if summary.created else "Already there:"
            self.stdout.write(
                self.style.SUCCESS(
                    f"{verb} {summary.league.name}, {summary.season.name} "
                    f"({summary.season.teams.count()} teams, "
                    f"{summary.season.rounds.count()} rounds)."
                )
            )
        self.stdout.write("Logins (username / password):")
        shown: set[str] = set()
        for login in (login for summary in summaries for login in summary.logins):
            if login.username not in shown:
                shown.add(login.username)
                self.stdout.write(f"  {login.username:<13} {login.password:<16} {login.role}")
