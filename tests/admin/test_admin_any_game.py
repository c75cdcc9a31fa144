"""The admin runs a league of any game: a ruleset with nothing of its own but its table
(`Arena`, simulates=False) is taken through the Django admin by its commissioner, from the
league's creation to the next season, every page answering, no simulation offered and
nothing of MagnoBall's touched; MagnoBall's control room still offers its simulations."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.access import Actor
from league.admin.display import admin_url
from league.capabilities.rosters import Rosters
from league.models import AuditEntry, Division, Fixture, League, Result, Round, Season, Team
from league.rulesets import Ruleset, ruleset_register, ruleset_unregister
from league.services.results import result_store
from rules.standings import TableSettings
from tests.admin.test_admin_behaviour import form_data
from tests.admin.test_admin_steps import change_url, shown, step_url
from tests.world import make_commissioner, match_day_open

pytestmark = pytest.mark.django_db

NAMES = (("Ash Arrows", "ASH"), ("Birch Bolts", "BIR"), ("Cedar Cars", "CED"), ("Dune Dogs", "DUN"))


class Arena(Ruleset, Rosters):
    key = "arena-test"
    label = "Arena Test"

    def __init__(self) -> None:
        self.set_up: list[str] = []

    def table_settings(self, *, season: Season) -> TableSettings:
        return TableSettings(points_win=2, points_overtime_win=2, points_overtime_loss=0)

    def team_setup(self, *, team: Team, actor: Actor) -> None:
        self.set_up.append(team.name)


@pytest.fixture
def arena() -> Iterator[Arena]:
    ruleset = Arena()
    ruleset_register(ruleset)
    yield ruleset
    ruleset_unregister(ruleset.key)


@pytest.fixture
def boss(db: None) -> User:
    return make_commissioner("arena_boss")


@pytest.fixture
def boss_client(boss: User) -> Client:
    client = Client()
    client.force_login(boss)
    return client


def _step(client: Client, obj, name: str, data: dict | None = None) -> list[str]:
    page = client.get(step_url(obj, name))
    assert page.status_code == 200
    assert "What will happen" in page.content.decode()
    return shown(client.post(step_url(obj, name), data or {}, follow=True))


def _step_names(client: Client, season: Season) -> list[str]:
    page = client.get(change_url(season))
    assert page.status_code == 200
    return [button["url"].rstrip("/").rsplit("/", 1)[1] for button in page.context["room"]["steps"]]


def _league(superuser_client: Client, boss: User) -> League:
    response = superuser_client.post(
        reverse("admin:league_league_add"),
        {
            "name": "Arena League",
            "ruleset": "arena-test",
            "description": "",
            "is_public": "on",
            "commissioners": [boss.pk],
        },
    )
    assert response.status_code == 302, response.context["adminform"].form.errors
    return League.objects.get(name="Arena League")


def _season(client: Client, league: League) -> Season:
    data = {
        "league": league.pk,
        "name": "2026",
        "starts_on": "",
        "double_round_robin": "",
        "format": "",
        "group_count": "",
        "group_qualifiers": "",
        "days_between_rounds": "",
    }
    response = client.post(reverse("admin:league_season_add"), data)
    assert response.status_code == 302, response.context["adminform"].form.errors
    season = Season.objects.get(league=league, name="2026")
    # Two playoff teams, set on the season's page (it has no game settings inline).
    page = client.get(change_url(season))
    assert page.status_code == 200
    # No game settings inline: only the core's divisions of a league season.
    assert [inline.opts.model for inline in page.context["inline_admin_formsets"]] == [Division]
    data = {**form_data(page), "playoff_teams": "2"}
    assert client.post(change_url(season), data).status_code == 302
    season.refresh_from_db()
    assert season.playoff_teams == 2
    return season


def _add_teams(client: Client, season: Season) -> list[Team]:
    add = reverse("admin:league_team_add")
    page = client.get(add, {"season": season.pk})
    assert page.status_code == 200
    assert "faces" not in page.context["adminform"].form.fields
    for name, short in NAMES:
        body = {"season": season.pk, "name": name, "short_name": short, "colour": "#224466"}
        response = client.post(add, body)
        assert response.status_code == 302, response.context["adminform"].form.errors
    return list(season.teams.order_by("name"))


def _play_open_rounds(boss: User, season: Season) -> None:
    for fixture in Fixture.objects.filter(
        round__season=season, status=Fixture.Status.READY
    ).order_by("id"):
        result_store(fixture=fixture, home_score=3, away_score=1, actor=boss)


def test_a_league_of_another_game_runs_in_the_admin_from_creation_to_rollover(
    arena: Arena, superuser_client: Client, boss: User, boss_client: Client
):
    league = _league(superuser_client, boss)
    season = _season(boss_client, league)
    teams = _add_teams(boss_client, season)

    # Teams are the core's: set up by the ruleset, no players rolled, no MagnoBall parts.
    assert arena.set_up == [name for name, _ in NAMES]
    assert all(team.players.count() == 0 for team in teams)
    team_page = boss_client.get(admin_url(teams[0]))
    assert team_page.status_code == 200
    assert 'name="players-' not in team_page.content.decode()
    assert team_page.context["step_buttons"] == []
    assert boss_client.get(reverse("admin:league_team_changelist")).status_code == 200

    assert "schedule" in _step_names(boss_client, season)
    assert _step(boss_client, season, "schedule") == ["3 rounds scheduled."]
    assert _step(boss_client, season, "start") == [f"{season} is now active."]

    for number in (1, 2, 3):
        names = _step_names(boss_client, season)
        assert not [name for name in names if name.startswith("simulate")]
        assert "open-round" in names
        explained = boss_client.get(step_url(season, "open-round")).content.decode()
        assert "becomes ready for its result" in explained
        assert shown(boss_client.post(step_url(season, "open-round"), follow=True)) == [
            f"Round {number} is open."
        ]
        round_ = Round.objects.get(season=season, number=number)
        assert round_.status == Round.Status.OPEN
        assert set(round_.fixtures.values_list("status", flat=True)) == {"ready"}
        round_page = boss_client.get(admin_url(round_))
        assert round_page.status_code == 200
        assert round_page.context["step_buttons"] == []
        _play_open_rounds(boss, season)

    room = boss_client.get(change_url(season)).context["room"]
    ((title, rows),) = room["tables"]
    assert title == "Standings"
    assert sum(row.played for row in rows) == 12
    assert "pending" not in room
    assert "ledger_url" not in room
    fragment = boss_client.get(reverse("admin:league_season_control_room", args=[season.pk]))
    assert fragment.status_code == 200
    assert "Dice ledger" not in fragment.content.decode()

    # Fixtures and results of every game are listed; MagnoBall's steps are not offered.
    fixture = Fixture.objects.filter(round__season=season).first()
    assert boss_client.get(reverse("admin:league_fixture_changelist")).status_code == 200
    fixture_page = boss_client.get(admin_url(fixture))
    assert fixture_page.status_code == 200
    assert fixture_page.context["step_buttons"] == []
    assert boss_client.get(step_url(fixture, "record")).status_code == 404
    result = Result.objects.get(fixture=fixture)
    assert boss_client.get(admin_url(result)).status_code == 200

    assert _step(boss_client, season, "playoffs-start") == [
        "The playoffs begin with Round 4, the Final: open it to play it."
    ]
    assert "simulate-rest" not in _step_names(boss_client, season)
    assert _step(boss_client, season, "open-round") == ["Round 4 is open."]
    _play_open_rounds(boss, season)
    (done,) = _step(boss_client, season, "playoffs-advance")
    season.refresh_from_db()
    assert season.champion is not None
    assert done.startswith(f"{season.champion} are the champions")

    assert _step(boss_client, season, "close", {}) == [
        f"{season} is finished. Champions: {season.champion}."
    ]
    (rolled,) = _step(boss_client, season, "rollover", {"name": "2027"})
    assert rolled == f"{league} · 2027 is ready as a draft, with {season}'s teams."
    following = Season.objects.get(league=league, name="2027")
    assert following.teams.count() == 4
    assert boss_client.get(change_url(following)).status_code == 200
    assert AuditEntry.objects.filter(action="round.open", league=league).count() == 4


def test_magnoballs_fixture_steps_refuse_another_games_fixture_without_crashing(
    arena: Arena, superuser_client: Client, boss: User, boss_client: Client
):
    league = _league(superuser_client, boss)
    season = _season(boss_client, league)
    _add_teams(boss_client, season)
    _step(boss_client, season, "schedule")
    _step(boss_client, season, "start")
    _step(boss_client, season, "open-round")
    fixture = Fixture.objects.filter(round__season=season, status="ready").first()

    response = boss_client.post(
        reverse("admin:league_fixture_changelist"),
        {"action": "simulate", "_selected_action": [fixture.pk], "confirmed": "yes"},
        follow=True,
    )

    assert response.status_code == 200
    (message,) = shown(response)
    assert "does not play MagnoBall" in message
    assert boss_client.get(step_url(fixture, "simulate")).status_code == 404


def test_magnoballs_control_room_still_offers_its_simulations(superuser_client: Client, world):
    match_day_open(world)
    season = world.season
    names = _step_names(superuser_client, season)
    assert names[names.index("open-round") + 1 :][:2] == ["simulate-round", "simulate-rest"]
    round_ = Round.objects.get(season=season, number=1)
    assert superuser_client.get(admin_url(round_)).context["step_buttons"][0]["label"] == (
        "Simulate the round"
    )
    room = superuser_client.get(change_url(season)).context
    assert room["room"]["template"] == "admin/games/season_control_room.html"
    assert "simulations" in room
    assert "ledger_url" in room["room"]
    assert "Dice ledger" in superuser_client.get(change_url(season)).content.decode()
