"""Rounds of every game: opened with their step (and the game's own steps, such as a
simulation); only their date is edited."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest

from league.admin.base import LeagueModelAdmin, ReadOnlyTabularInline
from league.admin.display import round_date
from league.admin.scoping import LeagueListFilter, SeasonListFilter
from league.admin.season_steps import explain_round_open, open_round
from league.admin.steps import Step, as_action, offered, refused_now
from league.capabilities import capability
from league.capabilities.admin_season import SeasonAdminParts
from league.capabilities.simulation import Simulation
from league.models import Fixture, Round
from league.rulesets import ruleset_for
from league.services.rounds import round_open_refusal


def _explain_round_open(round_: Round) -> list[str]:
    title = f"{round_} of {round_.season}{round_date(round_)}"
    return [*explain_round_open(round_, title), *refused_now(round_open_refusal(round_=round_))]


OPEN_STEP = Step(
    name="open",
    label="Open the round",
    explain=_explain_round_open,
    run=lambda request, round_, form: open_round(request, round_),
    shown=lambda r: offered(
        round_open_refusal(round_=r), "season_not_running", "earlier_round_closed"
    ),
)


def round_steps_for(round_: Round) -> tuple[Step, ...]:
    """Opening the round, then the game's own steps (a simulation step only where the game
    simulates)."""
    ruleset = ruleset_for(round_.season.league)
    game = (
        s
        for s in capability(ruleset, SeasonAdminParts).round_admin_steps()
        if capability(ruleset, Simulation).simulates or not s.simulation
    )
    return (OPEN_STEP, *game)


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
    steps = (OPEN_STEP,)
    actions = (as_action(OPEN_STEP, "Open the selected rounds"),)
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

    def steps_for(self, obj: Round) -> tuple[Step, ...]:
        return round_steps_for(obj)

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
