"""The core's play (result bookkeeping, standings, playoffs, season end, tournaments) for a
game that is nothing but a Ruleset subclass: no rosters, no injuries, no simulator. Its
table is Arenaball's A-L1 (win 2, draw 1, loss 0)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import pytest
from django.contrib.auth.models import User

from league.access import Actor
from league.capabilities.rosters import Rosters
from league.errors import DomainError, PermissionRefused
from league.models import AuditEntry, Fixture, League, Result, Round, Season, StandingRow, Team
from league.rulesets import Ruleset, ruleset_register, ruleset_unregister
from league.services.leagues import league_create, league_update
from league.services.playoffs import playoffs_advance, playoffs_start
from league.services.results import result_store
from league.services.schedule import season_generate_schedule
from league.services.season_end import season_close, season_rollover
from league.services.seasons import season_create, season_transition
from league.services.teams import team_create, team_update
from league.services.tournaments import tournament_add_guest_team, tournament_create
from rules.standings import TableSettings


class Skeleton(Ruleset, Rosters):
    key = "skeleton"
    label = "Skeleton"

    def __init__(self) -> None:
        self.aftermaths: list[int] = []
        self.closed: list[int] = []
        self.rolled_over: list[tuple[int, int]] = []
        self.set_up: list[str] = []

    def table_settings(self, *, season: Season) -> TableSettings:
        return TableSettings(points_win=2, points_overtime_win=2, points_overtime_loss=0)

    def team_setup(self, *, team: Team, actor: Actor) -> None:
        self.set_up.append(team.name)

    def result_aftermath(self, *, fixture: Fixture, result: Result | None = None) -> None:
        self.aftermaths.append(fixture.pk)

    def season_closed(self, *, season: Season) -> None:
        self.closed.append(season.pk)

    def season_rolled_over(
        self, *, previous: Season, season: Season, teams: Sequence[Team], actor: Actor
    ) -> None:
        self.rolled_over.append((previous.pk, season.pk))


@pytest.fixture
def skeleton() -> Iterator[Skeleton]:
    ruleset = Skeleton()
    ruleset_register(ruleset)
    yield ruleset
    ruleset_unregister(ruleset.key)


def _league(commissioner: User) -> League:
    return league_create(
        name="Bare League", actor=None, ruleset="skeleton", commissioners=[commissioner]
    )


def _season(league: League, names: list[str], playoff_teams: int = 0) -> Season:
    season = season_create(
        league=league,
        name="Bare 2026",
        actor=None,
        double_round_robin=False,
        playoff_teams=playoff_teams,
    )
    for name in names:
        team_create(season=season, name=name, short_name=name[:3], actor=None)
    season_generate_schedule(season=season, actor=None, shuffle=False)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    Round.objects.filter(season=season).update(status=Round.Status.OPEN)
    return season


def _play(fixture: Fixture, home: int, away: int) -> Result:
    return result_store(fixture=fixture, home_score=home, away_score=away, actor=None)


def _play_stage(season: Season, stage: str) -> None:
    # A game with no match day opens its rounds as the core makes them (no inspections).
    Round.objects.filter(season=season, status=Round.Status.SCHEDULED).update(
        status=Round.Status.OPEN
    )
    for fixture in Fixture.objects.filter(round__season=season, round__stage=stage).exclude(
        status=Fixture.Status.PLAYED
    ):
        _play(fixture, 2, 1)


@pytest.mark.django_db
def test_a_result_updates_the_table_by_the_rulesets_points_and_asks_the_game(
    skeleton: Skeleton,
) -> None:
    commissioner = User.objects.create(username="commissioner")
    season = _season(_league(commissioner), ["Ants", "Bees"])
    fixture = Fixture.objects.get(round__season=season)

    _play(fixture, 3, 1)

    rows = {row.team.name: row for row in StandingRow.objects.filter(season=season)}
    winner = fixture.home_team.name
    assert (rows[winner].position, rows[winner].points, rows[winner].won) == (1, 2, 1)
    assert skeleton.aftermaths == [fixture.pk]
    assert Round.objects.get(season=season).status == Round.Status.COMPLETE


@pytest.mark.django_db
def test_playoffs_close_and_rollover_ask_the_game_for_its_part(skeleton: Skeleton) -> None:
    commissioner = User.objects.create(username="commissioner")
    season = _season(_league(commissioner), ["Ants", "Bees", "Cats", "Dogs"], playoff_teams=2)
    _play_stage(season, Round.Stage.REGULAR)

    playoffs_start(season=season, actor=commissioner)
    _play_stage(season, Round.Stage.PLAYOFF)
    champion = playoffs_advance(season=season, actor=commissioner)
    closed = season_close(season=season, actor=commissioner)
    following = season_rollover(season=closed, name="Bare 2027", actor=commissioner)

    assert isinstance(champion, Team)
    assert closed.status == Season.Status.FINISHED
    assert skeleton.closed == [season.pk]
    assert skeleton.rolled_over == [(season.pk, following.pk)]
    assert StandingRow.objects.filter(season=following).count() == 4


@pytest.mark.django_db
def test_a_guest_team_of_a_game_with_no_roster_is_a_bare_team(skeleton: Skeleton) -> None:
    commissioner = User.objects.create(username="commissioner")
    cup = tournament_create(league=_league(commissioner), name="Bare Cup", actor=commissioner)

    guest = tournament_add_guest_team(
        tournament=cup, name="Guest Geese", short_name="gee", actor=commissioner
    )

    assert (guest.short_name, guest.guest_of_id) == ("GEE", cup.pk)
    assert skeleton.set_up == ["Guest Geese"]
    assert StandingRow.objects.get(season=cup, team=guest).seed == 1
    with pytest.raises(DomainError, match="Skeleton teams take no dice"):
        tournament_add_guest_team(
            tournament=cup, name="Dice Ducks", short_name="DUC", actor=commissioner, dice=object()
        )


@pytest.mark.django_db
def test_a_registered_game_is_a_leagues_choice_until_its_first_season(skeleton: Skeleton) -> None:
    """#13: a league's ruleset is chosen at creation and fixed once it has a season; a game
    with no settings refuses any."""
    commissioner = User.objects.create(username="commissioner")
    league = league_create(name="Switching League", actor=None, commissioners=[commissioner])
    assert ("skeleton", "Skeleton") in list(League._meta.get_field("ruleset").choices or ())

    league_update(league=league, actor=commissioner, changes={"ruleset": "skeleton"})
    league.refresh_from_db()
    assert league.ruleset == "skeleton"
    with pytest.raises(DomainError, match="no rule settings"):
        season_create(league=league, name="Bare 2026", actor=None, rules={"points_win": 4})
    season_create(league=league, name="Bare 2026", actor=None)
    with pytest.raises(DomainError, match="fixed once it has a season"):
        league_update(league=league, actor=commissioner, changes={"ruleset": "magnoball"})
    with pytest.raises(DomainError, match="No game 'chess'"):
        league_create(name="Chess League", actor=None, ruleset="chess")


@pytest.mark.django_db
def test_the_cores_team_create_enters_sets_up_and_audits_for_commissioners_only(
    skeleton: Skeleton,
) -> None:
    commissioner = User.objects.create(username="commissioner")
    coach = User.objects.create(username="coach")
    outsider = User.objects.create(username="outsider")
    season = season_create(league=_league(commissioner), name="Bare 2026", actor=None)

    team = team_create(
        season=season, name="Ants Away", short_name="ant", actor=commissioner, coach=coach
    )

    assert (team.short_name, team.slug, team.coach) == ("ANT", "ants-away", coach)
    assert StandingRow.objects.filter(season=season, team=team).exists()
    assert skeleton.set_up == ["Ants Away"]
    entry = AuditEntry.objects.get(action="team.create")
    assert (entry.actor, entry.after["short_name"]) == (commissioner, "ANT")
    for user in (coach, outsider):
        with pytest.raises(PermissionRefused):
            team_create(season=season, name="Bees", short_name="BEE", actor=user)
    with pytest.raises(DomainError, match="colour") as refused:
        team_create(season=season, name="Bees", short_name="BEE", actor=None, colour="blue")
    assert (refused.value.code, list(refused.value.fields)) == ("invalid", ["colour"])
    assert Team.objects.filter(league=season.league).count() == 1
    assert skeleton.set_up == ["Ants Away"]


@pytest.mark.django_db
def test_a_result_is_stored_by_a_coach_of_either_team_or_a_commissioner_only(
    skeleton: Skeleton,
) -> None:
    commissioner = User.objects.create(username="commissioner")
    coaches = [User.objects.create(username=f"coach{n}") for n in range(3)]
    outsider = User.objects.create(username="outsider")
    league = _league(commissioner)
    season = _season(league, ["Ants", "Bees", "Cats", "Dogs"])
    for team, coach in zip(Team.objects.filter(league=league), coaches, strict=False):
        team_update(team=team, actor=commissioner, changes={"coach": coach})
    fixture = Fixture.objects.filter(round__season=season).order_by("pk").first()
    assert fixture is not None
    fixture.refresh_from_db()
    playing = {fixture.home_team.coach, fixture.away_team.coach}
    neither = next(user for user in [*coaches, outsider] if user not in playing)

    for user in (neither, outsider):
        with pytest.raises(PermissionRefused):
            result_store(fixture=fixture, home_score=1, away_score=0, actor=user)
    assert not Result.objects.filter(fixture=fixture).exists()

    coach = fixture.home_team.coach or commissioner
    result = result_store(fixture=fixture, home_score=1, away_score=0, actor=coach)

    fixture.refresh_from_db()
    assert (fixture.status, result.reported_by, result.source) == (
        Fixture.Status.PLAYED,
        coach,
        Result.Source.REPORTED,
    )
    assert skeleton.aftermaths == [fixture.pk]
    entry = AuditEntry.objects.get(action="result.reported")
    assert entry.after == {
        "home_score": 1,
        "away_score": 0,
        "overtime": False,
        "source": "reported",
    }
    with pytest.raises(DomainError, match="already has a result") as refused:
        result_store(fixture=fixture, home_score=2, away_score=0, actor=commissioner)
    assert refused.value.code == "already_played"


@pytest.mark.django_db
def test_a_negative_score_is_refused_by_name_and_changes_nothing(skeleton: Skeleton) -> None:
    commissioner = User.objects.create(username="commissioner")
    season = _season(_league(commissioner), ["Ants", "Bees"])
    fixture = Fixture.objects.get(round__season=season)
    audited = AuditEntry.objects.count()

    with pytest.raises(DomainError, match="A score is a whole number from 0 to 99") as refused:
        result_store(fixture=fixture, home_score=-1, away_score=2, actor=commissioner)

    assert (refused.value.code, list(refused.value.fields)) == ("invalid_report", ["home_score"])
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.SCHEDULED
    assert not Result.objects.exists()
    assert set(StandingRow.objects.filter(season=season).values_list("played", flat=True)) == {0}
    assert AuditEntry.objects.count() == audited
    assert skeleton.aftermaths == []


@pytest.mark.django_db
def test_a_fixture_whose_round_is_not_open_takes_no_result(skeleton: Skeleton) -> None:
    commissioner = User.objects.create(username="commissioner")
    season = _season(_league(commissioner), ["Ants", "Bees", "Cats"])
    Round.objects.filter(season=season, number__gt=1).update(status=Round.Status.SCHEDULED)
    later = Fixture.objects.filter(round__season=season, round__number=2).first()
    assert later is not None

    with pytest.raises(DomainError, match="round is scheduled") as refused:
        result_store(fixture=later, home_score=1, away_score=0, actor=commissioner)

    assert refused.value.code == "not_ready"
    assert not Result.objects.exists()
