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
        # One line a login; a login with a part in several demos (the commissioner) names
        # them all.
        logins: dict[str, tuple[str, list[str]]] = {}
        for login in (login for summary in summaries for login in summary.logins):
            password, roles = logins.setdefault(login.username, (login.password, []))
            if login.role not in roles:
                roles.append(login.role)
        for username, (password, roles) in logins.items():
            self.stdout.write(f"  {username:<13} {password:<16} {'; '.join(roles)}")
