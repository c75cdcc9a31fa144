"""A commissioner sets up a draft season's divisions on its admin page (the inline, through
league/services/divisions.py), sees what does not add up before generating the schedule, and the
schedule step explains the divisions and refuses them until they do."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.access import Actor
from league.capabilities.rosters import Rosters
from league.models import AuditEntry, Division, Fixture, League, Round, Season, StandingRow, Team
from league.rulesets import Ruleset, ruleset_register, ruleset_unregister
from league.services.divisions import division_save
from league.services.leagues import league_create
from league.services.results import result_store
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create, season_transition, season_update
from league.services.teams import team_create
from rules.standings import TableSettings
from tests.admin.test_admin_behaviour import form_data
from tests.admin.test_admin_steps import change_url, shown, step_url
from tests.world import make_commissioner

pytestmark = pytest.mark.django_db

PREFIX = "divisions"


class Plain(Ruleset, Rosters):
    key = "division-admin-test"
    label = "Division Admin Test"

    def table_settings(self, *, season: Season) -> TableSettings:
        return TableSettings()

    def team_setup(self, *, team: Team, actor: Actor) -> None:
        pass


@pytest.fixture
def plain() -> Iterator[Plain]:
    ruleset = Plain()
    ruleset_register(ruleset)
    yield ruleset
    ruleset_unregister(ruleset.key)


@pytest.fixture
def boss(db: None) -> User:
    return make_commissioner("division_boss")


@pytest.fixture
def season(plain: Plain, boss: User) -> Season:
    league = league_create(name="Split League", actor=None, ruleset=plain.key, commissioners=[boss])
    season = season_create(league=league, name="2026", actor=None, playoff_teams=4)
    for letter in "ABCD":
        team_create(season=season, name=letter, short_name=letter * 2, actor=None)
    return season


def _client(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _with_divisions(page, divisions: list[tuple[str, list[Team]]], **season) -> dict:
    data = {**form_data(page), **season}
    data[f"{PREFIX}-TOTAL_FORMS"] = str(len(divisions))
    for index, (name, teams) in enumerate(divisions):
        data[f"{PREFIX}-{index}-name"] = name
        data[f"{PREFIX}-{index}-order"] = str(index + 1)
        data[f"{PREFIX}-{index}-teams"] = [str(team.pk) for team in teams]
    return data


def test_the_commissioner_sets_up_two_divisions_and_then_schedules(season, boss) -> None:
    client = _client(boss)
    a, b, c, d = season.teams.order_by("name")
    page = client.get(change_url(season))
    assert page.status_code == 200
    assert shown(page) == []  # no divisions: nothing to warn about

    data = _with_divisions(
        page, [("North", [a, b]), ("South", [c, d])], wild_cards="2", cross_division_meetings="2"
    )
    response = client.post(change_url(season), data, follow=True)

    assert response.status_code == 200
    divisions = {
        division.name: sorted(division.rows.values_list("team__name", flat=True))
        for division in Division.objects.filter(season=season)
    }
    assert divisions == {"North": ["A", "B"], "South": ["C", "D"]}
    assert not [m for m in shown(response) if m.startswith("Divisions:")]
    assert AuditEntry.objects.filter(action="season.division", actor=boss).count() == 2
    season.refresh_from_db()
    assert (season.wild_cards, season.cross_division_meetings) == (2, 2)

    explained = client.get(step_url(season, "schedule")).content.decode()
    assert "North: A, B; South: C, D." in explained
    assert "Refused now" not in explained
    client.post(step_url(season, "schedule"), {"shuffle": "on"}, follow=True)
    # Within: one pair per division twice; across: four pairs twice.
    assert season.rounds.count() > 0
    assert sum(r.fixtures.count() for r in Round.objects.filter(season=season)) == 2 * 2 + 4 * 2


def test_what_does_not_add_up_is_said_before_the_schedule_and_refuses_it(season, boss) -> None:
    client = _client(boss)
    a, b, c, _ = season.teams.order_by("name")
    page = client.get(change_url(season))
    # D is left out; the wild cards (0) and two winners do not make the four playoff teams.
    data = _with_divisions(page, [("North", [a, b]), ("South", [c])])
    response = client.post(change_url(season), data, follow=True)

    warnings = [m for m in shown(response) if m.startswith("Divisions:")]
    assert any("In no division: D." in m for m in warnings)
    assert any("South has 1 team: a division needs at least two." in m for m in warnings)
    assert any("set the wild cards to 2" in m for m in warnings)
    explained = client.get(step_url(season, "schedule")).content.decode()
    assert "Refused now: The divisions are not ready" in explained
    refused = client.post(step_url(season, "schedule"), {"shuffle": "on"})
    assert refused.status_code == 200  # the step's page again, the refusal on its form
    assert "The divisions are not ready" in refused.content.decode()
    assert not Round.objects.filter(season=season).exists()


def test_a_started_seasons_divisions_are_read_only(season, boss) -> None:
    a, b, c, d = season.teams.order_by("name")
    north = Division.objects.create(season=season, name="North", slug="north", order=1)
    south = Division.objects.create(season=season, name="South", slug="south", order=2)
    StandingRow.objects.filter(team__in=[a, b]).update(division=north)
    StandingRow.objects.filter(team__in=[c, d]).update(division=south)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=None)
    page = _client(boss).get(change_url(season))
    (inline,) = [i for i in page.context["inline_admin_formsets"] if i.opts.model is Division]
    assert not inline.has_add_permission
    assert not inline.has_change_permission
    assert "wild_cards" in page.context["adminform"].readonly_fields


def test_another_leagues_commissioner_cannot_open_the_season(season) -> None:
    other = make_commissioner("other_boss")
    league_create(name="Other League", actor=None, commissioners=[other])
    assert _client(other).get(change_url(season)).status_code in (302, 404)
    assert not Division.objects.exists()


def test_a_tournament_has_no_divisions_inline(plain, boss) -> None:
    from league.services.tournaments import tournament_create

    league = League.objects.create(name="Cup League", slug="cup-league", ruleset=plain.key)
    league.commissioners.add(boss)
    cup = tournament_create(league=league, name="Cup", actor=None, group_count=0)
    page = _client(boss).get(change_url(cup))
    assert page.status_code == 200
    assert Division not in [i.opts.model for i in page.context["inline_admin_formsets"]]


def test_the_playoffs_step_names_the_division_winners_and_wild_cards(season, boss) -> None:
    a, b, c, d = season.teams.order_by("name")
    division_save(season=season, actor=boss, name="North", order=1, team_ids=[a.pk, b.pk])
    division_save(season=season, actor=boss, name="South", order=2, team_ids=[c.pk, d.pk])
    season_update(season=season, actor=boss, changes={"wild_cards": 2})
    season_generate_schedule(season=season, actor=boss, seed=1)
    season_transition(season=season, to=Season.Status.ACTIVE, actor=boss)
    Round.objects.filter(season=season).update(status=Round.Status.OPEN)
    for fixture in Fixture.objects.filter(round__season=season).select_related(
        "home_team", "away_team"
    ):
        first = fixture.home_team.name < fixture.away_team.name
        result_store(
            fixture=fixture, home_score=2 if first else 0, away_score=0 if first else 2, actor=boss
        )

    page = _client(boss).get(step_url(season, "playoffs-start")).content.decode()

    assert "1. A (North winner), 2. C (South winner), 3. B (Wild card), 4. D (Wild card)" in page
    assert "Refused now" not in page
