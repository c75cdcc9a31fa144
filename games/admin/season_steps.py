"""MagnoBall's parts of the core's season and round admins (league/admin/), handed over by
its ruleset (games/ruleset.py): the simulation steps of the control room and of a round, what
opening a round does (inspections, M-E2; short-handed line-ups, M-P3), and the control room's
panels (detections awaiting a decision, the dice ledger, short-handed line-ups, simulations)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from games.admin import lineups as admin_lineups
from games.admin.simulations import (
    batch_message,
    season_jobs_url,
    simulation_jobs_context,
    simulation_lines,
)
from games.models import Inspection
from games.selectors import (
    simulation_left,
    simulation_round_next,
    simulation_round_refusal,
    simulation_season_refusal,
)
from games.services import simulation_request_rest_of_season, simulation_request_round
from league.admin.display import changelist_url, fixtures_of, name_list, plural
from league.admin.season_steps import NothingToDo
from league.admin.steps import Step, StepDone
from league.models import Fixture, Round, Season
from rosters.models import DiceRoll, SeasonRules

# --- Opening a round (M-E2, M-P3) -----------------------------------------------------------


def round_open_lines(round_: Round) -> list[str]:
    """What opening `round_` does: its inspections by the season's rules, and the line-ups
    that would be short-handed."""
    rules: SeasonRules = round_.season.rules
    if rules.enhancements and rules.table_dice("inspections"):
        lines = [
            "Every player who may take the field and carries enhancements is to be inspected "
            "(M-E2) with the coaches' own dice: each coach enters his d10 on match day (or "
            "you, in Table inspections). Nothing is rolled by the server.",
            "A fixture waits until every roll is in and every detection decided; the others "
            "become ready to play.",
        ]
    elif rules.enhancements:
        lines = [
            "Every fitted enhancement of a player who may take the field is inspected (M-E2): "
            "the owner's d10 against the opposing coach's d10, each roll in the dice ledger.",
            "A fixture with a detection waits for the opposing coach's decision (or yours); "
            "the others become ready to play.",
        ]
    else:
        lines = ["Enhancements are not used in this season: every fixture becomes ready."]
    return lines + admin_lineups.round_warnings(round_)


def round_opened_note(round_: Round) -> str:
    """The fixtures of the opened `round_` that wait for inspections, and where to see them."""
    waiting = round_.fixtures.filter(status=Fixture.Status.INSPECTIONS).count()
    if not waiting:
        return ""
    waits = f"{plural(waiting, 'fixture')} {'waits' if waiting == 1 else 'wait'}"
    if round_.season.rules.table_dice("inspections"):
        return f" {waits} for the coaches' inspection rolls: see Table inspections."
    return f" {waits} for an inspection decision: see Pending decisions."


# --- Simulations ------------------------------------------------------------------------------


def _explain_simulate_round(season: Season) -> list[str]:
    round_ = simulation_round_next(season=season)
    if round_ is None:
        return ["No open round has a fixture left to simulate: open the next round first."]
    return [f"{round_} of {season}:", *simulation_lines(fixtures_of(round_))]


def _run_simulate_round(request: HttpRequest, season: Season, form: Any) -> StepDone:
    round_ = simulation_round_next(season=season)
    if round_ is None:
        raise NothingToDo("No open round has a fixture ready to play: open the next round first.")
    batch = simulation_request_round(round_=round_, actor=request.user)
    return StepDone(batch_message(batch, str(round_)), season_jobs_url(season))


def _explain_simulate_rest(season: Season) -> list[str]:
    stage = Round.Stage.PLAYOFF if season.status == Season.Status.PLAYOFFS else Round.Stage.REGULAR
    later = list(
        season.rounds.filter(stage=stage, status=Round.Status.SCHEDULED).order_by("number")
    )
    ready = Fixture.objects.filter(round__season=season, status=Fixture.Status.READY).count()
    lines = []
    if later:
        lines.append(
            f"The {plural(len(later), 'round')} of the "
            f"{'playoffs' if stage == Round.Stage.PLAYOFF else 'regular season'} not open yet "
            f"({name_list(later)}) open now, in order, each rolling its inspections (M-E2)."
        )
    lines += [
        f"Every fixture still to play is then simulated ({plural(ready, 'fixture')} ready "
        "now, plus those of the rounds opened).",
        "Workers play each team's fixtures in round order, each with a recorded seed (M-D8), "
        "and record them through the result service: stats, injuries and standings follow.",
        "A fixture that cannot be played yet waits, with the reason shown (an earlier "
        "fixture, or a detection awaiting its decision), and starts on its own once it can.",
        "The progress shows on this page and under Simulation jobs.",
    ]
    return lines


def _run_simulate_rest(request: HttpRequest, season: Season, form: Any) -> StepDone:
    batch = simulation_request_rest_of_season(season=season, actor=request.user)
    return StepDone(batch_message(batch, f"the rest of {season}"), season_jobs_url(season))


# Offered by the selectors the simulation services refuse with
# (games/selectors/simulation_jobs.py).


def _simulation_offered(season: Season) -> bool:
    return simulation_season_refusal(season=season) is None and simulation_left(season=season)


SEASON_SIMULATION_STEPS: tuple[Step, ...] = (
    Step(
        name="simulate-round",
        label=lambda s: (
            f"Simulate {r}" if (r := simulation_round_next(season=s)) else "Simulate a round"
        ),
        explain=_explain_simulate_round,
        run=_run_simulate_round,
        shown=lambda s: _simulation_offered(s) and simulation_round_next(season=s) is not None,
        simulation=True,
    ),
    Step(
        name="simulate-rest",
        label="Simulate the rest of the season",
        explain=_explain_simulate_rest,
        run=_run_simulate_rest,
        shown=_simulation_offered,
        simulation=True,
    ),
)


def _explain_round_simulate(round_: Round) -> list[str]:
    return [f"{round_} of {round_.season}:", *simulation_lines(fixtures_of(round_))]


def _run_round_simulate(request: HttpRequest, round_: Round, form: Any) -> StepDone:
    batch = simulation_request_round(round_=round_, actor=request.user)
    return StepDone(batch_message(batch, str(round_)), season_jobs_url(round_.season))


ROUND_SIMULATION_STEP = Step(
    name="simulate",
    label="Simulate the round",
    explain=_explain_round_simulate,
    run=_run_round_simulate,
    # Offered while the round is open: a complete one has nothing left to simulate.
    shown=lambda r: r.status == Round.Status.OPEN and simulation_round_refusal(round_=r) is None,
    simulation=True,
)


# --- The control room's panels ------------------------------------------------------------------


def season_room_context(season: Season) -> dict[str, Any]:
    """What templates/admin/games/season_control_room.html reads: the detections awaiting a
    decision, the dice ledger, short-handed line-ups while the season runs, and the
    simulations (the room polls while one is live)."""
    pending = Inspection.objects.filter(
        fixture__round__season=season, decision=Inspection.Decision.PENDING
    ).count()
    simulations = simulation_jobs_context(season)
    running = season.status in (Season.Status.ACTIVE, Season.Status.PLAYOFFS)
    return {
        "room": {
            "pending": pending,
            "pending_url": changelist_url(
                Inspection,
                decision__exact=Inspection.Decision.PENDING,
                fixture__round__season__id__exact=season.pk,
            ),
            "ledger_url": changelist_url(DiceRoll, season__id__exact=season.pk),
            "live": simulations["live"],
            "short_handed": admin_lineups.season_short_handed(season) if running else [],
        },
        "simulations": simulations,
    }
