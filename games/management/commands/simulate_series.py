from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.management.commands._match_options import add_team_options, teams_and_season
from games.selectors import team_sheet
from rules.magnoball.batch import run_series
from rules.magnoball.snapshot import Side


class Command(BaseCommand):
    help = (
        "Simulate N matches between two stored teams (seeds SEED, SEED+1, …) and print the "
        "win, draw, score and injury rates as JSON. Nothing is stored."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        add_team_options(parser)
        parser.add_argument("-n", "--matches", type=int, default=1000)
        parser.add_argument("--seed", type=int, default=0, help="Seed of the first match.")

    def handle(self, *args: Any, **options: Any) -> None:
        if not 1 <= options["matches"] <= 1_000_000:
            raise CommandError("--matches must be between 1 and 1,000,000.")
        home, away, season = teams_and_season(options)
        settings = season.rules.to_engine()
        stats = run_series(
            home=team_sheet(team=home, settings=settings, side=Side.HOME),
            away=team_sheet(team=away, settings=settings, side=Side.AWAY),
            settings=settings,
            matches=options["matches"],
            seed=options["seed"],
        )
        data = {"home": home.name, "away": away.name, "season": str(season), **stats.as_dict()}
        self.stdout.write(json.dumps(data, indent=2, ensure_ascii=False))
