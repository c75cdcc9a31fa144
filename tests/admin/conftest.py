"""A league with every kind of row the admin shows, and the people who administer it.

Leagues, seasons, teams and the schedule come from the services; the rows of a played match
(result, appearances, stat lines, events, lineups, inspections, injuries, force-healing,
season lines, simulation jobs) are written directly, so the list pages have one of each
whatever the dice do. The tests of the steps play matches through the services instead
(tests/conftest.py's `world` and `match_day`).
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import Group, Permission, User
from django.test import Client

from games.models import (
    Appearance,
    Inspection,
    LineupChoice,
    LineupEntry,
    MatchEvent,
    SimulationJob,
    StatLine,
    TableInspection,
)
from injuries.models import ForceHealingAttempt, Injury
from league.models import Fixture, League, Result, Season, Team, TournamentGroup
from league.roles import COMMISSIONERS_GROUP
from league.services import league_create, season_create, season_generate_schedule
from league.tournaments import tournament_create
from rosters.models import Enhancement, Player, PlayerSeason, PlayerSeasonStat
from rosters.services import team_create
from rules.magnoball.dice import RandomDice
from rules.magnoball.vocabulary import EnhancementKind, Position, StatCategory
from tests.conftest import World


@dataclass
class AdminWorld:
    league: League
    season: Season
    teams: list[Team]
    played: list[Fixture]


def play_fixture(fixture: Fixture, season: Season, *, actor: User | None, seed: int) -> None:
    """One played match with a row of each kind that a match leaves behind."""
    home, away = fixture.home_team, fixture.away_team
    result = Result.objects.create(
        fixture=fixture,
        home_score=2,
        away_score=1,
        source=Result.Source.SIMULATED,
        seed=seed,
        engine_version="test",
        reported_by=actor,
    )
    Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)
    SimulationJob.objects.create(
        fixture=fixture, state=SimulationJob.State.SUCCEEDED, progress=100, seed=seed
    )
    for team in (home, away):
        players = list(team.players.filter(string=Player.String.FIRST).order_by("id")[:3])
        for sequence, player in enumerate(players):
            LineupEntry.objects.create(
                fixture=fixture, team=team, player=player, position=player.position, starter=True
            )
            appearance = Appearance.objects.create(
                result=result, player=player, team=team, points=1 if sequence == 0 else 0
            )
            StatLine.objects.create(
                appearance=appearance, category=StatCategory.TACKLES, attempts=3, successes=2
            )
            MatchEvent.objects.create(
                result=result,
                sequence=len(players) * (team == away) + sequence,
                half=1,
                kind="tackle",
                team=team,
                player=player,
                text=f"{player.name} tackles.",
            )
            PlayerSeason.objects.update_or_create(
                player=player, season=season, defaults={"games_played": 1, "points": 1}
            )
            PlayerSeasonStat.objects.update_or_create(
                player=player,
                season=season,
                category=StatCategory.TACKLES,
                defaults={"attempts": 3, "successes": 2},
            )
        forward = team.players.filter(position=Position.FORWARD).order_by("id").first()
        assert forward is not None
        enhancement, _ = Enhancement.objects.get_or_create(
            player=forward, kind=EnhancementKind.PULSE_MAGNET, removed_at=None
        )
        Inspection.objects.create(
            fixture=fixture,
            enhancement=enhancement,
            owner_roll=3,
            inspector_roll=7,
            decision=Inspection.Decision.ALLOWED,
            decided_by=actor,
        )
        # The same inspection as a table roll that was resolved (M-E2, table dice).
        TableInspection.objects.create(
            fixture=fixture,
            player=forward,
            enhancement_ids=[enhancement.pk],
            owner_roll=3,
            owner_entered_by=actor,
            inspector_roll=7,
            inspector_entered_by=actor,
            resolved_at=datetime.datetime(2026, 3, 1, tzinfo=datetime.UTC),
        )
        hurt = players[-1]
        injury = Injury.objects.create(
            player=hurt,
            season=season,
            fixture=fixture,
            duration_die="d10",
            duration_roll=5,
            games_out=2,
            state=Injury.State.HEALED,
        )
        ForceHealingAttempt.objects.create(
            injury=injury, attempted_by=actor, player_result=8, healer_result=3, succeeded=True
        )


def name_a_reserve(season: Season, *, actor: User | None) -> None:
    """A coach's named reserve (M-P3) for the first fixture still to play."""
    fixture = (
        Fixture.objects.filter(round__season=season)
        .exclude(status=Fixture.Status.PLAYED)
        .order_by("round__number", "id")
        .first()
    )
    if fixture is None:
        return
    reserve = fixture.home_team.players.filter(string=Player.String.SECOND).order_by("id").first()
    assert reserve is not None
    LineupChoice.objects.create(
        fixture=fixture, team=fixture.home_team, place="goalie-1", reserve=reserve, chosen_by=actor
    )


