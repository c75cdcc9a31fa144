"""The commissioner's control room: seasons, rounds and fixtures with the steps that run a
season (docs/seasons.md), and what happens in a fixture: inspections, results with their
appearances, stat lines and events, and simulation jobs.

The season, round and fixture admins live here rather than in league/admin.py because their
steps call the games services (match day, results, simulations, the season's end), and the
league app may not import games. Every step is one service call behind a confirmation page
that says what will happen; the service audits it and refuses what the rules refuse, and the
admin shows its message. Rows of a match are written by the services only.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from django import forms
from django.contrib import admin
from django.contrib.admin.options import IS_POPUP_VAR
from django.contrib.admin.utils import unquote
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Count, F, Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join

from games import admin_lineups
from games.admin_tournaments import KNOCKOUT_START_STEP, TOURNAMENT_SETUP_STEPS
from games.jobs import (
    SimulationBatch,
    job_requested_message,
    simulation_cancel,
    simulation_dismiss,
    simulation_request,
    simulation_request_rest_of_season,
    simulation_request_round,
    simulation_retry,
)
from games.matchday import inspection_decide, round_open
from games.models import (
    Appearance,
    Inspection,
    LineupChoice,
    LineupEntry,
    MatchEvent,
    Result,
    SimulationJob,
    StatLine,
)
from games.results import (
    PlayerLine,
    ResultReport,
    TableRoll,
    result_correct,
    result_record,
    result_void,
)
from games.season_end import playoffs_advance, playoffs_start, season_close, season_rollover
from games.selectors import report_players
from games.tournaments import tournament_create, tournament_format_errors
from injuries.models import Injury
from league import services as league_services
from league.admin.audit import AUDIT_RENDERERS, audit_entries_panel
from league.admin.base import LeagueModelAdmin, ReadOnlyAdmin, ReadOnlyTabularInline, adopt
from league.admin.display import admin_url, changelist_url, plural, when
from league.admin.scoping import LeagueListFilter, SeasonListFilter, object_filter
from league.admin.season_rules import SeasonRulesInline, _update_rules, rule_changes
from league.admin.seasons import SeasonAdminForm
from league.admin.steps import Step, StepDone, as_action
from league.errors import DomainError
from league.models import AuditEntry, Fixture, Round, Season, Team
from league.selectors import standings_for_season
from league.templatetags.league_tags import badge_html
from rosters.models import DiceRoll, Player, SeasonRules
from rules.magnoball.dice import die_label
from rules.magnoball.vocabulary import Position, StatCategory

_FIXTURE_TEAMS = ("fixture__home_team", "fixture__away_team")
_LIVE_JOBS = SimulationJob.LIVE_STATES


class NothingToDo(DomainError):
    """A step found nothing to act on (no round left to open, none to simulate)."""

    code = "nothing_to_do"


def _names(items: Iterable[object]) -> str:
    return ", ".join(str(item) for item in items) or "none"


def _fixture_badge(fixture: Fixture) -> str:
    state = {
        Fixture.Status.SCHEDULED: "draft",
        Fixture.Status.INSPECTIONS: "picks_due",
        Fixture.Status.READY: "active",
        Fixture.Status.SIMULATING: "playoffs",
        Fixture.Status.PLAYED: "finished",
    }[Fixture.Status(fixture.status)]
    return badge_html(state, fixture.get_status_display())


def _job_badge(job: SimulationJob) -> str:
    state = {
        SimulationJob.State.WAITING: "picks_due",
        SimulationJob.State.QUEUED: "draft",
        SimulationJob.State.RUNNING: "active",
        SimulationJob.State.SUCCEEDED: "finished",
        SimulationJob.State.FAILED: "injured",
        SimulationJob.State.CANCELLED: "retired",
    }[SimulationJob.State(job.state)]
    return badge_html(state, job.get_state_display())


def progress_bar(job: SimulationJob) -> str:
    """A job's progress as a bar with its number beside it (the bar alone says nothing to a
    screen reader or a printout)."""
    return format_html(
        '<span class="job-progress"><progress max="100" value="{}" aria-label="{}"></progress>'
        " {} %</span>",
        job.progress,
        f"Simulation of {job.fixture}",
        job.progress,
    )


# --- Results: the form that lists every player's stat line -------------------------------------

_CATEGORIES = tuple(StatCategory)


class ResultForm(forms.Form):
    """A result as one form: the score, then one row per player who could take the field,
    with his points and attempts/successes per action category (M-P7) and whether he was
    Incapacitated (M-I1). Blank means zero; a player with a number, or ticked as played,
    took the field. The result service validates it all (the scores must add up)."""

    home_score = forms.IntegerField(required=False, min_value=0, max_value=99)
    away_score = forms.IntegerField(required=False, min_value=0, max_value=99)
    overtime = forms.BooleanField(
        required=False, help_text="Decided by the overtime goal (M-G2): the score cannot be level."
    )

    def __init__(
        self,
        data: Any,
        *,
        fixture: Fixture,
        players: Sequence[Player],
        coaches_roll: bool,
        result: Result | None = None,
    ) -> None:
        super().__init__(data, initial=self._initial(fixture, result))
        self.fixture = fixture
        self.players = list(players)
        self.coaches_roll = coaches_roll
        self._line_players: list[int] = []
        self._incapacitated: list[int] = []
        for player in self.players:
            prefix = f"p{player.pk}"
            self.fields[f"{prefix}-played"] = forms.BooleanField(
                required=False, label=f"{player.name} took the field"
            )
            self.fields[f"{prefix}-points"] = forms.IntegerField(
                required=False, min_value=0, max_value=99, label=f"{player.name}: points"
            )
            for category in _CATEGORIES:
                for part in ("attempts", "successes"):
                    self.fields[f"{prefix}-{category.value}-{part}"] = forms.IntegerField(
                        required=False,
                        min_value=0,
                        max_value=999,
                        label=f"{player.name}: {category.label} {part}",
                    )
            self.fields[f"{prefix}-incapacitated"] = forms.BooleanField(
                required=False, label=f"{player.name} was Incapacitated"
            )
            if coaches_roll:
                die = die_label(Position(player.position).injury_die)
                for part, what in (("duration", "injury roll"), ("permanent", "permanent roll")):
                    self.fields[f"{prefix}-{part}"] = forms.IntegerField(
                        required=False, min_value=1, label=f"{player.name}: {what} ({die})"
                    )

    @staticmethod
    def _initial(fixture: Fixture, result: Result | None) -> dict[str, Any]:
        if result is None:
            return {}
        initial: dict[str, Any] = {
            "home_score": result.home_score,
            "away_score": result.away_score,
            "overtime": result.overtime,
        }
        for appearance in result.appearances.prefetch_related("stat_lines"):
            prefix = f"p{appearance.player_id}"
            initial[f"{prefix}-played"] = True
            initial[f"{prefix}-points"] = appearance.points
            for line in appearance.stat_lines.all():
                initial[f"{prefix}-{line.category}-attempts"] = line.attempts
                initial[f"{prefix}-{line.category}-successes"] = line.successes
        for injury in Injury.objects.filter(fixture=fixture):
            prefix = f"p{injury.player_id}"
            initial[f"{prefix}-incapacitated"] = True
            initial[f"{prefix}-duration"] = injury.duration_roll
            initial[f"{prefix}-permanent"] = injury.permanent_roll
        return initial

    def report(self) -> ResultReport:
        data = self.cleaned_data
        lines, incapacitated, rolls = [], [], {}
        for player in self.players:
            prefix = f"p{player.pk}"
            stats = {}
            for category in _CATEGORIES:
                attempts = data.get(f"{prefix}-{category.value}-attempts") or 0
                successes = data.get(f"{prefix}-{category.value}-successes") or 0
                if attempts or successes:
                    stats[category.value] = (attempts, successes)
            points = data.get(f"{prefix}-points") or 0
            if data.get(f"{prefix}-played") or points or stats:
                lines.append(PlayerLine(player.pk, points, stats))
            if data.get(f"{prefix}-incapacitated"):
                incapacitated.append(player.pk)
                duration = data.get(f"{prefix}-duration")
                if self.coaches_roll and duration is not None:
                    rolls[player.pk] = TableRoll(duration, data.get(f"{prefix}-permanent"))
        self._line_players = [line.player_id for line in lines]
        self._incapacitated = incapacitated
        return ResultReport(
            home_score=data["home_score"] or 0,
            away_score=data["away_score"] or 0,
            overtime=data["overtime"],
            lines=tuple(lines),
            incapacitated=tuple(incapacitated),
            table_rolls=rolls,
        )

    def field_for_error(self, key: str) -> str:
        """The form field of a key in the result service's ``fields`` (``lines[2].points``)."""
        if match := re.fullmatch(r"lines\[(\d+)\]\.(\w+)(?:\.(\w+))?", key):
            index, part, category = int(match[1]), match[2], match[3]
            if index >= len(self._line_players):
                return key
            prefix = f"p{self._line_players[index]}"
            if part == "points":
                return f"{prefix}-points"
            if part == "stats" and category:
                return f"{prefix}-{category}-successes"
            return f"{prefix}-played"
        if match := re.fullmatch(r"incapacitated\[(\d+)\]", key):
            index = int(match[1])
            if index < len(self._incapacitated):
                return f"p{self._incapacitated[index]}-incapacitated"
        if match := re.fullmatch(r"table_rolls\.(\d+)(?:\.(\w+))?", key):
            return f"p{match[1]}-{match[2] or 'duration'}"
        return key

    def teams(self) -> list[dict[str, Any]]:
        """The rows of the form, team by team, for the template."""
        sides = []
        for team, score in (
            (self.fixture.home_team, "home_score"),
            (self.fixture.away_team, "away_score"),
        ):
            rows = []
            for player in self.players:
                if player.team_id != team.pk:
                    continue
                prefix = f"p{player.pk}"
                names = [
                    f"{prefix}-played",
                    f"{prefix}-points",
                    *(
                        f"{prefix}-{c.value}-{part}"
                        for c in _CATEGORIES
                        for part in ("attempts", "successes")
                    ),
                    f"{prefix}-incapacitated",
                ]
                if self.coaches_roll:
                    names += [f"{prefix}-duration", f"{prefix}-permanent"]
                errors = [error for name in names for error in self[name].errors]
                rows.append(
                    {
                        "player": player,
                        "played": self[f"{prefix}-played"],
                        "points": self[f"{prefix}-points"],
                        "stats": [
                            (
                                self[f"{prefix}-{c.value}-attempts"],
                                self[f"{prefix}-{c.value}-successes"],
                            )
                            for c in _CATEGORIES
                        ],
                        "incapacitated": self[f"{prefix}-incapacitated"],
                        "duration": self[f"{prefix}-duration"] if self.coaches_roll else None,
                        "permanent": self[f"{prefix}-permanent"] if self.coaches_roll else None,
                        "errors": errors,
                    }
                )
            sides.append({"team": team, "score": self[score], "rows": rows})
        return sides

    def categories(self) -> tuple[StatCategory, ...]:
        return _CATEGORIES


