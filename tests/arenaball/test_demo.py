"""Arenaball's demo league: built through the services, idempotent, reproducible, its designs
legal and its played rounds giving standings with kills counted."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from arenaball.demo import LEAGUE_NAME, PLAYED_ROUNDS, TEAMS, demo_league_build
from arenaball.models import Car, Character, Design, ReportCasualty, ReportKill, ReportSubstitution
from arenaball.ruleset import ARENABALL
from arenaball.selectors import stored_design_check
from league.models import AuditEntry, League, Result, Round, StandingRow

pytestmark = pytest.mark.django_db


def test_the_demo_builds_and_is_idempotent() -> None:
    summary = demo_league_build(seed=7)
    assert summary.created
    league = League.objects.get(name=LEAGUE_NAME)
    assert league.ruleset == "arenaball"
    assert league.is_public
    assert summary.season.teams.count() == len(TEAMS)
    assert {login.username for login in summary.logins} >= {"commissioner", "rosa"}
    assert league.commissioners.filter(username="commissioner").exists()
    entries = AuditEntry.objects.count()
    again = demo_league_build(seed=7)
    assert not again.created
    assert again.league == league
    assert AuditEntry.objects.count() == entries
    assert League.objects.filter(name=LEAGUE_NAME).count() == 1


def test_the_demo_reuses_the_magnoball_commissioner() -> None:
    existing = User.objects.create_user("commissioner", password="kept")
    demo_league_build(seed=7)
    existing.refresh_from_db()
    assert existing.check_password("kept")
    assert League.objects.get(name=LEAGUE_NAME).commissioners.get() == existing


def test_the_ruleset_builds_the_demo() -> None:
    summary = ARENABALL.demo_build(seed=3)
    assert summary is not None
    assert summary.league.name == LEAGUE_NAME


def test_the_demos_designs_pass_the_validator() -> None:
    demo_league_build(seed=7)
    designs = Design.objects.select_related("team").all()
    assert designs.count() == 2 * len(TEAMS)
    for design in designs:
        check = stored_design_check(design)
        assert not check.problems, (design, check.problems)


def test_the_played_rounds_give_standings_with_kills() -> None:
    summary = demo_league_build(seed=7)
    season = summary.season
    played = Result.objects.filter(fixture__round__season=season).count()
    assert played == PLAYED_ROUNDS * len(TEAMS) // 2
    assert (
        Round.objects.filter(season=season, number__lte=PLAYED_ROUNDS)
        .exclude(status=Round.Status.SCHEDULED)
        .count()
        == PLAYED_ROUNDS
    )
    rows = StandingRow.objects.filter(season=season)
    assert sum(row.played for row in rows) == 2 * played
    kills = ReportKill.objects.filter(report__result__fixture__round__season=season)
    assert kills.filter(how="ram").exists()
    assert kills.filter(how="weapon").exists()
    counts = ARENABALL.table_counts(season=season)
    assert sum(value for sides in counts.values() for side in sides for _, value in side) == (
        kills.exclude(killer_team=None).count()
    )
    assert ReportSubstitution.objects.exists()
    assert ReportCasualty.objects.filter(state="injured").exists()


def test_the_dead_are_replaced_and_seated() -> None:
    demo_league_build(seed=7)
    dead = Character.objects.filter(state=Character.State.DEAD)
    assert dead.count() >= 1
    for character in dead:
        assert not Car.objects.filter(driver=character).exists()
        assert not Car.objects.filter(gunner=character).exists()
    assert Character.objects.filter(name__startswith="Rookie").count() >= dead.count()
    signed = AuditEntry.objects.filter(action="arenaball.character.sign")
    assert signed.count() >= dead.count()


class _Rollback(Exception):
    pass


def _games() -> list[tuple]:
    """Every reported game in team names, cars and plates (character names depend on the
    teams' ids, which no seed fixes)."""
    games = []
    for result in Result.objects.select_related(
        "fixture__round", "fixture__home_team", "fixture__away_team", "arenaball_report"
    ).order_by("fixture__round__number", "fixture__home_team__name"):
        report = result.arenaball_report
        games.append(
            (
                result.fixture.round.number,
                result.fixture.home_team.name,
                result.fixture.away_team.name,
                result.home_score,
                result.away_score,
                tuple(goal.plate for goal in report.goals.all()),
                tuple((k.victim_car, k.killer_car, k.how) for k in report.kills.all()),
                tuple(c.state for c in report.casualties.all()),
                tuple((s.on, s.off) for s in report.substitutions.all()),
                tuple(sorted(report.lineups["home"]["pits"])),
            )
        )
    return games


def test_the_demo_is_reproducible_from_its_seed() -> None:
    try:
        with transaction.atomic():
            demo_league_build(seed=11)
            first = _games()
            raise _Rollback
    except _Rollback:
        pass
    assert not League.objects.filter(name=LEAGUE_NAME).exists()
    demo_league_build(seed=11)
    assert _games() == first
    assert len(first) == 9


@pytest.mark.parametrize("seed", [1, 2, 5, 2026])
def test_the_demo_builds_from_any_seed(seed: int) -> None:
    summary = demo_league_build(seed=seed)
    assert Result.objects.filter(fixture__round__season=summary.season).count() == 9


def test_the_demo_command_prints_the_arenaball_logins(monkeypatch: pytest.MonkeyPatch) -> None:
    from io import StringIO

    from django.core.management import call_command

    from league.management.commands import demo_league

    monkeypatch.setattr(
        demo_league, "demo_build_all", lambda *, seed: [demo_league_build(seed=seed)]
    )
    out = StringIO()
    call_command("demo_league", "--seed", "4", stdout=out)
    text = out.getvalue()
    assert f"Built {LEAGUE_NAME}" in text
    assert "commissioner" in text
    assert all(username in text for *_, username in TEAMS)
