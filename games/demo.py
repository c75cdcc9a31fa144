"""The demo league: eight teams with named players, a commissioner, a coach per team, an
active season with its schedule (two rounds played, the third open to report) and a small
tournament in its group stage. Building it twice
changes nothing."""

from __future__ import annotations

import datetime
import random

from django.contrib.auth.models import User
from django.db import transaction

from games.services import fixture_team_sheets, result_record_simulation, round_open
from league.demo import DemoLogin, DemoSummary, demo_people, demo_user
from league.models import League, Round, Season
from league.services.leagues import league_create
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition
from league.services.tournaments import (
    tournament_add_guest_team,
    tournament_create,
    tournament_draw_groups,
    tournament_enter_team,
    tournament_generate_schedule,
    tournament_start,
)
from rosters.services import team_create
from rules.magnoball.dice import RandomDice
from rules.magnoball.simulator import simulate_match

LEAGUE_NAME = "Neon Coast MagnoBall League"
SEASON_NAME = "2026 Season"
ADMIN_PASSWORD = "magnoball-admin"
PLAYED_ROUNDS = 2  # simulated when the demo is built, so the standings have something to say
TOURNAMENT_NAME = "Winter Cup"
GUEST_TEAM = ("Harbour Hawks", "HAW", "#7f8c8d")

# (name, short name, colour, coach username)
TEAMS = (
    ("Detroit Dynamos", "DET", "#c0392b", "dana"),
    ("Osaka Thunderbolts", "OSA", "#f1c40f", "kenji"),
    ("Lisbon Ironclads", "LIS", "#2c3e50", "ines"),
    ("Lagos Meteors", "LAG", "#16a085", "tunde"),
    ("Reykjavik Glaciers", "REK", "#5dade2", "sigrun"),
    ("Valparaiso Vipers", "VAL", "#27ae60", "mateo"),
    ("Montreal Magnetrons", "MTL", "#8e44ad", "camille"),
    ("Bristol Bulldozers", "BRI", "#d35400", "alfie"),
)


def demo_league_build(*, seed: int = 2026) -> DemoSummary:
    admin = demo_user(
        "admin", ADMIN_PASSWORD, is_staff=True, is_superuser=True, email="admin@example.com"
    )
    commissioner, coaches, people = demo_people(
        league_name=LEAGUE_NAME, teams=[(name, username) for name, *_, username in TEAMS]
    )
    logins = (DemoLogin("admin", ADMIN_PASSWORD, "site administrator"), *people)
    existing = League.objects.filter(name=LEAGUE_NAME).first()
    if existing is not None:
        season = existing.seasons.get(name=SEASON_NAME)
        return DemoSummary(existing, season, created=False, logins=logins)

    dice = RandomDice(random.Random(seed))
    with transaction.atomic():
        league = league_create(
            name=LEAGUE_NAME,
            actor=admin,
            commissioners=[commissioner],
            description="Eight clubs of the coastal circuit; double round robin, "
            "then the top four meet in the playoffs.",
        )
        season = season_create(
            league=league,
            name=SEASON_NAME,
            actor=commissioner,
            starts_on=datetime.date(2026, 12, 5),
        )
        for name, short_name, colour, username in TEAMS:
            team_create(
                season=season,
                name=name,
                short_name=short_name,
                colour=colour,
                coach=coaches[username],
                actor=commissioner,
                dice=dice,
            )
        season_generate_schedule(season=season, actor=commissioner, seed=seed)
        season = season_transition(season=season, to=Season.Status.ACTIVE, actor=commissioner)
        for round_ in season.rounds.filter(number__lte=PLAYED_ROUNDS).order_by("number"):
            _play_round(round_, actor=commissioner, dice=dice, seed=seed)
        # The next round is open: its fixtures wait for the coaches' reports (the web form,
        # or a script through the API: docs/api.md's example).
        round_open(
            round_=season.rounds.get(number=PLAYED_ROUNDS + 1), actor=commissioner, dice=dice
        )
        _demo_tournament(league, actor=commissioner, dice=dice, seed=seed)
    return DemoSummary(league, season, created=True, logins=logins)


def _demo_tournament(league: League, *, actor: User, dice: RandomDice, seed: int) -> Season:
    """A one-day exhibition cup (docs/seasons.md#tournaments): five clubs and a guest team in
    two groups of three, the top two of each to a knockout of four; its first round played."""
    cup = tournament_create(
        league=league,
        name=TOURNAMENT_NAME,
        actor=actor,
        group_count=2,
        group_qualifiers=2,
        starts_on=datetime.date(2026, 12, 27),
        days_between_rounds=0,
        counts_for_careers=False,
    )
    for team in league.teams.order_by("name")[:5]:
        tournament_enter_team(tournament=cup, team=team, actor=actor)
    name, short_name, colour = GUEST_TEAM
    tournament_add_guest_team(
        tournament=cup, name=name, short_name=short_name, colour=colour, actor=actor, dice=dice
    )
    tournament_draw_groups(tournament=cup, actor=actor, seed=seed)
    tournament_generate_schedule(tournament=cup, actor=actor)
    cup = tournament_start(tournament=cup, actor=actor)
    _play_round(cup.rounds.get(number=1), actor=actor, dice=dice, seed=seed)
    return cup


def _play_round(round_: Round, *, actor: User, dice: RandomDice, seed: int) -> None:
    """Open a round and simulate its fixtures in-process, so the demo has a table to read."""
    round_open(round_=round_, actor=actor, dice=dice)
    fixtures = round_.fixtures.select_related("round__season__rules", "home_team", "away_team")
    for order, fixture in enumerate(fixtures.order_by("id")):
        home, away, settings = fixture_team_sheets(fixture=fixture)
        # Seeded by the fixture's place, not its id: the demo plays the same on any database.
        match_seed = seed * 1000 + round_.number * 20 + order
        match = simulate_match(home=home, away=away, settings=settings, seed=match_seed)
        result_record_simulation(fixture=fixture, match=match, actor=actor, dice=dice)
