"""Seasons: rule settings validated by the engine and frozen once the season starts, the
status lifecycle, and schedule generation by the circle method."""

from __future__ import annotations

import datetime
from collections import Counter

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from league.errors import LeagueError
from league.models import AuditEntry, Fixture, Round, Season, StandingRow
from league.services.schedule import season_generate_schedule
from league.services.seasons import (
    season_create,
    season_enter_team,
    season_transition,
    season_update_rules,
)
from rosters.models import SeasonRules
from rosters.services import team_create

pytestmark = pytest.mark.django_db


def test_season_rules_mirror_the_engine_settings_field_for_field():
    import dataclasses

    from rules.magnoball.settings import RuleSettings

    engine_fields = {field.name for field in dataclasses.fields(RuleSettings)}
    model_fields = {f.name for f in SeasonRules._meta.concrete_fields} - {
        "season",
        *SeasonRules.TABLE_DICE.values(),  # league procedures, not game rules
    }
    assert model_fields == engine_fields


def test_default_season_rules_are_the_engine_defaults(world):
    from rules.magnoball.settings import RuleSettings

    assert world.season.rules.to_engine() == RuleSettings()


def test_invalid_rule_settings_are_refused_and_nothing_changes(world):
    with pytest.raises(LeagueError) as refused:
        season_update_rules(
            season=world.season,
            changes={"stat_level_1": 30, "stat_level_2": 20},
            actor=world.commissioner,
        )
    assert refused.value.field in {"stat_level_1", "stat_level_2"}
    world.season.rules.refresh_from_db()
    assert (world.season.rules.stat_level_1, world.season.rules.stat_level_2) == (10, 20)


def test_unknown_rule_settings_are_refused(world):
    with pytest.raises(LeagueError, match="Unknown rule settings: dragons"):
        season_update_rules(season=world.season, changes={"dragons": True}, actor=None)


def test_season_rules_form_validation_uses_the_engine_bounds(world):
    rules = world.season.rules
    rules.tie_breakers = ["points", "points"]
    with pytest.raises(ValidationError) as invalid:
        rules.full_clean()
    assert "tie_breakers" in invalid.value.message_dict


def test_rules_are_frozen_once_the_season_starts(world):
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=world.commissioner)
    with pytest.raises(LeagueError, match="frozen"):
        season_update_rules(season=world.season, changes={"goal_zones": True}, actor=None)
    assert not SeasonRules.objects.get(season=world.season).goal_zones


def test_rule_changes_are_audited_with_before_and_after(world):
    season_update_rules(season=world.season, changes={"goal_zones": True}, actor=world.commissioner)
    entry = AuditEntry.objects.get(action="season.rules")
    assert (entry.before["goal_zones"], entry.after["goal_zones"]) == (False, True)
    assert entry.actor == world.commissioner


def test_a_new_season_inherits_the_latest_seasons_rules(world):
    season_update_rules(season=world.season, changes={"ricochet": True}, actor=None)
    nxt = season_create(league=world.league, name="2027", actor=None)
    assert nxt.rules.ricochet is True


@pytest.mark.parametrize(
    ("path", "refused"),
    [
        (["active", "playoffs", "finished", "archived"], None),
        (["active", "finished"], None),
        ([], "playoffs"),
        (["active"], "draft"),
        (["active", "finished"], "active"),
        (["active", "finished", "archived"], "finished"),
    ],
)
def test_season_status_follows_its_lifecycle(world, path, refused):
    season = world.season
    for status in path:
        season = season_transition(season=season, to=status, actor=None)
        assert season.status == status
    if refused:
        with pytest.raises(LeagueError, match="cannot become"):
            season_transition(season=season, to=refused, actor=None)
        season.refresh_from_db()
        assert season.status == (path[-1] if path else "draft")
    else:
        assert season.started_at is not None
        assert season.finished_at is not None


