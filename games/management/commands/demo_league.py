from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.demo import demo_league_build


class Command(BaseCommand):
    help = "Build the demo league (idempotent) and print the logins."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--seed", type=int, default=2026, help="Seed for the demo's rosters and schedule."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        summary = demo_league_build(seed=options["seed"])
        verb = "Built" if summary.created else "Already there:"
        self.stdout.write(
            self.style.SUCCESS(
                f"{verb} {summary.league.name}, {summary.season.name} "
                f"({summary.season.teams.count()} teams, {summary.season.rounds.count()} rounds)."
            )
        )
        self.stdout.write("Logins (username / password):")
        for login in summary.logins:
            self.stdout.write(f"  {login.username:<13} {login.password:<16} {login.role}")