def _result_form_for_new(fixture: Fixture, data: Any) -> ResultForm:
    players, _ = report_players(fixture=fixture)  # starters then bench, as kick-off fixes them
    return ResultForm(
        data,
        fixture=fixture,
        players=players,
        coaches_roll=fixture.round.season.rules.coaches_roll_injuries,
    )


def _result_form_for_correction(result: Result, data: Any) -> ResultForm:
    fixture = result.fixture
    entries = (
        LineupEntry.objects.filter(fixture=fixture)
        .select_related("player")
        .order_by("team_id", "-starter", "player__shirt_number", "id")
    )
    return ResultForm(
        data,
        fixture=fixture,
        players=[entry.player for entry in entries],
        coaches_roll=fixture.round.season.rules.coaches_roll_injuries,
        result=result,
    )


def _score(result: Result | None) -> str:
    if result is None:
        return "no result"
    overtime = " after overtime" if result.overtime else ""
    return f"{result.home_score}–{result.away_score}{overtime}"


# --- Results in the audit log: before and after, with player names ----------------------------


def _line_text(line: dict[str, Any] | None) -> str:
    if not line:
        return "did not play"
    parts = [f"{line.get('points', 0)} pts"]
    for category in _CATEGORIES:
        pair = line.get(category.value)
        if pair:
            parts.append(f"{category.label} {pair[1]}/{pair[0]}")
    return " · ".join(parts)


def result_change_html(entry: AuditEntry) -> str:
    """A result's before and after: the score, then each player whose line changed."""
    before, after = entry.before or {}, entry.after or {}
    lines_before, lines_after = before.get("lines", {}), after.get("lines", {})
    hurt_before = set(before.get("incapacitated", []))
    hurt_after = set(after.get("incapacitated", []))
    ids = {int(pk) for pk in (*lines_before, *lines_after)} | hurt_before | hurt_after
    names = dict(
        Player.objects.filter(pk__in=ids).values_list("pk", "name")
    )  # one query per entry shown

    def score(state: dict[str, Any]) -> str:
        if not state:
            return "—"
        overtime = " (OT)" if state.get("overtime") else ""
        return f"{state['home_score']}–{state['away_score']}{overtime}"

    rows: list[tuple[str, str, str]] = [("Score", score(before), score(after))]
    for pk in sorted(ids, key=lambda pk: names.get(pk, "")):
        old = _line_text(lines_before.get(str(pk))) if before else "—"
        new = _line_text(lines_after.get(str(pk))) if after else "—"
        if pk in hurt_before:
            old += " · Incapacitated"
        if pk in hurt_after:
            new += " · Incapacitated"
        if old != new:
            rows.append((names.get(pk, f"Player {pk}"), old, new))
    return format_html(
        '<table class="audit-changes"><thead><tr><th scope="col">What</th>'
        '<th scope="col">Before</th><th scope="col">After</th></tr></thead><tbody>{}</tbody>'
        "</table>",
        format_html_join("", '<tr><th scope="row">{}</th><td>{}</td><td>{}</td></tr>', rows),
    )


AUDIT_RENDERERS["result"] = result_change_html


def result_history(fixture: Fixture) -> str:
    """Every audit entry of the fixture and of its result, newest first, with before and
    after: the record of reports, simulations, corrections and voids."""
    fixture_type = ContentType.objects.get_for_model(Fixture)
    result_type = ContentType.objects.get_for_model(Result)
    mine = Q(content_type=fixture_type, object_id=str(fixture.pk))
    result = Result.objects.filter(fixture=fixture).values_list("pk", flat=True).first()
    if result is not None:
        mine |= Q(content_type=result_type, object_id=str(result))
    # A voided result's entries point at a row that is gone; the void's own entry (on the
    # fixture) keeps the result as it was.
    entries = (
        AuditEntry.objects.filter(mine, action__startswith="result.")
        .select_related("actor", "api_token__user", "api_token__created_by")
        .order_by("-created_at", "-id")
    )
    return audit_entries_panel(entries, empty="No result has been recorded yet.")


# --- Seasons -----------------------------------------------------------------------------------


def _next_round_to_open(season: Season) -> Round | None:
    return season.rounds.filter(status=Round.Status.SCHEDULED).order_by("number").first()


#: Fixtures a simulation may be asked for (games/jobs.py): ready, or awaiting a decision.
_SIMULABLE = (Fixture.Status.READY, Fixture.Status.INSPECTIONS)


def _round_to_simulate(season: Season) -> Round | None:
    """The earliest open round with a fixture left to simulate and no live job."""
    return (
        season.rounds.filter(status=Round.Status.OPEN, fixtures__status__in=_SIMULABLE)
        .exclude(fixtures__simulation_jobs__state__in=_LIVE_JOBS)
        .order_by("number")
        .first()
    )