def build_world(
    *,
    name: str,
    teams: int,
    played: int,
    actor: User | None,
    public: bool = True,
    commissioners: tuple[User, ...] = (),
) -> AdminWorld:
    league = league_create(name=name, actor=actor, is_public=public, commissioners=commissioners)
    season = season_create(
        league=league, name="Spring", actor=actor, starts_on=datetime.date(2026, 3, 5)
    )
    dice = RandomDice(random.Random(f"{name}-dice"))
    made = [
        team_create(
            season=season,
            name=f"{name} Team {index}",
            short_name=f"T{index}",
            actor=actor,
            dice=dice,
        )
        for index in range(1, teams + 1)
    ]
    season_generate_schedule(season=season, actor=actor, seed=11)
    fixtures = list(
        Fixture.objects.filter(round__season=season)
        .select_related("home_team", "away_team")
        .order_by("round__number", "id")[:played]
    )
    for index, fixture in enumerate(fixtures):
        play_fixture(fixture, season, actor=actor, seed=1000 + index)
    name_a_reserve(season, actor=actor)
    # A tournament with a group, so the groups' admin has a row (its draw is tested with
    # the tournament services).
    cup = tournament_create(league=league, name="Cup", actor=actor, group_count=1)
    TournamentGroup.objects.create(season=cup, number=1, name="Group A")
    return AdminWorld(league=league, season=season, teams=made, played=fixtures)


@pytest.fixture
def superuser(db: None, django_user_model: type[User]) -> User:
    return django_user_model.objects.create_superuser(
        "chief", "chief@example.com", "correct horse battery"
    )


@pytest.fixture
def superuser_client(client: Client, superuser: User) -> Client:
    client.force_login(superuser)
    return client


@pytest.fixture
def admin_world(superuser: User) -> AdminWorld:
    """A small league: two teams, one played match."""
    return build_world(name="North", teams=2, played=1, actor=superuser)


def commissioners_group() -> Group:
    """The group a data migration would make: the model permissions of the four apps."""
    group, _ = Group.objects.get_or_create(name=COMMISSIONERS_GROUP)
    group.permissions.set(
        Permission.objects.filter(
            content_type__app_label__in=["league", "rosters", "injuries", "games"]
        )
    )
    return group


def make_commissioner(username: str) -> User:
    """A staff account in the Commissioners group (not yet any league's commissioner)."""
    user = User.objects.create_user(username, f"{username}@example.com", "correct horse battery")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(commissioners_group())
    return user


@pytest.fixture
def north_commissioner(db: None) -> User:
    return make_commissioner("north_commissioner")


@pytest.fixture
def two_leagues(superuser: User, north_commissioner: User) -> tuple[AdminWorld, AdminWorld]:
    """North, run by `north_commissioner`, and South, run by someone else; each with a
    played match."""
    south_commissioner = make_commissioner("south_commissioner")
    north = build_world(
        name="North", teams=2, played=1, actor=superuser, commissioners=(north_commissioner,)
    )
    south = build_world(
        name="South", teams=2, played=1, actor=superuser, commissioners=(south_commissioner,)
    )
    return north, south


@pytest.fixture
def commissioner_client(north_commissioner: User) -> Client:
    client = Client()
    client.force_login(north_commissioner)
    return client


@pytest.fixture
def chief(world: World) -> Client:
    """The world's commissioner, signed in to the admin (staff, Commissioners group)."""
    user = User.objects.get(pk=world.commissioner.pk)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(commissioners_group())
    client = Client()
    client.force_login(user)
    return client
