"""The steps that run a season (docs/seasons.md): schedule, start, open rounds, simulate,
playoffs, close, roll over, archive. Each is offered and explained by the selector its
service refuses with, so the rule lives once."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest
from django.utils.formats import date_format

from games.admin import lineups as admin_lineups
from games.admin.display import fixtures_of, name_list, round_date, score_text
from games.admin.simulations import (
    batch_message,
    season_jobs_url,
    simulation_lines,
)
from games.admin.tournaments import KNOCKOUT_START_STEP, TOURNAMENT_SETUP_STEPS
from games.jobs import (
    simulation_left,
    simulation_request_rest_of_season,
    simulation_request_round,
    simulation_round_next,
    simulation_season_refusal,
)
from games.matchday import round_next_to_open, round_open, round_open_refusal
from games.models import Result
from games.season_end import (
    playoffs_advance,
    playoffs_advance_refusal,
    playoffs_start,
    playoffs_start_refusal,
    season_close,
    season_close_refusal,
    season_rollover,
    season_rollover_refusal,
    season_won_on_the_table,
)
from league import services as league_services
from league.admin.display import admin_url, plural
from league.admin.steps import Step, StepDone, offered, refused_now
from league.errors import DomainError
from league.models import Fixture, Round, Season, Team
from league.selectors import standings_for_season


class NothingToDo(DomainError):
    """A step found nothing to act on (no round left to open, none to simulate)."""

    code = "nothing_to_do"


class ScheduleForm(forms.Form):
    shuffle = forms.BooleanField(
        required=False,
        initial=True,
        label="Shuffle the rounds",
        help_text="Draw the order of the rounds at random; the seed is recorded, so the draw "
        "can be reproduced. Untick for the plain circle-method order.",
    )


def _explain_schedule(season: Season) -> list[str]:
    teams = list(season.teams.order_by("name").values_list("name", flat=True))
    lines = [
        f"{season} gets a new regular-season schedule for its {plural(len(teams), 'team')}: "
        f"{name_list(teams)}.",
        "Every pair of teams meets twice, once at each home (double round robin)."
        if season.double_round_robin
        else "Every pair of teams meets once (single round robin).",
    ]
    if len(teams) % 2:
        lines.append("With an odd number of teams, one team rests each round.")
    if season.starts_on:
        lines.append(
            f"Round 1 is on {date_format(season.starts_on)}, then one round every "
            f"{plural(season.days_between_rounds, 'day')}."
        )
    else:
        lines.append("The rounds are undated: the season has no start date.")
    existing = season.rounds.count()
    if existing:
        lines.append(f"The current schedule ({plural(existing, 'round')}) is deleted and replaced.")
    lines.append("Refused once a round has been opened or a result recorded.")
    return lines


def _run_schedule(request: HttpRequest, season: Season, form: ScheduleForm | None) -> StepDone:
    shuffle = form.cleaned_data["shuffle"] if form is not None else True
    rounds = league_services.season_generate_schedule(
        season=season, actor=request.user, shuffle=shuffle
    )
    return StepDone(f"{plural(len(rounds), 'round')} scheduled.")


def _explain_start(season: Season) -> list[str]:
    lines = [
        f"{season} becomes active. Its rules are frozen: they can no longer change.",
        "Teams can no longer enter once the schedule exists.",
    ]
    if not season.rounds.exists():
        lines.append("It has no schedule yet: generate one first, or there is nothing to play.")
    return lines


def _run_transition(to: str) -> Any:
    def run(request: HttpRequest, season: Season, form: Any) -> StepDone:
        moved = league_services.season_transition(season=season, to=to, actor=request.user)
        return StepDone(f"{moved} is now {moved.get_status_display().lower()}.")

    return run


def _explain_open_round(season: Season) -> list[str]:
    round_ = round_next_to_open(season=season)
    if round_ is None:
        return [f"Every round of {season} is open already."]
    fixtures = fixtures_of(round_)
    lines = [
        f"{round_}{round_date(round_)} opens: {plural(len(fixtures), 'fixture')}: "
        f"{name_list(fixtures)}."
    ]
    if season.rules.enhancements and season.rules.table_dice("inspections"):
        lines += [
            "Every player who may take the field and carries enhancements is to be inspected "
            "(M-E2) with the coaches' own dice: each coach enters his d10 on match day (or "
            "you, in Table inspections). Nothing is rolled by the server.",
            "A fixture waits until every roll is in and every detection decided; the others "
            "become ready to play.",
        ]
    elif season.rules.enhancements:
        lines += [
            "Every fitted enhancement of a player who may take the field is inspected (M-E2): "
            "the owner's d10 against the opposing coach's d10, each roll in the dice ledger.",
            "A fixture with a detection waits for the opposing coach's decision (or yours); "
            "the others become ready to play.",
        ]
    else:
        lines.append("Enhancements are not used in this season: every fixture becomes ready.")
    lines.append("Rounds open in order.")
    return lines + admin_lineups.round_warnings(round_)


def _run_open_round(request: HttpRequest, season: Season, form: Any) -> StepDone:
    round_ = round_next_to_open(season=season)
    if round_ is None:
        raise NothingToDo(f"Every round of {season} is open already.")
    return open_round(request, round_)


def open_round(request: HttpRequest, round_: Round) -> StepDone:
    opened = round_open(round_=round_, actor=request.user)
    waiting = opened.fixtures.filter(status=Fixture.Status.INSPECTIONS).count()
    message = f"{opened} is open."
    if waiting and round_.season.rules.table_dice("inspections"):
        message += (
            f" {plural(waiting, 'fixture')} {'waits' if waiting == 1 else 'wait'} for the "
            "coaches' inspection rolls: see Table inspections."
        )
    elif waiting:
        message += (
            f" {plural(waiting, 'fixture')} {'waits' if waiting == 1 else 'wait'} for an "
            "inspection decision: see Pending decisions."
        )
    return StepDone(message)


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


def _explain_playoffs_start(season: Season) -> list[str]:
    top = list(standings_for_season(season=season)[: season.playoff_teams])
    seeds = ", ".join(f"{row.position or '–'}. {row.team}" for row in top)
    return [
        f"The top {season.playoff_teams} of the table as it stands play the knockout "
        f"playoffs: {seeds}.",
        f"Seed 1 meets seed {season.playoff_teams}, seed 2 meets seed "
        f"{season.playoff_teams - 1}, and so on, the higher seed at home.",
        f"{season} moves to its playoffs: the regular season is over.",
        *refused_now(playoffs_start_refusal(season=season)),
    ]


def _run_playoffs_start(request: HttpRequest, season: Season, form: Any) -> StepDone:
    first = playoffs_start(season=season, actor=request.user)
    return StepDone(f"The playoffs begin with {first}: open it to play it.")


def _explain_playoffs_advance(season: Season) -> list[str]:
    current = season.rounds.filter(stage=Round.Stage.PLAYOFF).order_by("-number").first()
    lines = []
    if current is not None:
        results = Result.objects.filter(fixture__round=current).select_related(
            "fixture__home_team", "fixture__away_team"
        )
        lines.append(
            f"{current}: " + name_list(f"{r.fixture} {score_text(r)}" for r in results) + "."
        )
    lines += [
        "When every game of the knockout round is played, the winners meet in the next round "
        "(the higher seed at home); after the final, its winner becomes the champion.",
        "A knockout game still level after overtime goes to the higher seed.",
        *refused_now(playoffs_advance_refusal(season=season)),
    ]
    return lines


def _run_playoffs_advance(request: HttpRequest, season: Season, form: Any) -> StepDone:
    outcome = playoffs_advance(season=season, actor=request.user)
    if isinstance(outcome, Team):
        close = "Finish the tournament" if season.is_tournament else "Close the season"
        return StepDone(f"{outcome} are the champions of {season}. {close} next.")
    return StepDone(f"{outcome} is drawn: open it to play it.")


def _explain_close(season: Season) -> list[str]:
    if season.status == Season.Status.PLAYOFFS:
        stage = "knockout's winner" if season.is_tournament else "playoffs' champion"
        champion = f"the {stage}: {season.champion or 'not decided yet'}"
    else:
        leader = standings_for_season(season=season).filter(position=1).first()
        champion = f"the leader of the table: {leader.team if leader else 'nobody yet'}"
    return [
        f"{season} is finished with {champion}.",
        "A finished season takes no more results; its rules, table and records stay.",
        *refused_now(season_close_refusal(season=season)),
        "This cannot be undone; roll the season over to start the next one.",
    ]


def _run_close(request: HttpRequest, season: Season, form: Any) -> StepDone:
    closed = season_close(season=season, actor=request.user)
    champion = f" Champions: {closed.champion}." if closed.champion else ""
    return StepDone(f"{closed} is finished.{champion}")


class RolloverForm(forms.Form):
    name = forms.CharField(
        max_length=100,
        label="Name of the new season",
        help_text="E.g. the next year. It must be new in this league.",
    )


def _rollover_form(season: Season, data: Any) -> RolloverForm:
    suggestion = str(int(season.name) + 1) if season.name.isdigit() else ""
    return RolloverForm(data, initial={"name": suggestion})


def _explain_rollover(season: Season) -> list[str]:
    teams = season.teams.count()
    return [
        f"A new draft season of {season.league}, with the same {plural(teams, 'team')} and "
        "their rosters, these rules, the same playoff format and days between rounds.",
        "Injuries go on counting down by games; player statuses follow the new season's "
        "progression settings (M-P5). Nothing of a match carries over.",
        "Next you review its rules, add any new team and generate its schedule.",
        *refused_now(season_rollover_refusal(season=season)),
    ]


def _run_rollover(request: HttpRequest, season: Season, form: RolloverForm) -> StepDone:
    new = season_rollover(season=season, name=form.cleaned_data["name"], actor=request.user)
    return StepDone(f"{new} is ready as a draft, with {season}'s teams.", admin_url(new))


# Whether a step is offered: by the selectors its service refuses with (games/matchday.py,
# games/jobs.py, games/season_end.py), so the rule lives once.


def _open_round_offered(season: Season) -> bool:
    round_ = round_next_to_open(season=season)
    return round_ is not None and round_open_refusal(round_=round_) is None


def _simulation_offered(season: Season) -> bool:
    return simulation_season_refusal(season=season) is None and simulation_left(season=season)


def _is(*statuses: str) -> Any:
    return lambda season: season.status in statuses


SEASON_STEPS: tuple[Step, ...] = (
    Step(
        name="schedule",
        label="Generate the schedule",
        explain=_explain_schedule,
        run=_run_schedule,
        form=lambda season, data: ScheduleForm(data),
        shown=lambda s: (
            not s.is_tournament
            and (
                s.status == Season.Status.DRAFT
                or (
                    s.status == Season.Status.ACTIVE
                    and not s.rounds.exclude(status="scheduled").exists()
                )
            )
        ),
        destructive=True,
    ),
    Step(
        name="start",
        label="Start the season",
        explain=_explain_start,
        run=_run_transition(Season.Status.ACTIVE),
        shown=lambda s: not s.is_tournament and s.status == Season.Status.DRAFT,
    ),
    *TOURNAMENT_SETUP_STEPS,
    Step(
        name="open-round",
        label=lambda s: (
            f"Open {r}" if (r := round_next_to_open(season=s)) else "Open the next round"
        ),
        explain=_explain_open_round,
        run=_run_open_round,
        shown=_open_round_offered,
    ),
    Step(
        name="simulate-round",
        label=lambda s: (
            f"Simulate {r}" if (r := simulation_round_next(season=s)) else "Simulate a round"
        ),
        explain=_explain_simulate_round,
        run=_run_simulate_round,
        shown=lambda s: _simulation_offered(s) and simulation_round_next(season=s) is not None,
    ),
    Step(
        name="simulate-rest",
        label="Simulate the rest of the season",
        explain=_explain_simulate_rest,
        run=_run_simulate_rest,
        shown=_simulation_offered,
    ),
    Step(
        name="playoffs-start",
        label="Start the playoffs",
        explain=_explain_playoffs_start,
        run=_run_playoffs_start,
        shown=lambda s: offered(
            playoffs_start_refusal(season=s), "season_unfinished", "too_few_teams"
        ),
    ),
    KNOCKOUT_START_STEP,
    Step(
        name="playoffs-advance",
        label=lambda s: "Advance the knockout" if s.is_tournament else "Advance the playoffs",
        explain=_explain_playoffs_advance,
        run=_run_playoffs_advance,
        shown=lambda s: offered(playoffs_advance_refusal(season=s), "round_unfinished"),
    ),
    Step(
        name="close",
        label=lambda s: "Finish the tournament" if s.is_tournament else "Close the season",
        explain=_explain_close,
        run=_run_close,
        shown=lambda s: (
            (s.status == Season.Status.ACTIVE and season_won_on_the_table(season=s))
            or (s.status == Season.Status.PLAYOFFS and season_close_refusal(season=s) is None)
        ),
        destructive=True,
    ),
    Step(
        name="rollover",
        label="Roll over into a new season",
        explain=_explain_rollover,
        run=_run_rollover,
        form=_rollover_form,
        shown=lambda s: offered(season_rollover_refusal(season=s), "rolled_over"),
    ),
    Step(
        name="archive",
        label="Archive the season",
        explain=lambda s: [f"{s} is archived: it stays readable and nothing in it changes."],
        run=_run_transition(Season.Status.ARCHIVED),
        shown=_is(Season.Status.FINISHED),
    ),
)
SEASON_STEP = {step.name: step for step in SEASON_STEPS}