def _season_simulable(season: Season) -> bool:
    """A running season with no champion yet and a fixture left to simulate."""
    if season.status not in (Season.Status.ACTIVE, Season.Status.PLAYOFFS) or season.champion_id:
        return False
    stage = Round.Stage.PLAYOFF if season.status == Season.Status.PLAYOFFS else Round.Stage.REGULAR
    left = Fixture.objects.filter(round__season=season, round__stage=stage).exclude(
        status__in=(Fixture.Status.PLAYED, Fixture.Status.SIMULATING)
    )
    return left.exclude(simulation_jobs__state__in=_LIVE_JOBS).exists()


def _round_date(round_: Round) -> str:
    return f" ({date_format(round_.starts_on)})" if round_.starts_on else ""


def _fixtures_of(round_: Round) -> list[Fixture]:
    return list(round_.fixtures.select_related("home_team", "away_team").order_by("id"))


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
        f"{_names(teams)}.",
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
    round_ = _next_round_to_open(season)
    if round_ is None:
        return [f"Every round of {season} is open already."]
    fixtures = _fixtures_of(round_)
    lines = [
        f"{round_}{_round_date(round_)} opens: {plural(len(fixtures), 'fixture')}: "
        f"{_names(fixtures)}."
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
    round_ = _next_round_to_open(season)
    if round_ is None:
        raise NothingToDo(f"Every round of {season} is open already.")
    return _open(request, round_)


def _open(request: HttpRequest, round_: Round) -> StepDone:
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


def _simulation_lines(fixtures: Sequence[Fixture]) -> list[str]:
    wanted = [f for f in fixtures if f.status in _SIMULABLE]
    return [
        f"{plural(len(wanted), 'fixture')} still to play {'is' if len(wanted) == 1 else 'are'} "
        f"simulated: {_names(wanted)}.",
        "A worker plays each match with a recorded seed (M-D8) and records it through the "
        "result service, like a reported result: stats, injuries and standings follow.",
        "A fixture that cannot be played yet (an earlier fixture of its teams unplayed, or a "
        "detection awaiting its decision) waits, with the reason shown, and starts on its "
        "own as soon as it can: nothing fails for waiting.",
        "The progress shows on the season's page and under Simulation jobs.",
    ]


def _explain_simulate_round(season: Season) -> list[str]:
    round_ = _round_to_simulate(season)
    if round_ is None:
        return ["No open round has a fixture left to simulate: open the next round first."]
    return [f"{round_} of {season}:", *_simulation_lines(_fixtures_of(round_))]


def _batch_message(batch: SimulationBatch, what: str) -> str:
    message = f"{plural(len(batch.jobs), 'simulation')} of {what} requested"
    message += f", {len(batch.queued)} queued now."
    if batch.waiting:
        message += (
            f" {len(batch.waiting)} wait and start on their own as soon as they can; each "
            "waiting job's reason shows on this page."
        )
        blocked = [w for w in batch.waiting if "decision" in w.reason]
        if blocked:
            message += " Decisions hold up: " + "; ".join(
                f"{w.fixture}: {w.reason}" for w in blocked[:5]
            )
            message += "." if len(blocked) <= 5 else f" (and {len(blocked) - 5} more)."
    if batch.skipped:
        message += f" Already being simulated: {_names(s.fixture for s in batch.skipped)}."
    return message


def _season_jobs_url(season: Season) -> str:
    return admin_url(season) + "#simulations"


def _run_simulate_round(request: HttpRequest, season: Season, form: Any) -> StepDone:
    round_ = _round_to_simulate(season)
    if round_ is None:
        raise NothingToDo("No open round has a fixture ready to play: open the next round first.")
    batch = simulation_request_round(round_=round_, actor=request.user)
    return StepDone(_batch_message(batch, str(round_)), _season_jobs_url(season))


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
            f"({_names(later)}) open now, in order, each rolling its inspections (M-E2)."
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
    return StepDone(_batch_message(batch, f"the rest of {season}"), _season_jobs_url(season))


def _explain_playoffs_start(season: Season) -> list[str]:
    top = list(standings_for_season(season=season)[: season.playoff_teams])
    seeds = ", ".join(f"{row.position or '–'}. {row.team}" for row in top)
    return [
        f"The top {season.playoff_teams} of the table as it stands play the knockout "
        f"playoffs: {seeds}.",
        f"Seed 1 meets seed {season.playoff_teams}, seed 2 meets seed "
        f"{season.playoff_teams - 1}, and so on, the higher seed at home.",
        f"{season} moves to its playoffs: the regular season is over.",
        "Refused while a regular-season fixture is still to play.",
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
        lines.append(f"{current}: " + _names(f"{r.fixture} {_score(r)}" for r in results) + ".")
    lines += [
        "When every game of the knockout round is played, the winners meet in the next round "
        "(the higher seed at home); after the final, its winner becomes the champion.",
        "A knockout game still level after overtime goes to the higher seed.",
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
        "Refused while a fixture is still to play.",
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
    ]


def _run_rollover(request: HttpRequest, season: Season, form: RolloverForm) -> StepDone:
    new = season_rollover(season=season, name=form.cleaned_data["name"], actor=request.user)
    return StepDone(f"{new} is ready as a draft, with {season}'s teams.", admin_url(new))


def _won_on_the_table(season: Season) -> bool:
    """A season without playoffs, or a tournament of one group without a knockout."""
    if season.is_tournament:
        return season.group_count == 1 and not season.group_qualifiers
    return season.playoff_teams < 2


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
        label=lambda s: f"Open {r}" if (r := _next_round_to_open(s)) else "Open the next round",
        explain=_explain_open_round,
        run=_run_open_round,
        shown=lambda s: (
            s.status in (Season.Status.ACTIVE, Season.Status.PLAYOFFS)
            and _next_round_to_open(s) is not None
        ),
    ),
    Step(
        name="simulate-round",
        label=lambda s: f"Simulate {r}" if (r := _round_to_simulate(s)) else "Simulate a round",
        explain=_explain_simulate_round,
        run=_run_simulate_round,
        shown=lambda s: _season_simulable(s) and _round_to_simulate(s) is not None,
    ),
    Step(
        name="simulate-rest",
        label="Simulate the rest of the season",
        explain=_explain_simulate_rest,
        run=_run_simulate_rest,
        shown=_season_simulable,
    ),
    Step(
        name="playoffs-start",
        label="Start the playoffs",
        explain=_explain_playoffs_start,
        run=_run_playoffs_start,
        shown=lambda s: (
            not s.is_tournament and s.status == Season.Status.ACTIVE and s.playoff_teams >= 2
        ),
    ),
    KNOCKOUT_START_STEP,
    Step(
        name="playoffs-advance",
        label=lambda s: "Advance the knockout" if s.is_tournament else "Advance the playoffs",
        explain=_explain_playoffs_advance,
        run=_run_playoffs_advance,
        shown=lambda s: s.status == Season.Status.PLAYOFFS and not s.champion_id,
    ),
    Step(
        name="close",
        label=lambda s: "Finish the tournament" if s.is_tournament else "Close the season",
        explain=_explain_close,
        run=_run_close,
        shown=lambda s: (
            (s.status == Season.Status.ACTIVE and _won_on_the_table(s))
            or (s.status == Season.Status.PLAYOFFS and bool(s.champion_id))
        ),
        destructive=True,
    ),
    Step(
        name="rollover",
        label="Roll over into a new season",
        explain=_explain_rollover,
        run=_run_rollover,
        form=_rollover_form,
        shown=lambda s: (
            not s.is_tournament and s.status in (Season.Status.FINISHED, Season.Status.ARCHIVED)
        ),
    ),
    Step(
        name="archive",
        label="Archive the season",
        explain=lambda s: [f"{s} is archived: it stays readable and nothing in it changes."],
        run=_run_transition(Season.Status.ARCHIVED),
        shown=_is(Season.Status.FINISHED),
    ),
)
_SEASON_STEP = {step.name: step for step in SEASON_STEPS}


def _job_score(job: Any) -> str:
    """The score of a succeeded job (annotated on the row), else nothing."""
    if job.state != SimulationJob.State.SUCCEEDED or job.home_score is None:
        return ""
    return f"{job.home_score}–{job.away_score}"


