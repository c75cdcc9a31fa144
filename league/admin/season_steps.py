"""The steps that run a season of any game (docs/seasons.md): schedule, start, a
tournament's set-up, open rounds, playoffs, close, roll over, archive; and, after opening
rounds, the game's own (its ruleset's ``season_admin_steps``, e.g. simulations). Each is
offered and explained by the selector its service refuses with, so the rule lives once."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest
from django.utils.formats import date_format

from league.admin.display import (
    admin_url,
    fixtures_of,
    name_list,
    plural,
    round_date,
    score_text,
)
from league.admin.honours import HONOURS_SEASON_STEPS
from league.admin.steps import Step, StepDone, offered, refused_now
from league.admin.tournaments import KNOCKOUT_START_STEP, TOURNAMENT_SETUP_STEPS
from league.capabilities import capability
from league.capabilities.admin_season import SeasonAdminParts
from league.capabilities.settings import SeasonSettings
from league.capabilities.simulation import Simulation
from league.capabilities.table import TableExtras
from league.errors import DomainError
from league.models import Result, Round, Season, Team
from league.rulesets import ruleset_for
from league.selectors.divisions import division_seed_notes, division_tables, season_has_divisions
from league.selectors.standings import standings_for_season
from league.services.divisions import division_problems_refusal
from league.services.playoffs import (
    playoffs_advance,
    playoffs_advance_refusal,
    playoffs_start,
    playoffs_start_refusal,
)
from league.services.rounds import round_next_to_open, round_open, round_open_refusal
from league.services.schedule import season_generate_schedule
from league.services.season_end import (
    season_close,
    season_close_refusal,
    season_rollover,
    season_rollover_refusal,
    season_won_on_the_table,
)
from league.services.seasons import season_transition


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
        *(
            _division_lines(season)
            if season_has_divisions(season=season)
            else [
                "Every pair of teams meets twice, once at each home (double round robin)."
                if season.double_round_robin
                else "Every pair of teams meets once (single round robin)."
            ]
        ),
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


def _division_lines(season: Season) -> list[str]:
    """How a season in divisions is scheduled, and why it would be refused now."""
    tables = division_tables(season=season)
    return [
        "Divisions: "
        + "; ".join(
            f"{table.division}: {name_list(row.team.name for row in table.rows) or 'no teams'}"
            for table in tables
        )
        + ".",
        f"Every pair of teams of one division meets "
        f"{plural(season.division_meetings, 'time')}, every pair from different divisions "
        f"{plural(season.cross_division_meetings, 'time')}, home and away in turn.",
        *refused_now(division_problems_refusal(season=season)),
    ]


def _run_schedule(request: HttpRequest, season: Season, form: ScheduleForm | None) -> StepDone:
    shuffle = form.cleaned_data["shuffle"] if form is not None else True
    rounds = season_generate_schedule(season=season, actor=request.user, shuffle=shuffle)
    return StepDone(f"{plural(len(rounds), 'round')} scheduled.")


def _explain_start(season: Season) -> list[str]:
    lines = [
        f"{season} becomes active. Its rules are frozen: they can no longer change.",
        "Teams can no longer enter once the schedule exists.",
    ]
    if not season.rounds.exists():
        lines.append("It has no schedule yet: generate one first, or there is nothing to play.")
    return [
        *lines,
        *capability(ruleset_for(season.league), SeasonSettings).season_start_lines(season=season),
    ]


def _run_start(request: HttpRequest, season: Season, form: Any) -> StepDone:
    moved = season_transition(season=season, to=Season.Status.ACTIVE, actor=request.user)
    found = capability(ruleset_for(moved.league), SeasonSettings).season_start_lines(season=moved)
    return StepDone(" ".join([f"{moved} is now active.", *found]))


def _run_transition(to: str) -> Any:
    def run(request: HttpRequest, season: Season, form: Any) -> StepDone:
        moved = season_transition(season=season, to=to, actor=request.user)
        return StepDone(f"{moved} is now {moved.get_status_display().lower()}.")

    return run


def _explain_open_round(season: Season) -> list[str]:
    round_ = round_next_to_open(season=season)
    if round_ is None:
        return [f"Every round of {season} is open already."]
    return explain_round_open(round_, f"{round_}{round_date(round_)}")


def explain_round_open(round_: Round, title: str) -> list[str]:
    """The confirmation of opening `round_`: its fixtures, then what the game does."""
    fixtures = fixtures_of(round_)
    return [
        f"{title} opens: {plural(len(fixtures), 'fixture')}: {name_list(fixtures)}.",
        *capability(ruleset_for(round_.season.league), SeasonAdminParts).round_open_lines(
            round_=round_
        ),
        "Rounds open in order.",
    ]


def _run_open_round(request: HttpRequest, season: Season, form: Any) -> StepDone:
    round_ = round_next_to_open(season=season)
    if round_ is None:
        raise NothingToDo(f"Every round of {season} is open already.")
    return open_round(request, round_)


def open_round(request: HttpRequest, round_: Round) -> StepDone:
    """Open `round_` by its game (league.services.rounds.round_open: the ruleset's own opening, else
    the core's) and say what the game adds."""
    opened = round_open(round_=round_, actor=request.user)
    note = capability(ruleset_for(opened.season.league), SeasonAdminParts).round_opened_note(
        round_=opened
    )
    return StepDone(f"{opened} is open.{note}")


def _explain_playoffs_start(season: Season) -> list[str]:
    if season_has_divisions(season=season):
        notes = division_seed_notes(season=season)
        names = dict(season.teams.values_list("pk", "name"))
        field = ", ".join(
            f"{number}. {names[team]} ({note})"
            for number, (team, note) in enumerate(notes.items(), start=1)
        )
        return [
            f"Every division's winner, then {plural(season.wild_cards, 'wild card')} (the "
            f"best of the rest by the table), play the knockout playoffs: {field}.",
            f"Seed 1 meets seed {season.playoff_teams}, seed 2 meets seed "
            f"{season.playoff_teams - 1}, and so on, the higher seed at home.",
            f"{season} moves to its playoffs: the regular season is over.",
            *refused_now(playoffs_start_refusal(season=season)),
        ]
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
    return StepDone(
        f"The playoffs begin with Round {first.number}, the {first.label}: open it to play it."
    )


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
        capability(ruleset_for(season.league), TableExtras).knockout_level_line(),
        *refused_now(playoffs_advance_refusal(season=season)),
    ]
    return lines


