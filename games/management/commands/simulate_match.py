from __future__ import annotations

import json
import secrets
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.management.commands._match_options import (
    add_team_options,
    fixture_teams,
    teams_and_season,
)
from games.selectors import team_sheet
from rules.magnoball.simulator import simulate_match
from rules.magnoball.snapshot import Side


class Command(BaseCommand):
    help = (
        "Simulate a fixture, or two stored teams, by the season's rules and print the match as "
        "JSON. Nothing is stored: the same --seed prints the same match."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--fixture", type=int, help="Fixture id (instead of --home/--away).")
        add_team_options(parser)
        parser.add_argument("--seed", type=int, help="Seed (default: a random one, printed).")
        parser.add_argument("--events", action="store_true", help="Include the play-by-play.")
        parser.add_argument("--rolls", action="store_true", help="Include every roll.")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["fixture"] is not None:
            home, away, season = fixture_teams(options["fixture"])
        else:
            home, away, season = teams_and_season(options)
        settings = season.rules.to_engine()
        seed = options["seed"] if options["seed"] is not None else secrets.randbits(48)
        result = simulate_match(
            home=team_sheet(team=home, settings=settings, side=Side.HOME),
            away=team_sheet(team=away, settings=settings, side=Side.AWAY),
            settings=settings,
            seed=seed,
        )
        data = result.as_dict()
        if not options["events"]:
            data.pop("events")
        if not options["rolls"]:
            data.pop("rolls")
        names = {str(p.pk): p.name for team in (home, away) for p in team.players.all()}
        data = {
            "home": home.name,
            "away": away.name,
            "season": str(season),
            **data,
            "players": names,
        }
        self.stdout.write(json.dumps(data, indent=2, ensure_ascii=False))