def simulation_jobs_context(season: Season) -> dict[str, Any]:
    """The season's simulation jobs for the refreshing panel: the latest 40, their counts by
    state, and whether any is still live (the panel polls while one is). Failed jobs show
    until retried or dismissed, and not at all once the season is over. Two queries."""
    jobs_of_season = SimulationJob.objects.filter(
        fixture__round__season=season, dismissed_at__isnull=True
    )
    if season.status not in (Season.Status.ACTIVE, Season.Status.PLAYOFFS):
        jobs_of_season = jobs_of_season.filter(state=SimulationJob.State.SUCCEEDED)
    counts = jobs_of_season.aggregate(
        **{state.value: Count("id", filter=Q(state=state.value)) for state in SimulationJob.State}
    )
    jobs = list(
        jobs_of_season.select_related(
            "fixture__home_team", "fixture__away_team", "fixture__round__season"
        )
        .annotate(
            home_score=F("fixture__result__home_score"),
            away_score=F("fixture__result__away_score"),
        )
        .order_by("-created_at", "-id")[:40]
    )
    rows = [
        {
            "job": job,
            "url": admin_url(job),
            "badge": _job_badge(job),
            "bar": progress_bar(job),
            "score": _job_score(job),
            "note": job.waiting_reason or job.error,
            "actions": [
                (
                    step.label_for(job),
                    reverse("admin:games_simulationjob_step", args=[job.pk, step.name]),
                )
                for step in JOB_STEPS
                if step.shown(job)
            ],
        }
        for job in jobs
    ]
    live = sum(counts[state] for state in _LIVE_JOBS)
    return {
        "season": season,
        "jobs": rows,
        "counts": [(state.label, counts[state.value]) for state in SimulationJob.State],
        "live": live,
        "jobs_url": changelist_url(SimulationJob, fixture__round__season__id__exact=season.pk),
    }


class SeasonOrTournamentForm(SeasonAdminForm):
    """The season's form, with a tournament's shape checked as its service checks it."""

    class Meta(SeasonAdminForm.Meta):
        fields = (
            *SeasonAdminForm.Meta.fields,
            "format",
            "group_count",
            "group_qualifiers",
            "counts_for_careers",
        )

    #: Optional on the add page (a league season needs none of them): left out, the
    #: model's default.
    OPTIONAL = ("format", "group_count", "group_qualifiers", "days_between_rounds")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in self.OPTIONAL:
            if name in self.fields:
                self.fields[name].required = False

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        for name in self.OPTIONAL:
            if name in self.fields and cleaned.get(name) in (None, ""):
                field = Season._meta.get_field(name)
                assert isinstance(field, models.Field)
                cleaned[name] = field.get_default()
        if self.instance._state.adding and cleaned.get("format") == Season.Format.TOURNAMENT:
            errors = tournament_format_errors(
                cleaned.get("group_count") or 0, cleaned.get("group_qualifiers") or 0
            )
            for name, message in errors.items():
                self.add_error(name, message)
        return cleaned


def _tables(season: Season) -> list[tuple[str, list[Any]]]:
    """The control room's tables: a tournament's, one per group once drawn; else one."""
    rows = list(standings_for_season(season=season).select_related("group"))
    if season.is_tournament and any(row.group_id for row in rows):
        rows.sort(key=lambda row: row.group.number if row.group else 0)  # stable: by position
        tables: dict[str, list[Any]] = {}
        for row in rows:
            tables.setdefault(str(row.group or "Not drawn"), []).append(row)
        return list(tables.items())
    return [("Standings", rows)] if rows else []