def _run_playoffs_advance(request: HttpRequest, season: Season, form: Any) -> StepDone:
    outcome = playoffs_advance(season=season, actor=request.user)
    if isinstance(outcome, Team):
        close = "Finish the tournament" if season.is_tournament else "Close the season"
        return StepDone(f"{outcome} are the champions of {season}. {close} next.")
    return StepDone(f"Round {outcome.number} is drawn, the {outcome.label}: open it to play it.")


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
        *capability(ruleset_for(season.league), SeasonAdminParts).season_rollover_lines(),
        "Next you review its rules, add any new team and generate its schedule.",
        *refused_now(season_rollover_refusal(season=season)),
    ]


def _run_rollover(request: HttpRequest, season: Season, form: RolloverForm) -> StepDone:
    new = season_rollover(season=season, name=form.cleaned_data["name"], actor=request.user)
    return StepDone(f"{new} is ready as a draft, with {season}'s teams.", admin_url(new))


# Whether a step is offered: by the selectors its service refuses with (league/services/rounds.py,
# league/services/playoffs.py, league/services/season_end.py), so the rule lives once.


def _open_round_offered(season: Season) -> bool:
    round_ = round_next_to_open(season=season)
    return round_ is not None and round_open_refusal(round_=round_) is None


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
        run=_run_start,
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


def season_steps_for(season: Season) -> tuple[Step, ...]:
    """The steps of `season`'s control room: the core's, with the game's own after opening
    rounds (a simulation step only where the game simulates)."""
    ruleset = ruleset_for(season.league)
    game = tuple(
        step
        for step in capability(ruleset, SeasonAdminParts).season_admin_steps()
        if capability(ruleset, Simulation).simulates or not step.simulation
    )
    at = next(i for i, step in enumerate(SEASON_STEPS) if step.name == "open-round") + 1
    # The honours' steps (awards, MVP vote) after the core's: league/admin/honours.py.
    return (*SEASON_STEPS[:at], *game, *SEASON_STEPS[at:], *HONOURS_SEASON_STEPS)
