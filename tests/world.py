"""The one test world, built through the services as a commissioner and coaches would build
it: leagues, seasons, teams, schedules, match days and results. tests/conftest.py exposes it
as fixtures; variations take the builders' arguments (or factory_boy's UserFactory).

- `world_build`: the named world most tests start from (a league with a commissioner, two
  coaches and an outsider, and a draft season with two full teams); `match_day_open` opens
  its round 1.
- `league_build`: a league with a draft season of `teams` teams, for pages and variations.
- `played_league_build`: a league with a row of every kind the admin shows: its draft
  season scheduled, and its cup played far enough to leave each kind of row behind.

A played league takes seconds to build; `built_for_the_module` lets a module of many
tests build it once and run each test in a savepoint on top of it.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q

from games.models import Inspection, TableInspection
from games.selectors import lineup_plans
from games.services import (
    PlayerLine,
    ResultReport,
    inspection_decide,
    lineup_name_reserve,
    result_record,
    round_open,
    simulation_request,
    simulation_run,
    table_inspection_enter,
)
from injuries.models import Injury
from injuries.services import injury_force_heal
from league.models import Fixture, League, Season, Team
from league.roles import commissioners_group
from league.services.leagues import league_create
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition
from league.services.tournaments import (
    tournament_add_guest_team,
    tournament_create,
    tournament_draw_groups,
    tournament_generate_schedule,
    tournament_start,
)
from rosters.services import enhancement_fit, team_create
from rules.magnoball.dice import RandomDice, ScriptedDice
from rules.magnoball.vocabulary import EnhancementKind
from tests.factories import UserFactory

T = TypeVar("T")

COLOURS = ("#d7263d", "#1b998b", "#2e294e", "#f46036", "#0a58ca", "#6a994e", "#bc4749")


# --- The named world ----------------------------------------------------------------------------


@dataclass
class World:
    league: League
    season: Season
    commissioner: User
    home_coach: User
    away_coach: User
    outsider: User
    home: Team
    away: Team


def world_build() -> World:
    commissioner = UserFactory.create(username="commissioner")
    home_coach = UserFactory.create(username="home_coach")
    away_coach = UserFactory.create(username="away_coach")
    outsider = UserFactory.create(username="outsider")
    league = league_create(name="Test League", actor=None, commissioners=[commissioner])
    season = season_create(league=league, name="2026", actor=commissioner)
    dice = RandomDice(random.Random(7))
    home = team_create(
        season=season,
        name="Home Hammers",
        short_name="HOM",
        coach=home_coach,
        actor=commissioner,
        dice=dice,
    )
    away = team_create(
        season=season,
        name="Away Arrows",
        short_name="AWA",
        coach=away_coach,
        actor=commissioner,
        dice=dice,
    )
    return World(league, season, commissioner, home_coach, away_coach, outsider, home, away)


def match_day_open(world: World) -> Fixture:
    """The world's season active, scheduled (one fixture a round) and round 1 open: its
    fixture ready to play, home team at home (`world`'s sides swap to match)."""
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.select_related("round").get(
        round__number=1, round__season=world.season
    )
    if fixture.home_team_id != world.home.pk:
        world.home, world.away = world.away, world.home
        world.home_coach, world.away_coach = world.away_coach, world.home_coach
    round_open(round_=fixture.round, actor=None)
    fixture.refresh_from_db()
    return fixture


# --- Leagues of any size ------------------------------------------------------------------------


def league_build(
    name: str,
    *,
    teams: int = 2,
    public: bool = True,
    commissioners: Sequence[User] = (),
    actor: User | None = None,
    season: str = "Spring 2026",
    starts_on: datetime.date | None = None,
    rules: dict[str, object] | None = None,
) -> tuple[League, Season, list[Team]]:
    """A league and its draft season of `teams` teams ("<name> Club 1", short name T1…),
    their rosters rolled by the server from a seed of the league's name."""
    league = league_create(name=name, actor=actor, is_public=public, commissioners=commissioners)
    draft = season_create(league=league, name=season, actor=actor, starts_on=starts_on, rules=rules)
    dice = RandomDice(random.Random(name))
    made = [
        team_create(
            season=draft,
            name=f"{name} Club {index}",
            short_name=f"T{index}",
            colour=COLOURS[(index - 1) % len(COLOURS)],
            actor=actor,
            dice=dice,
        )
        for index in range(1, teams + 1)
    ]
    return league, draft, made


MakeLeague = Callable[..., tuple[League, Season]]


def make_commissioner(username: str) -> User:
    """A staff account in the Commissioners group (not yet any league's commissioner), as
    the site's administrator makes one."""
    user = User.objects.create_user(username, f"{username}@example.com", "correct horse battery")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(commissioners_group())
    return user


def sign_in(client: Any, user: User) -> User:
    """Sign `user` in (fetched again: the factories' password is set but never saved, so the
    in-memory user's session hash would not match the stored one)."""
    fresh = User.objects.get(pk=user.pk)
    client.force_login(fresh)
    return fresh


# --- A league with a row of every kind ----------------------------------------------------------


@dataclass
class PlayedLeague:
    league: League
    season: Season  # draft and scheduled: its rules still open, its teams never played
    teams: list[Team]  # the draft season's; they have only their creation rolls
    cup: Season  # the played part: guest teams only

    def fetched_again(self) -> PlayedLeague:
        """The same rows as new objects, for a test that may change them."""
        return PlayedLeague(
            league=League.objects.get(pk=self.league.pk),
            season=Season.objects.get(pk=self.season.pk),
            teams=list(Team.objects.filter(pk__in=[t.pk for t in self.teams]).order_by("pk")),
            cup=Season.objects.get(pk=self.cup.pk),
        )


GUESTS = (
    ("Quarry Quakes", "G1"),
    ("Basalt Bulls", "G2"),
    ("Cinder Cats", "G3"),
    ("Delta Drakes", "G4"),
)


def played_league_build(
    *,
    name: str,
    teams: int,
    actor: User | None,
    public: bool = True,
    commissioners: Sequence[User] = (),
) -> PlayedLeague:
    """League `name`, made by `actor`, with a draft season "Spring" of `teams` teams and its
    schedule; its coaches roll inspections at the table. Its first commissioner (else the
    server) then runs a cup of four guest teams, which leaves every kind of row: a group
    draw, inspections rolled at the table and one detection allowed, a match simulated by a
    job, a result reported with two players Incapacitated, one force-healing attempt, and a
    reserve named for the next match."""
    league, season, made = league_build(
        name,
        teams=teams,
        public=public,
        commissioners=commissioners,
        actor=actor,
        season="Spring",
        starts_on=datetime.date(2026, 3, 5),
        rules={"coaches_roll_inspections": True},
    )
    season_generate_schedule(season=season, actor=actor, seed=11)
    runner = commissioners[0] if commissioners else None
    cup = _cup_played(league, actor=runner, dice=RandomDice(random.Random(f"{name}-cup")))
    return PlayedLeague(league=league, season=season, teams=made, cup=cup)


def _cup_played(league: League, *, actor: User | None, dice: RandomDice) -> Season:
    cup = tournament_create(league=league, name="Cup", actor=actor, group_count=1)
    guests = [
        tournament_add_guest_team(
            tournament=cup, name=name, short_name=short, actor=actor, dice=dice
        )
        for name, short in GUESTS
    ]
    forward = guests[0].players.get(shirt_number=1)
    enhancement_fit(player=forward, kind=EnhancementKind.EM_COIL, actor=actor)
    tournament_draw_groups(tournament=cup, actor=actor, seed=11)
    tournament_generate_schedule(tournament=cup, actor=actor)
    cup = tournament_start(tournament=cup, actor=actor)
    first, second = cup.rounds.order_by("number")[:2]
    round_open(round_=first, actor=actor, dice=dice)
    simulated, reported = first.fixtures.order_by("id")

    # M-E2 at the table: the owner rolls 3, the inspector 7 (detected); the enhancement is
    # allowed for this match.
    for table_inspection in TableInspection.objects.filter(fixture__round=first):
        for side, face in (("owner", 3), ("inspector", 7)):
            table_inspection_enter(
                table_inspection=table_inspection, side=side, faces=[face], actor=actor
            )
    for inspection in Inspection.objects.filter(
        fixture__round=first, decision=Inspection.Decision.PENDING
    ):
        inspection_decide(inspection=inspection, allow=True, actor=actor)

    job = simulation_request(fixture=simulated, actor=actor)
    simulation_run(job_id=job.pk, worker="test")

    # Both forwards Incapacitated (M-I1: a d10 of 7, out 3 games; 9 on his own die, no
    # permanent injury); the home one's force-healing is tried (M-I3), the away one's place
    # in the next match gets a named reserve (M-P3).
    home_forward = reported.home_team.players.get(shirt_number=1)
    away_forward = reported.away_team.players.get(shirt_number=1)
    result_record(
        fixture=reported,
        report=ResultReport(
            2,
            1,
            lines=[
                PlayerLine(home_forward.pk, points=2, stats={"scoring": (3, 2)}),
                PlayerLine(away_forward.pk, points=1, stats={"scoring": (2, 1)}),
            ],
            incapacitated=[home_forward.pk, away_forward.pk],
        ),
        actor=actor,
        dice=ScriptedDice([7, 9, 7, 9]),
    )
    injury_force_heal(
        injury=Injury.objects.get(player=home_forward), actor=actor, dice=ScriptedDice([8, 3])
    )
    team = reported.away_team
    next_match = second.fixtures.get(Q(home_team=team) | Q(away_team=team))
    plan = lineup_plans(pairs=[(next_match, team)])[(next_match.pk, team.pk)]
    place = next(place for place in plan.places if place.vacant)
    lineup_name_reserve(
        fixture=next_match, team=team, place=place.key, reserve=place.options[0], actor=actor
    )
    return cup


@contextmanager
def built_for_the_module(django_db_blocker: Any, build: Callable[[], T]) -> Iterator[T]:
    """Rows a module's tests share: `build()` writes them once in a transaction of their own,
    each test then runs in a savepoint inside it (pytest-django's `db`), and all are rolled
    back when the module ends. Only for a module whose every database test uses them: the
    others would see them too."""
    atomic = transaction.atomic()
    with django_db_blocker.unblock():
        atomic.__enter__()
        try:
            built = build()
        except BaseException:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
            raise
    try:
        yield built
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