@admin.register(Season)
class SeasonAdmin(LeagueModelAdmin):
    """A season's set-up (its settings and rules, frozen once it starts) and its control
    room: the next steps, the rounds, the simulations in progress and the table."""

    form = SeasonOrTournamentForm
    list_display = (
        "name",
        "league",
        "format",
        "status_badge",
        "team_count",
        "round_count",
        "starts_on",
        "champion",
    )
    list_filter = ("format", "status", ("league", LeagueListFilter), "double_round_robin")
    search_fields = ("name", "league__name")
    list_select_related = ("league", "champion")
    date_hierarchy = "starts_on"
    ordering = ("league__name", "-created_at")
    autocomplete_fields = ("league",)
    steps = SEASON_STEPS
    actions = (
        as_action(_SEASON_STEP["schedule"], "Generate the schedule of the selected seasons"),
        as_action(_SEASON_STEP["start"], "Start the selected draft seasons (freezes their rules)"),
        as_action(_SEASON_STEP["close"], "Close the selected seasons"),
        as_action(_SEASON_STEP["archive"], "Archive the selected finished seasons"),
    )
    delete_refusal = (
        "{name} is kept for the record: its teams' rolls in the dice ledger and the audit log "
        "refer to it. Archive it once it is finished."
    )

    add_fieldsets = (
        (
            None,
            {
                "fields": ("league", "name", "starts_on", "double_round_robin"),
                "description": "The new season is a draft. Its rules are copied from the "
                "league's latest season (or the defaults); you review them next, then add "
                "its teams and generate its schedule.",
            },
        ),
        (
            "Tournament",
            {
                "fields": (
                    "format",
                    "group_count",
                    "group_qualifiers",
                    "days_between_rounds",
                    "counts_for_careers",
                ),
                "description": "For a tournament: a fixed field of league and guest teams, "
                "a round robin in groups of 3 to 6 and/or a seeded knockout. The groups "
                "times the qualifiers make the bracket: 2, 4, 8, 16 or 32 teams.",
            },
        ),
    )
    change_fieldsets = (
        (
            None,
            {
                "fields": ("league", "name", "slug", "status"),
                "description": "The status moves with the steps above: generate the "
                "schedule, start (which freezes the settings and rules), open rounds, "
                "simulate, playoffs, close, roll over.",
            },
        ),
        (
            "Schedule and playoffs",
            {
                "fields": (
                    "starts_on",
                    "double_round_robin",
                    "days_between_rounds",
                    "playoff_teams",
                    "schedule_seed",
                )
            },
        ),
        (
            "Tournament",
            {
                "fields": (
                    "format",
                    "group_count",
                    "group_qualifiers",
                    "draw_seed",
                    "counts_for_careers",
                )
            },
        ),
        ("Outcome", {"fields": ("champion", "started_at", "finished_at", "created_at")}),
    )

    def get_fieldsets(self, request: HttpRequest, obj: Season | None = None) -> Any:
        if obj is None:
            return self.add_fieldsets
        if obj.is_tournament:
            return self.change_fieldsets
        return tuple(f for f in self.change_fieldsets if f[0] != "Tournament")

    def get_readonly_fields(self, request: HttpRequest, obj: Season | None = None) -> Any:
        if obj is None:
            return ()
        # The status, seed and champion move only through the steps; a season stays in its
        # league; its settings are frozen with its rules once it starts.
        fixed: tuple[str, ...] = (
            "league",
            "slug",
            "status",
            "schedule_seed",
            "champion",
            "started_at",
            "finished_at",
            "created_at",
            # A season's format and a tournament's shape are chosen when it is created.
            "format",
            "group_count",
            "group_qualifiers",
            "draw_seed",
            "counts_for_careers",
        )
        if obj.rules_frozen:
            fixed += ("name", "starts_on", "double_round_robin", "days_between_rounds")
            fixed += ("playoff_teams",)
        return fixed

    def get_inlines(self, request: HttpRequest, obj: Season | None) -> list[Any]:
        return [] if obj is None else [SeasonRulesInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Season]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                team_count=Count("standings", distinct=True),
                round_count=Count("rounds", distinct=True),
            )
        )

    @admin.display(description="Status", ordering="status")
    def status_badge(self, obj: Season) -> str:
        return badge_html(obj.status, obj.get_status_display())

    @admin.display(description="Teams", ordering="team_count")
    def team_count(self, obj: Any) -> int:
        return int(obj.team_count)

    @admin.display(description="Rounds", ordering="round_count")
    def round_count(self, obj: Any) -> int:
        return int(obj.round_count)

    def save_model(self, request: HttpRequest, obj: Season, form: Any, change: bool) -> None:
        data = form.cleaned_data
        if change:
            # The form has checked the fields; the service saves them (refusing a change of
            # format once the season has started) and writes the audit.
            changes = {
                name: data[name]
                for name in form.changed_data
                if name in league_services.SEASON_EDITABLE
            }
            league_services.season_update(season=obj, actor=request.user, changes=changes)
            return
        if data.get("format") == Season.Format.TOURNAMENT:
            adopt(
                obj,
                tournament_create(
                    league=data["league"],
                    name=data["name"],
                    actor=request.user,
                    starts_on=data["starts_on"],
                    double_round_robin=data["double_round_robin"],
                    days_between_rounds=data["days_between_rounds"],
                    group_count=data["group_count"],
                    group_qualifiers=data["group_qualifiers"],
                    counts_for_careers=data["counts_for_careers"],
                ),
            )
            return
        season = league_services.season_create(
            league=data["league"],
            name=data["name"],
            actor=request.user,
            starts_on=data["starts_on"],
            double_round_robin=data["double_round_robin"],
            **{
                name: data[name]
                for name in ("days_between_rounds", "playoff_teams")
                if name in data
            },
        )
        adopt(obj, season)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        if formset.model is not SeasonRules:
            super().save_formset(request, form, formset, change)
            return
        # Rule changes go through the service: it refuses frozen rules and writes the audit.
        # The lists formset.save() would fill feed the admin's own change message.
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        for rules_form in formset.forms:
            changes = rule_changes(rules_form) if rules_form.has_changed() else {}
            if changes and _update_rules(request, form.instance, changes):
                formset.changed_objects.append((rules_form.instance, list(changes)))

    def response_add(
        self, request: HttpRequest, obj: Season, post_url_continue: str | None = None
    ) -> HttpResponse:
        response = super().response_add(request, obj, post_url_continue)
        if "_addanother" in request.POST or IS_POPUP_VAR in request.POST:
            return response
        # Straight on to the new season's rules, which were copied rather than chosen.
        return HttpResponseRedirect(reverse("admin:league_season_change", args=[obj.pk]))

    # The control room.

    def get_urls(self) -> list[URLPattern]:
        room = path(
            "<path:object_id>/control-room/",
            self.admin_site.admin_view(self.control_room_view),
            name="league_season_control_room",
        )
        return [room, *super().get_urls()]

    def control_room_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The control room alone, for the season's page to poll while simulations run."""
        season = self.get_object(request, unquote(object_id))
        if season is None:
            return HttpResponse(status=404)
        context = {**self.change_page_context(request, season), "fragment": True}
        return TemplateResponse(request, "admin/includes/season_control_room.html", context)

    def change_page_context(self, request: HttpRequest, obj: Season) -> dict[str, Any]:
        rounds = list(
            obj.rounds.annotate(
                total=Count("fixtures"),
                played=Count("fixtures", filter=Q(fixtures__status=Fixture.Status.PLAYED)),
                ready=Count("fixtures", filter=Q(fixtures__status=Fixture.Status.READY)),
                waiting=Count("fixtures", filter=Q(fixtures__status=Fixture.Status.INSPECTIONS)),
                simulating=Count("fixtures", filter=Q(fixtures__status=Fixture.Status.SIMULATING)),
            ).order_by("number")
        )
        pending = Inspection.objects.filter(
            fixture__round__season=obj, decision=Inspection.Decision.PENDING
        ).count()
        simulations = simulation_jobs_context(obj)
        return {
            "step_buttons": [],  # The control room shows them, with what each does.
            "room": {
                "season": obj,
                "steps": self.step_buttons(request, obj),
                "rounds": [
                    {
                        "round": round_,
                        "url": admin_url(round_),
                        "badge": badge_html(
                            {"open": "active", "complete": "finished"}.get(round_.status, "draft"),
                            round_.get_status_display(),
                        ),
                        "fixtures_url": changelist_url(Fixture, round=round_.pk),
                    }
                    for round_ in rounds
                ],
                "pending": pending,
                "pending_url": changelist_url(
                    Inspection,
                    decision__exact=Inspection.Decision.PENDING,
                    fixture__round__season__id__exact=obj.pk,
                ),
                "tables": _tables(obj),
                "add_team_url": f"{reverse('admin:league_team_add')}?season={obj.pk}",
                "ledger_url": changelist_url(DiceRoll, season__id__exact=obj.pk),
                "audit_url": changelist_url(AuditEntry, league__id__exact=obj.league_id),
                "status_badge": badge_html(obj.status, obj.get_status_display()),
                "poll_url": reverse("admin:league_season_control_room", args=[obj.pk]),
                "live": simulations["live"],
                "short_handed": admin_lineups.season_short_handed(obj)
                if obj.status in (Season.Status.ACTIVE, Season.Status.PLAYOFFS)
                else [],
            },
            "simulations": simulations,
        }


# --- Rounds ------------------------------------------------------------------------------------


def _explain_round_open(round_: Round) -> list[str]:
    fixtures = _fixtures_of(round_)
    lines = [
        f"{round_} of {round_.season}{_round_date(round_)} opens: "
        f"{plural(len(fixtures), 'fixture')}: {_names(fixtures)}."
    ]
    if round_.season.rules.enhancements:
        lines.append(
            "Every fitted enhancement of a player who may take the field is inspected (M-E2), "
            "each roll in the dice ledger; a fixture with a detection waits for its decision, "
            "the others become ready to play."
        )
    lines.append("Refused unless the earlier rounds are open and the season is running.")
    return lines + admin_lineups.round_warnings(round_)


def _explain_round_simulate(round_: Round) -> list[str]:
    return [f"{round_} of {round_.season}:", *_simulation_lines(_fixtures_of(round_))]


def _run_round_simulate(request: HttpRequest, round_: Round, form: Any) -> StepDone:
    batch = simulation_request_round(round_=round_, actor=request.user)
    return StepDone(_batch_message(batch, str(round_)), _season_jobs_url(round_.season))


ROUND_STEPS = (
    Step(
        name="open",
        label="Open the round",
        explain=_explain_round_open,
        run=lambda request, round_, form: _open(request, round_),
        shown=lambda r: r.status == Round.Status.SCHEDULED,
    ),
    Step(
        name="simulate",
        label="Simulate the round",
        explain=_explain_round_simulate,
        run=_run_round_simulate,
        shown=lambda r: (
            r.status == Round.Status.OPEN
            and r.season.status in (Season.Status.ACTIVE, Season.Status.PLAYOFFS)
        ),
    ),
)


class FixtureInline(ReadOnlyTabularInline):
    model = Fixture
    fields = ("home_team", "away_team", "status", "kickoff")
    show_change_link = True

    def get_queryset(self, request: HttpRequest) -> QuerySet[Fixture]:
        return super().get_queryset(request).select_related("home_team", "away_team")


@admin.register(Round)
class RoundAdmin(LeagueModelAdmin):
    """Rounds come from the schedule generator (and the playoffs); here they are opened and
    simulated, and only their date and stage are edited."""

    league_path = "season__league"
    list_display = (
        "__str__",
        "season",
        "stage",
        "status",
        "starts_on",
        "fixture_count",
        "played_count",
        "waiting_count",
    )
    list_filter = (
        "stage",
        "status",
        ("season__league", LeagueListFilter),
        ("season", SeasonListFilter),
    )
    search_fields = ("season__name", "season__league__name")
    list_select_related = ("season__league",)
    date_hierarchy = "starts_on"
    ordering = ("season__league__name", "-season__created_at", "number")
    fields = ("season", "number", "stage", "status", "starts_on", "opened_at")
    readonly_fields = ("season", "number", "stage", "status", "opened_at")
    inlines = (FixtureInline,)
    steps = ROUND_STEPS
    actions = (
        as_action(ROUND_STEPS[0], "Open the selected rounds (rolls their inspections)"),
        as_action(ROUND_STEPS[1], "Simulate the ready fixtures of the selected rounds"),
    )
    delete_refusal = (
        "{name} comes from the schedule: regenerate the schedule (before any round opens) "
        "to change the rounds."
    )
    add_refusal = (
        "Rounds come from the season's schedule (its Generate the schedule step) and from "
        "the playoffs."
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Round]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                fixture_count=Count("fixtures"),
                played=Count("fixtures", filter=Q(fixtures__status=Fixture.Status.PLAYED)),
                waiting=Count("fixtures", filter=Q(fixtures__status=Fixture.Status.INSPECTIONS)),
            )
        )

    @admin.display(description="Fixtures", ordering="fixture_count")
    def fixture_count(self, obj: Any) -> int:
        return int(obj.fixture_count)

    @admin.display(description="Played", ordering="played")
    def played_count(self, obj: Any) -> int:
        return int(obj.played)

    @admin.display(description="Awaiting a decision", ordering="waiting")
    def waiting_count(self, obj: Any) -> int:
        return int(obj.waiting)


