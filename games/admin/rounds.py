"""Rounds: opened and simulated with their steps; only their date is edited."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest

from games.admin import lineups as admin_lineups
from games.admin.display import fixtures_of, name_list, round_date
from games.admin.season_steps import open_round
from games.admin.simulations import batch_message, season_jobs_url, simulation_lines
from games.jobs import simulation_request_round, simulation_round_refusal
from games.matchday import round_open_refusal
from league.admin.base import LeagueModelAdmin, ReadOnlyTabularInline
from league.admin.display import plural
from league.admin.scoping import LeagueListFilter, SeasonListFilter
from league.admin.steps import Step, StepDone, as_action, offered, refused_now
from league.models import Fixture, Round


def _explain_round_open(round_: Round) -> list[str]:
    fixtures = fixtures_of(round_)
    lines = [
        f"{round_} of {round_.season}{round_date(round_)} opens: "
        f"{plural(len(fixtures), 'fixture')}: {name_list(fixtures)}."
    ]
    if round_.season.rules.enhancements:
        lines.append(
            "Every fitted enhancement of a player who may take the field is inspected (M-E2), "
            "each roll in the dice ledger; a fixture with a detection waits for its decision, "
            "the others become ready to play."
        )
    lines += refused_now(round_open_refusal(round_=round_))
    return lines + admin_lineups.round_warnings(round_)


def _explain_round_simulate(round_: Round) -> list[str]:
    return [f"{round_} of {round_.season}:", *simulation_lines(fixtures_of(round_))]


def _run_round_simulate(request: HttpRequest, round_: Round, form: Any) -> StepDone:
    batch = simulation_request_round(round_=round_, actor=request.user)
    return StepDone(batch_message(batch, str(round_)), season_jobs_url(round_.season))


ROUND_STEPS = (
    Step(
        name="open",
        label="Open the round",
        explain=_explain_round_open,
        run=lambda request, round_, form: open_round(request, round_),
        shown=lambda r: offered(
            round_open_refusal(round_=r), "season_not_running", "earlier_round_closed"
        ),
    ),
    Step(
        name="simulate",
        label="Simulate the round",
        explain=_explain_round_simulate,
        run=_run_round_simulate,
        # Offered while the round is open: a complete one has nothing left to simulate.
        shown=lambda r: (
            r.status == Round.Status.OPEN and simulation_round_refusal(round_=r) is None
        ),
    ),
)


class FixtureInline(ReadOnlyTabularInline[Fixture, Round]):
    model = Fixture
    fields = ("home_team", "away_team", "status", "kickoff")
    show_change_link = True

    def get_queryset(self, request: HttpRequest) -> QuerySet[Fixture]:
        return super().get_queryset(request).select_related("home_team", "away_team")


@admin.register(Round)
class RoundAdmin(LeagueModelAdmin[Round]):
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
