"""Database invariants of match records: one result per fixture, stat lines that add up,
one live simulation per fixture, inspections that detect only on a higher roll (M-E2)."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from games.models import Appearance, Inspection, SimulationJob, StatLine
from league.models import Fixture, Result
from league.services.schedule import season_generate_schedule
from rosters.models import Enhancement
from rules.magnoball.vocabulary import EnhancementKind, StatCategory

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixture_(world) -> Fixture:
    season_generate_schedule(season=world.season, actor=None, seed=3)
    return Fixture.objects.filter(round__season=world.season).order_by("id")[0]


def test_a_fixture_has_at_most_one_result(fixture_):
    Result.objects.create(
        fixture=fixture_, home_score=1, away_score=0, source=Result.Source.REPORTED
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.create(
            fixture=fixture_, home_score=2, away_score=0, source=Result.Source.REPORTED
        )


def test_m_d8_a_simulated_result_must_record_its_seed(fixture_):
    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.create(
            fixture=fixture_, home_score=1, away_score=0, source=Result.Source.SIMULATED
        )


def test_stat_line_successes_cannot_exceed_attempts_and_appear_once(fixture_):
    result = Result.objects.create(
        fixture=fixture_, home_score=1, away_score=0, source=Result.Source.REPORTED
    )
    player = fixture_.home_team.players.first()
    appearance = Appearance.objects.create(
        result=result, player=player, team=fixture_.home_team, points=1
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        StatLine.objects.create(
            appearance=appearance, category=StatCategory.SCORING, attempts=1, successes=2
        )
    StatLine.objects.create(
        appearance=appearance, category=StatCategory.SCORING, attempts=2, successes=1
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        StatLine.objects.create(appearance=appearance, category=StatCategory.SCORING)
    with pytest.raises(IntegrityError), transaction.atomic():
        Appearance.objects.create(result=result, player=player, team=fixture_.home_team)


def test_only_one_live_simulation_job_per_fixture(fixture_):
    SimulationJob.objects.create(fixture=fixture_, seed=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        SimulationJob.objects.create(fixture=fixture_, seed=2, state=SimulationJob.State.RUNNING)
    SimulationJob.objects.filter(fixture=fixture_).update(state=SimulationJob.State.FAILED)
    SimulationJob.objects.create(fixture=fixture_, seed=3)


def test_m_e2_inspection_detects_only_on_a_higher_opposing_roll(fixture_):
    player = fixture_.home_team.players.first()
    enhancement = Enhancement.objects.create(player=player, kind=EnhancementKind.EM_COIL)
    with pytest.raises(IntegrityError), transaction.atomic():
        Inspection.objects.create(
            fixture=fixture_,
            enhancement=enhancement,
            owner_roll=5,
            inspector_roll=5,
            decision=Inspection.Decision.PENDING,
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        Inspection.objects.create(
            fixture=fixture_,
            enhancement=enhancement,
            owner_roll=3,
            inspector_roll=8,
            decision=Inspection.Decision.UNDETECTED,
        )
    inspection = Inspection.objects.create(
        fixture=fixture_,
        enhancement=enhancement,
        owner_roll=3,
        inspector_roll=8,
        decision=Inspection.Decision.PENDING,
    )
    assert inspection.detected