# --- Fixtures ----------------------------------------------------------------------------------


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
    job = simulation_request(fixture=fixture, actor=request.user)
    return StepDone(job_requested_message(job), _season_jobs_url(fixture.round.season))


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
    return StepDone(f"{fixture}: {_score(result)} recorded.", admin_url(result))


FIXTURE_STEPS = (
    Step(
        name="simulate",
        label="Simulate this fixture",
        explain=_explain_fixture_simulate,
        run=_run_fixture_simulate,
        shown=lambda f: (
            f.status in _SIMULABLE
            and f.round.season.status in (Season.Status.ACTIVE, Season.Status.PLAYOFFS)
            and not f.simulation_jobs.filter(state__in=_LIVE_JOBS).exists()
        ),
    ),
    Step(
        name="record",
        label="Record a result",
        explain=_explain_record,
        run=_run_record,
        form=_result_form_for_new,
        shown=lambda f: f.status == Fixture.Status.READY,
        template="admin/games/result_form.html",
    ),
)


@admin.register(Fixture)
class FixtureAdmin(LeagueModelAdmin):
    """Fixtures come from the schedule generator; here they are simulated or given a result,
    and only the kick-off time is edited."""

    league_path = "round__season__league"
    list_display = (
        "__str__",
        "season",
        "round_number",
        "status_badge",
        "score",
        "pending_decisions",
        "kickoff",
    )
    list_filter = (
        "status",
        ("round__season__league", LeagueListFilter),
        ("round__season", SeasonListFilter),
        "round__stage",
        ("round__number", admin.AllValuesFieldListFilter),
        object_filter("round", Round, "round"),
    )
    search_fields = (
        "home_team__name",
        "away_team__name",
        "home_team__short_name",
        "away_team__short_name",
    )
    list_select_related = ("round__season__league", "home_team", "away_team")
    date_hierarchy = "kickoff"
    ordering = ("round__season__league__name", "-round__season__created_at", "round__number", "id")
    fields = ("round", "home_team", "away_team", "status", "kickoff", "updated_at", "records")
    readonly_fields = ("round", "home_team", "away_team", "status", "updated_at", "records")
    steps = FIXTURE_STEPS
    actions = (as_action(FIXTURE_STEPS[0], "Simulate the selected fixtures"),)
    add_refusal = (
        "Fixtures come from the season's schedule (its Generate the schedule step) and from "
        "the playoffs."
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def delete_refusal_for(self, obj: Fixture) -> str:
        if obj.status == Fixture.Status.PLAYED:
            return (
                f"{obj} has been played, so it cannot be deleted: its result, stat lines, "
                "injuries and rolls refer to it. Void its result (on the result's page) if "
                "it should not count; the fixture stays in the schedule."
            )
        return (
            f"{obj} comes from the schedule, so it is not deleted by hand: regenerate the "
            "schedule (before any round opens) to change the fixtures."
        )

    def get_queryset(self, request: HttpRequest) -> QuerySet[Fixture]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                home_score=F("result__home_score"),
                away_score=F("result__away_score"),
                pending=Count(
                    "inspections", filter=Q(inspections__decision=Inspection.Decision.PENDING)
                ),
            )
        )

    @admin.display(description="Season", ordering="round__season")
    def season(self, obj: Fixture) -> Season:
        return obj.round.season

    @admin.display(description="Round", ordering="round__number")
    def round_number(self, obj: Fixture) -> int:
        return obj.round.number

    @admin.display(description="Status", ordering="status")
    def status_badge(self, obj: Fixture) -> str:
        return _fixture_badge(obj)

    @admin.display(description="Score")
    def score(self, obj: Any) -> str:
        home = getattr(obj, "home_score", None)
        return "—" if home is None else f"{home}–{obj.away_score}"

    @admin.display(description="Decisions pending", ordering="pending")
    def pending_decisions(self, obj: Any) -> str:
        count = int(getattr(obj, "pending", 0))
        if not count:
            return "—"
        return format_html(
            '<a href="{}">{}</a>',
            changelist_url(Inspection, fixture=obj.pk, decision__exact="pending"),
            count,
        )

    @admin.display(description="Records")
    def records(self, obj: Fixture) -> str:
        links = [
            ("Its rolls in the dice ledger", changelist_url(DiceRoll, fixture=obj.pk)),
            ("Inspections", changelist_url(Inspection, fixture=obj.pk)),
            ("Simulation jobs", changelist_url(SimulationJob, fixture=obj.pk)),
        ]
        result = Result.objects.filter(fixture=obj).first()
        if result is not None:
            links.insert(0, (f"Result {_score(result)}", admin_url(result)))
        return format_html_join(" · ", '<a href="{}">{}</a>', ((url, text) for text, url in links))

    def step_buttons(self, request: HttpRequest, obj: Fixture) -> list[dict[str, Any]]:
        buttons = super().step_buttons(request, obj)
        result = Result.objects.filter(fixture=obj).first()
        result_admin = self.admin_site._registry[Result]
        if result is not None and isinstance(result_admin, LeagueModelAdmin):
            buttons += result_admin.step_buttons(request, result)
        return buttons

    def change_page_context(self, request: HttpRequest, obj: Fixture) -> dict[str, Any]:
        return {
            "panels": [
                ("Line-ups (M-P3)", admin_lineups.lineups_panel(obj)),
                ("Result history (audit log)", result_history(obj)),
            ]
        }


# --- Inspections -------------------------------------------------------------------------------


def _inspector(inspection: Inspection) -> Team:
    fixture = inspection.fixture
    owner = inspection.enhancement.player.team_id
    return fixture.away_team if owner == fixture.home_team_id else fixture.home_team


def _explain_decision(allow: bool) -> Any:
    def explain(inspection: Inspection) -> list[str]:
        enhancement = inspection.enhancement
        inspector = _inspector(inspection)
        coach = inspector.coach.get_username() if inspector.coach else "no coach"
        lines = [
            f"In {inspection.fixture}, {inspection.enhancement.player.name}'s "
            f"{enhancement.get_kind_display()} was detected (d10 {inspection.owner_roll} against "
            f"{inspection.inspector_roll}). You decide for {inspector}'s coach ({coach}).",
        ]
        if allow:
            lines.append("It is allowed for this match only; it is inspected again next time.")
        else:
            lines.append("It is banned: removed from the player for good (M-E2).")
        lines.append(
            "When no detection of the fixture awaits a decision any more, it is ready to play."
        )
        return lines

    return explain


def _run_decision(allow: bool) -> Any:
    def run(request: HttpRequest, inspection: Inspection, form: Any) -> StepDone:
        decided = inspection_decide(inspection=inspection, allow=allow, actor=request.user)
        return StepDone(f"{decided}.")

    return run


INSPECTION_STEPS = (
    Step(
        name="allow",
        label="Allow for this match",
        explain=_explain_decision(allow=True),
        run=_run_decision(allow=True),
        shown=lambda i: i.decision == Inspection.Decision.PENDING,
    ),
    Step(
        name="ban",
        label="Ban the enhancement",
        explain=_explain_decision(allow=False),
        run=_run_decision(allow=False),
        shown=lambda i: i.decision == Inspection.Decision.PENDING,
        destructive=True,
    ),
)


