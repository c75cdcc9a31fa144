"""MagnoBall's part of the core's fixture admin (league/admin/fixtures.py), handed over by
its ruleset: the simulate and record steps (simulate also as an action on the list), the
fixture's records, its line-ups panel and its inspections pending."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest

from games.admin import lineups as admin_lineups
from games.admin.results import result_form_for_new
from games.admin.simulations import season_jobs_url
from games.forms import ResultForm
from games.game import magnoball_refusal
from games.models import Inspection, SimulationJob
from games.selectors import job_requested_message, simulation_refusal
from games.services import result_record, simulation_request
from league.admin.display import admin_url, changelist_url, score_text
from league.admin.steps import Step, StepDone
from league.capabilities import Panel
from league.models import Fixture
from rosters.models import DiceRoll


def _explain_fixture_simulate(fixture: Fixture) -> list[str]:
    return [
        f"{fixture} ({fixture.round} of {fixture.round.season}) is queued for a worker, "
        "which plays it with a recorded seed (M-D8) and records it through the result "
        "service: stats, injuries and standings follow.",
        "If it cannot be played yet (an earlier fixture of its teams unplayed, or a "
        "detection awaiting its decision) it waits, with the reason shown, and starts on "
        "its own once it can.",
        "Its progress shows on the season's page and under Simulation jobs.",
    ]


def _run_fixture_simulate(request: HttpRequest, fixture: Fixture, form: Any) -> StepDone:
    if (refusal := magnoball_refusal(fixture)) is not None:
        raise refusal  # an action's selection may hold another game's fixtures
    job = simulation_request(fixture=fixture, actor=request.user)
    return StepDone(job_requested_message(job), season_jobs_url(fixture.round.season))


def _explain_record(fixture: Fixture) -> list[str]:
    return [
        f"You report the result of {fixture} for the coaches: the score, and a line per "
        "player who took the field. Blank means zero.",
        "Each team's points in the lines must add up to its score; an Incapacitated player's "
        "injury is rolled (M-I1, M-I2), by the server unless the season lets coaches roll.",
        "Then stats, progression (M-P5), the injury countdown and the standings are "
        "recomputed. A commissioner can correct or void it later.",
    ]


def _run_record(request: HttpRequest, fixture: Fixture, form: ResultForm) -> StepDone:
    result = result_record(fixture=fixture, report=form.report(), actor=request.user)
    return StepDone(f"{fixture}: {score_text(result)} recorded.", admin_url(result))


FIXTURE_STEPS = (
    Step(
        name="simulate",
        label="Simulate this fixture",
        explain=_explain_fixture_simulate,
        run=_run_fixture_simulate,
        shown=lambda f: simulation_refusal(fixture=f) is None,
    ),
    Step(
        name="record",
        label="Record a result",
        explain=_explain_record,
        run=_run_record,
        form=result_form_for_new,
        shown=lambda f: f.status == Fixture.Status.READY,
        template="admin/games/result_form.html",
    ),
)


FIXTURE_ACTIONS = ((FIXTURE_STEPS[0], "Simulate the selected fixtures"),)


def fixture_list_annotate(queryset: QuerySet[Fixture]) -> QuerySet[Fixture]:
    """The fixture list's pending inspections, counted in its one query (none for another
    game)."""
    pending = Q(inspections__decision=Inspection.Decision.PENDING)
    return queryset.annotate(magnoball_pending=Count("inspections", filter=pending))


def fixture_pending(fixture: Fixture) -> tuple[int, str]:
    count = getattr(fixture, "magnoball_pending", None)
    if count is None:
        count = fixture.inspections.filter(decision=Inspection.Decision.PENDING).count()
    url = changelist_url(Inspection, fixture=fixture.pk, decision__exact="pending")
    return int(count), url


def fixture_links(fixture: Fixture) -> list[tuple[str, str]]:
    return [
        ("Its rolls in the dice ledger", changelist_url(DiceRoll, fixture=fixture.pk)),
        ("Inspections", changelist_url(Inspection, fixture=fixture.pk)),
        ("Simulation jobs", changelist_url(SimulationJob, fixture=fixture.pk)),
    ]


def fixture_panels(fixture: Fixture) -> list[Panel]:
    return [("Line-ups (M-P3)", *admin_lineups.lineups_panel(fixture))]