def _eight_team_season(world, *, double=True):
    world.season.double_round_robin = double
    world.season.starts_on = datetime.date(2026, 12, 5)
    world.season.save()
    for n in range(6):
        team_create(season=world.season, name=f"Extra {n}", short_name=f"EX{n}", actor=None)
    return world.season


def test_double_round_robin_of_eight_teams_has_fourteen_rounds_each_pair_home_and_away(world):
    season = _eight_team_season(world)
    rounds = season_generate_schedule(season=season, actor=world.commissioner, seed=42)
    assert len(rounds) == 14
    fixtures = Fixture.objects.filter(round__season=season)
    assert fixtures.count() == 56
    pairs = Counter((f.home_team_id, f.away_team_id) for f in fixtures)
    assert set(pairs.values()) == {1}
    assert all((away, home) in pairs for home, away in pairs)
    homes = Counter(f.home_team_id for f in fixtures)
    assert set(homes.values()) == {7}
    assert [r.starts_on for r in Round.objects.filter(season=season)][:2] == [
        datetime.date(2026, 12, 5),
        datetime.date(2026, 12, 12),
    ]
    assert season.__class__.objects.get(pk=season.pk).schedule_seed == 42


def test_schedule_from_the_same_seed_is_the_same(world):
    season = _eight_team_season(world, double=False)

    def pairings():
        return [
            (f.round.number, f.home_team_id, f.away_team_id)
            for f in Fixture.objects.filter(round__season=season).select_related("round")
        ]

    season_generate_schedule(season=season, actor=None, seed=9)
    first = pairings()
    season_generate_schedule(season=season, actor=None, seed=9)
    assert pairings() == first


def test_schedule_is_refused_once_a_result_exists(world):
    season_generate_schedule(season=world.season, actor=None, seed=1)
    Fixture.objects.filter(round__season=world.season).update(status=Fixture.Status.PLAYED)
    with pytest.raises(LeagueError, match="results have been recorded"):
        season_generate_schedule(season=world.season, actor=None, seed=2)
    assert Round.objects.filter(season=world.season).count() == 2


def test_schedule_needs_two_teams(world):
    lonely = season_create(league=world.league, name="Lonely", actor=None)
    with pytest.raises(LeagueError, match="at least two teams"):
        season_generate_schedule(season=lonely, actor=None)


def test_teams_cannot_enter_once_the_schedule_exists(world):
    season_generate_schedule(season=world.season, actor=None, seed=1)
    late = season_create(league=world.league, name="Other", actor=None)
    with pytest.raises(LeagueError, match="already has a schedule"):
        season_enter_team(season=world.season, team=world.home, actor=None)
    assert StandingRow.objects.filter(season=late).count() == 0


def test_fixture_teams_must_differ_and_play_once_a_round(world):
    season_generate_schedule(season=world.season, actor=None, seed=1)
    round_ = Round.objects.filter(season=world.season).order_by("number")[0]
    with pytest.raises(IntegrityError), transaction.atomic():
        Fixture.objects.create(round=round_, home_team=world.home, away_team=world.home)
    existing = round_.fixtures.first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Fixture.objects.create(
            round=round_, home_team=existing.home_team, away_team=existing.away_team
        )


def test_standing_row_games_played_must_add_up(world):
    row = StandingRow.objects.get(season=world.season, team=world.home)
    row.played, row.won = 2, 1
    with pytest.raises(IntegrityError), transaction.atomic():
        row.save()


def test_migrating_makes_the_commissioners_group_with_the_league_apps_permissions(db):
    from django.contrib.auth.models import Group

    from league.roles import COMMISSIONERS_GROUP

    group = Group.objects.get(name=COMMISSIONERS_GROUP)
    apps = set(group.permissions.values_list("content_type__app_label", flat=True))
    assert apps == {
        "league",
        "signup",
        "webhooks",
        "exchange_jobs",
        "honours",
        "rosters",
        "injuries",
        "games",
        "arenaball",
        "mn11",
    }
    assert group.permissions.filter(codename="change_fixture").exists()