@admin.register(Inspection)
class InspectionAdmin(ReadOnlyAdmin):
    """Pre-game inspections (M-E2): only a higher opposing d10 detects. A detection awaits
    the opposing coach's decision, which a commissioner may take for him here."""

    read_only_reason = (
        "Inspections are rolled when a round opens (M-E2). A pending detection is decided "
        "with the buttons above, for the opposing coach."
    )
    league_path = "fixture__round__season__league"
    list_display = (
        "fixture",
        "player",
        "owner",
        "kind",
        "owner_roll",
        "inspector_roll",
        "decision_badge",
        "decider",
        "decided_by",
        "decided_at",
    )
    list_filter = (
        "decision",
        "enhancement__kind",
        ("fixture__round__season", SeasonListFilter),
        object_filter("fixture", Fixture, "fixture"),
    )
    search_fields = ("enhancement__player__name", "enhancement__player__team__name")
    list_select_related = (*_FIXTURE_TEAMS, "enhancement__player__team", "decided_by")
    date_hierarchy = "created_at"
    ordering = ("-created_at", "id")
    steps = INSPECTION_STEPS
    actions = (
        as_action(INSPECTION_STEPS[0], "Allow the selected detections for their match"),
        as_action(INSPECTION_STEPS[1], "Ban the selected detected enhancements"),
    )

    @admin.display(description="Player", ordering="enhancement__player__name")
    def player(self, obj: Inspection) -> Player:
        return obj.enhancement.player

    @admin.display(description="Team", ordering="enhancement__player__team__name")
    def owner(self, obj: Inspection) -> Team:
        return obj.enhancement.player.team

    @admin.display(description="Decided for the coach of")
    def decider(self, obj: Inspection) -> Team:
        return _inspector(obj)

    @admin.display(description="Enhancement", ordering="enhancement__kind")
    def kind(self, obj: Inspection) -> str:
        return obj.enhancement.get_kind_display()

    @admin.display(description="Decision", ordering="decision")
    def decision_badge(self, obj: Inspection) -> str:
        state = {
            Inspection.Decision.PENDING: "picks_due",
            Inspection.Decision.BANNED: "injured",
            Inspection.Decision.ALLOWED: "active",
        }.get(Inspection.Decision(obj.decision), "draft")
        return badge_html(state, obj.get_decision_display())


# --- Results -----------------------------------------------------------------------------------


def _explain_correct(result: Result) -> list[str]:
    return [
        f"The result of {result.fixture} ({_score(result)}) is replaced by the one below; "
        "blank means zero.",
        "Everything it caused is recomputed: season lines and career games, statuses (M-P5), "
        "the injury countdown and the standings. Players no longer Incapacitated lose the "
        "injury it gave them; newly Incapacitated players are rolled for (M-I1, M-I2).",
        "The audit log keeps the result before and after.",
    ]


def _run_correct(request: HttpRequest, result: Result, form: ResultForm) -> StepDone:
    before = _score(result)
    corrected = result_correct(result=result, report=form.report(), actor=request.user)
    return StepDone(
        f"{corrected.fixture} is now {_score(corrected)} (was {before}); everything it caused "
        "has been recomputed. The before and after are below."
    )


def _explain_void(result: Result) -> list[str]:
    return [
        f"The result of {result.fixture} ({_score(result)}) is deleted, with its stat lines "
        "and events; the fixture is ready to be played again.",
        "Everything it caused is recomputed away: season lines, statuses, the injuries it "
        "gave (a career it ended resumes) and the standings. Its rolls stay in the dice "
        "ledger, which forgets nothing.",
        "The audit log keeps the result as it was.",
    ]


def _run_void(request: HttpRequest, result: Result, form: Any) -> StepDone:
    fixture = result_void(result=result, actor=request.user)
    return StepDone(
        f"The result of {fixture} is void; it is ready to play again.", admin_url(fixture)
    )


RESULT_STEPS = (
    Step(
        name="correct",
        label="Correct the result",
        explain=_explain_correct,
        run=_run_correct,
        form=_result_form_for_correction,
        destructive=True,
        template="admin/games/result_form.html",
    ),
    Step(
        name="void",
        label="Void the result",
        explain=_explain_void,
        run=_run_void,
        destructive=True,
    ),
)


class AppearanceInline(ReadOnlyTabularInline):
    model = Appearance
    fields = ("player", "team", "points")
    show_change_link = True

    def get_queryset(self, request: HttpRequest) -> QuerySet[Appearance]:
        return super().get_queryset(request).select_related("player", "team")


@admin.register(Result)
class ResultAdmin(ReadOnlyAdmin):
    read_only_reason = (
        "A result changes only through Correct or Void (buttons above): everything it caused "
        "is then recomputed, and the audit log keeps the before and after."
    )
    league_path = "fixture__round__season__league"
    list_display = (
        "fixture",
        "score",
        "overtime",
        "season",
        "round_number",
        "source",
        "reported_by",
        "recorded",
    )
    list_filter = (
        "source",
        "overtime",
        ("fixture__round__season__league", LeagueListFilter),
        ("fixture__round__season", SeasonListFilter),
    )
    search_fields = (
        "fixture__home_team__name",
        "fixture__away_team__name",
        "fixture__home_team__short_name",
        "fixture__away_team__short_name",
    )
    list_select_related = (*_FIXTURE_TEAMS, "fixture__round__season__league", "reported_by")
    date_hierarchy = "created_at"
    ordering = ("-created_at",)
    fieldsets = (
        (None, {"fields": ("fixture", "home_score", "away_score", "overtime")}),
        (
            "Record · M-D8",
            {
                "fields": (
                    "source",
                    "reported_by",
                    "seed",
                    "engine_version",
                    "created_at",
                    "updated_at",
                )
            },
        ),
    )
    inlines = (AppearanceInline,)
    steps = RESULT_STEPS

    @admin.display(description="Score")
    def score(self, obj: Result) -> str:
        return f"{obj.home_score}–{obj.away_score}"

    @admin.display(description="Season", ordering="fixture__round__season")
    def season(self, obj: Result) -> Season:
        return obj.fixture.round.season

    @admin.display(description="Round", ordering="fixture__round__number")
    def round_number(self, obj: Result) -> int:
        return obj.fixture.round.number

    @admin.display(description="Recorded", ordering="created_at")
    def recorded(self, obj: Result) -> str:
        return when(obj.created_at)

    def change_page_context(self, request: HttpRequest, obj: Result) -> dict[str, Any]:
        season = obj.fixture.round.season
        standings = format_html(
            '<p><a href="{}">The standings of {}</a> follow every change.</p>',
            admin_url(season),
            season,
        )
        return {
            "panels": [
                ("Before and after (audit log)", result_history(obj.fixture)),
                ("Standings", standings),
            ]
        }


class StatLineInline(ReadOnlyTabularInline):
    model = StatLine
    fields = ("category", "attempts", "successes")


_RESULT_TEAMS = ("result__fixture__home_team", "result__fixture__away_team")


_MATCH_RECORD = (
    "The rows of a match are written by the result service when a result is reported, "
    "simulated or corrected: correct or void the result (on its page) to change them."
)


@admin.register(LineupEntry)
class LineupEntryAdmin(ReadOnlyAdmin):
    """Who may take the field, fixed at kick-off (M-P3): the starters in their places, each
    out first-stringer replaced, and the bench."""

    read_only_reason = _MATCH_RECORD
    league_path = "fixture__round__season__league"
    list_display = ("fixture", "team", "player", "position", "starter", "place", "fill", "replaces")
    list_filter = ("starter", "fill", "position", ("fixture__round__season", SeasonListFilter))
    search_fields = ("player__name", "team__name", "team__short_name")
    list_select_related = (*_FIXTURE_TEAMS, "team", "player", "replaces")
    ordering = ("-fixture__id", "team__name", "-starter", "id")


