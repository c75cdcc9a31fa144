"""Admin for what happens in a fixture: lineups, inspections, results with their
appearances, stat lines and events, and simulation jobs.

All of it is written by the match-day services and the simulator (results are corrected or
undone through them, so each change is audited), so the admin lists and shows only.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from games.models import (
    Appearance,
    Inspection,
    LineupEntry,
    MatchEvent,
    Result,
    SimulationJob,
    StatLine,
)
from league.admin import ReadOnlyAdmin, ReadOnlyTabularInline, SeasonListFilter, when
from league.models import Fixture, Season
from league.templatetags.league_tags import badge_html
from rosters.models import Player

_FIXTURE_TEAMS = ("fixture__home_team", "fixture__away_team")


@admin.register(LineupEntry)
class LineupEntryAdmin(ReadOnlyAdmin):
    """Who may take the field, fixed when the fixture gets ready (M-P3)."""

    list_display = ("fixture", "team", "player", "position", "starter")
    list_filter = ("starter", "position", ("fixture__round__season", SeasonListFilter))
    search_fields = ("player__name", "team__name", "team__short_name")
    list_select_related = (*_FIXTURE_TEAMS, "team", "player")
    ordering = ("-fixture__id", "team__name", "-starter", "id")


@admin.register(Inspection)
class InspectionAdmin(ReadOnlyAdmin):
    """Pre-game inspections (M-E2): only a higher opposing d10 detects."""

    list_display = (
        "fixture",
        "player",
        "kind",
        "owner_roll",
        "inspector_roll",
        "detected",
        "decision_badge",
        "decided_by",
        "decided_at",
    )
    list_filter = ("decision", "enhancement__kind", ("fixture__round__season", SeasonListFilter))
    search_fields = ("enhancement__player__name", "enhancement__player__team__name")
    list_select_related = (*_FIXTURE_TEAMS, "enhancement__player", "decided_by")
    date_hierarchy = "created_at"
    ordering = ("-created_at", "id")

    @admin.display(description="Player", ordering="enhancement__player__name")
    def player(self, obj: Inspection) -> Player:
        return obj.enhancement.player

    @admin.display(description="Enhancement", ordering="enhancement__kind")
    def kind(self, obj: Inspection) -> str:
        return obj.enhancement.get_kind_display()

    @admin.display(description="Detected", boolean=True)
    def detected(self, obj: Inspection) -> bool:
        return obj.detected

    @admin.display(description="Decision", ordering="decision")
    def decision_badge(self, obj: Inspection) -> str:
        state = {
            Inspection.Decision.PENDING: "picks_due",
            Inspection.Decision.BANNED: "injured",
            Inspection.Decision.ALLOWED: "active",
        }.get(Inspection.Decision(obj.decision), "draft")
        return badge_html(state, obj.get_decision_display())


class AppearanceInline(ReadOnlyTabularInline):
    model = Appearance
    fields = ("player", "team", "points")
    show_change_link = True

    def get_queryset(self, request: HttpRequest) -> QuerySet[Appearance]:
        return super().get_queryset(request).select_related("player", "team")


@admin.register(Result)
class ResultAdmin(ReadOnlyAdmin):
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
        "fixture__round__season__league",
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


class StatLineInline(ReadOnlyTabularInline):
    model = StatLine
    fields = ("category", "attempts", "successes")


_RESULT_TEAMS = ("result__fixture__home_team", "result__fixture__away_team")


@admin.register(Appearance)
class AppearanceAdmin(ReadOnlyAdmin):
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
    list_display = ("match", "sequence", "half", "kind", "team", "player", "text")
    list_filter = ("half", "kind", ("result__fixture__round__season", SeasonListFilter))
    search_fields = ("text", "kind", "player__name", "team__name")
    list_select_related = (*_RESULT_TEAMS, "team", "player")
    ordering = ("-result__created_at", "sequence")

    @admin.display(description="Match", ordering="result__fixture")
    def match(self, obj: MatchEvent) -> Fixture:
        return obj.result.fixture


@admin.register(SimulationJob)
class SimulationJobAdmin(ReadOnlyAdmin):
    list_display = (
        "fixture",
        "state_badge",
        "progress_shown",
        "attempts",
        "requested_by",
        "queued",
        "started_at",
        "finished_at",
        "worker",
    )
    list_filter = ("state", ("fixture__round__season", SeasonListFilter))
    search_fields = ("fixture__home_team__name", "fixture__away_team__name", "worker", "error")
    list_select_related = (*_FIXTURE_TEAMS, "requested_by")
    date_hierarchy = "created_at"
    ordering = ("-created_at",)
    fieldsets = (
        (None, {"fields": ("fixture", "state", "progress", "attempts", "error")}),
        ("Reproduction · M-D8", {"fields": ("seed", "engine_version")}),
        (
            "Run",
            {"fields": ("requested_by", "worker", "created_at", "started_at", "finished_at")},
        ),
    )

    @admin.display(description="State", ordering="state")
    def state_badge(self, obj: SimulationJob) -> str:
        state = {
            SimulationJob.State.QUEUED: "draft",
            SimulationJob.State.RUNNING: "active",
            SimulationJob.State.SUCCEEDED: "finished",
            SimulationJob.State.FAILED: "injured",
        }[SimulationJob.State(obj.state)]
        return badge_html(state, obj.get_state_display())

    @admin.display(description="Progress", ordering="progress")
    def progress_shown(self, obj: SimulationJob) -> str:
        return f"{obj.progress} %"

    @admin.display(description="Queued", ordering="created_at")
    def queued(self, obj: SimulationJob) -> str:
        return when(obj.created_at)