@admin.register(LineupChoice)
class LineupChoiceAdmin(ReadOnlyAdmin):
    """Reserves the coaches named for vacant first-string places before kick-off (M-P3)."""

    read_only_reason = (
        "A coach (or you) names a reserve on the fixture's match-day page or through the "
        "API, which checks the rules and writes the audit log."
    )
    league_path = "fixture__round__season__league"
    list_display = ("fixture", "team", "place", "reserve", "chosen_by", "chosen_at")
    list_filter = (("fixture__round__season", SeasonListFilter),)
    search_fields = ("reserve__name", "team__name", "team__short_name")
    list_select_related = (*_FIXTURE_TEAMS, "team", "reserve", "chosen_by")
    ordering = ("-fixture__id", "team__name", "place")


@admin.register(Appearance)
class AppearanceAdmin(ReadOnlyAdmin):
    read_only_reason = _MATCH_RECORD
    league_path = "result__fixture__round__season__league"
    list_display = ("player", "team", "match", "points")
    list_filter = (("result__fixture__round__season", SeasonListFilter),)
    search_fields = ("player__name", "team__name", "team__short_name")
    list_select_related = ("player", "team", *_RESULT_TEAMS)
    ordering = ("-result__created_at", "team__name", "player__name")
    inlines = (StatLineInline,)

    @admin.display(description="Match", ordering="result__fixture")
    def match(self, obj: Appearance) -> Fixture:
        return obj.result.fixture


@admin.register(StatLine)
class StatLineAdmin(ReadOnlyAdmin):
    """A player's attempts and successes in one category in one match (M-P7)."""

    read_only_reason = _MATCH_RECORD
    league_path = "appearance__result__fixture__round__season__league"
    list_display = ("player", "team", "match", "category", "attempts", "successes")
    list_filter = ("category", ("appearance__result__fixture__round__season", SeasonListFilter))
    search_fields = ("appearance__player__name", "appearance__team__name")
    list_select_related = (
        "appearance__player",
        "appearance__team",
        "appearance__result__fixture__home_team",
        "appearance__result__fixture__away_team",
    )
    ordering = ("-appearance__result__created_at", "appearance__player__name", "category")

    @admin.display(description="Player", ordering="appearance__player__name")
    def player(self, obj: StatLine) -> Player:
        return obj.appearance.player

    @admin.display(description="Team", ordering="appearance__team__name")
    def team(self, obj: StatLine) -> Any:
        return obj.appearance.team

    @admin.display(description="Match")
    def match(self, obj: StatLine) -> Fixture:
        return obj.appearance.result.fixture


@admin.register(MatchEvent)
class MatchEventAdmin(ReadOnlyAdmin):
    read_only_reason = _MATCH_RECORD
    league_path = "result__fixture__round__season__league"
    list_display = ("match", "sequence", "half", "kind", "team", "player", "text")
    list_filter = ("half", "kind", ("result__fixture__round__season", SeasonListFilter))
    search_fields = ("text", "kind", "player__name", "team__name")
    list_select_related = (*_RESULT_TEAMS, "team", "player")
    ordering = ("-result__created_at", "sequence")

    @admin.display(description="Match", ordering="result__fixture")
    def match(self, obj: MatchEvent) -> Fixture:
        return obj.result.fixture


# --- Simulation jobs ---------------------------------------------------------------------------


def _run_job_cancel(request: HttpRequest, job: SimulationJob, form: Any) -> StepDone:
    simulation_cancel(job=job, actor=request.user)
    return StepDone(
        f"The simulation of {job.fixture} is cancelled; the fixture is ready to play.",
        _season_jobs_url(job.fixture.round.season),
    )


def _run_job_retry(request: HttpRequest, job: SimulationJob, form: Any) -> StepDone:
    retried = simulation_retry(job=job, actor=request.user)
    return StepDone(job_requested_message(retried), _season_jobs_url(job.fixture.round.season))


def _run_job_dismiss(request: HttpRequest, job: SimulationJob, form: Any) -> StepDone:
    simulation_dismiss(job=job, actor=request.user)
    return StepDone(
        f"The failed simulation of {job.fixture} is dismissed.",
        _season_jobs_url(job.fixture.round.season),
    )


def _job_dealt_with_later(job: SimulationJob) -> bool:
    """A failed or cancelled job not yet dealt with, in a season still running."""
    return (
        job.state in (SimulationJob.State.FAILED, SimulationJob.State.CANCELLED)
        and job.dismissed_at is None
        and job.fixture.round.season.status in (Season.Status.ACTIVE, Season.Status.PLAYOFFS)
    )


JOB_STEPS = (
    Step(
        name="retry",
        label="Retry",
        explain=lambda job: [
            f"{job.fixture} is simulated again with a new seed (M-D8); this job is dismissed.",
            f"It failed with: {job.error or 'no error recorded'}",
        ],
        run=_run_job_retry,
        shown=_job_dealt_with_later,
    ),
    Step(
        name="dismiss",
        label="Dismiss",
        explain=lambda job: [
            f"This failed simulation of {job.fixture} leaves the season's page; it stays "
            "in the list of simulation jobs. The fixture stays ready to play or report.",
        ],
        run=_run_job_dismiss,
        shown=_job_dealt_with_later,
    ),
    Step(
        name="cancel",
        label="Cancel",
        explain=lambda job: [
            f"The simulation of {job.fixture} will not run; the fixture stays to be "
            "played, reported or simulated later.",
        ],
        run=_run_job_cancel,
        shown=lambda job: job.state in (SimulationJob.State.WAITING, SimulationJob.State.QUEUED),
        destructive=True,
    ),
)


@admin.register(SimulationJob)
class SimulationJobAdmin(ReadOnlyAdmin):
    """Queued by the simulate steps, run by the Celery workers (games/jobs.py). The list
    refreshes itself while a job is queued or running."""

    read_only_reason = (
        "Simulation jobs are queued by the simulate steps and run by the workers; their "
        "state and progress are theirs to write."
    )
    league_path = "fixture__round__season__league"
    list_display = (
        "fixture",
        "state_badge",
        "progress_shown",
        "note",
        "score",
        "attempts",
        "requested_by",
        "queued",
        "started_at",
        "finished_at",
        "worker",
    )
    list_filter = (
        "state",
        ("fixture__round__season", SeasonListFilter),
        object_filter("fixture", Fixture, "fixture"),
    )
    search_fields = ("fixture__home_team__name", "fixture__away_team__name", "worker", "error")
    list_select_related = (*_FIXTURE_TEAMS, "requested_by", "fixture__round__season")
    date_hierarchy = "created_at"
    ordering = ("-created_at",)
    fieldsets = (
        (
            None,
            {"fields": ("fixture", "state", "waiting_reason", "progress", "attempts", "error")},
        ),
        ("Reproduction · M-D8", {"fields": ("seed", "engine_version")}),
        (
            "Run",
            {
                "fields": (
                    "requested_by",
                    "worker",
                    "created_at",
                    "queued_at",
                    "sent_at",
                    "started_at",
                    "heartbeat_at",
                    "finished_at",
                    "dismissed_at",
                )
            },
        ),
    )
    steps = JOB_STEPS

    def get_queryset(self, request: HttpRequest) -> QuerySet[SimulationJob]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                home_score=F("fixture__result__home_score"),
                away_score=F("fixture__result__away_score"),
            )
        )

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        live = self.get_queryset(request).filter(state__in=_LIVE_JOBS).exists()
        return super().changelist_view(request, {"live_jobs": live, **(extra_context or {})})

    @admin.display(description="State", ordering="state")
    def state_badge(self, obj: SimulationJob) -> str:
        return _job_badge(obj)

    @admin.display(description="Progress", ordering="progress")
    def progress_shown(self, obj: SimulationJob) -> str:
        return progress_bar(obj)

    @admin.display(description="Score")
    def score(self, obj: Any) -> str:
        return _job_score(obj) or "—"

    @admin.display(description="Waits for / error")
    def note(self, obj: SimulationJob) -> str:
        return obj.waiting_reason or obj.error or "—"

    @admin.display(description="Queued", ordering="created_at")
    def queued(self, obj: SimulationJob) -> str:
        return when(obj.created_at)


# Registered with the rest of the games admin (admin.autodiscover imports this module only).
from games import admin_table_dice  # noqa: E402, F401
