"""The stored table and a tournament's groups: read-only, computed by the services."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html

from league.admin.base import ReadOnlyAdmin
from league.admin.scoping import LeagueListFilter, SeasonListFilter
from league.models import StandingRow, TournamentGroup
from league.templatetags.league_tags import signed


@admin.register(StandingRow)
class StandingRowAdmin(ReadOnlyAdmin[StandingRow]):
    """The stored table: the standings service computes it from the results."""

    read_only_reason = (
        "The table is computed from the results: correct or void a result "
        "instead, and the standings follow."
    )
    league_path = "season__league"
    list_display = (
        "season",
        "position",
        "team_name",
        "played",
        "won",
        "won_overtime",
        "drawn",
        "lost_overtime",
        "lost",
        "score_for",
        "score_against",
        "difference",
        "points",
    )
    list_display_links = ("team_name",)
    list_filter = (("season__league", LeagueListFilter), ("season", SeasonListFilter))
    search_fields = ("team__name", "team__short_name", "season__name")
    list_select_related = ("season__league", "team")
    ordering = ("season__league__name", "-season__created_at", "position", "team__name")

    @admin.display(description="Team", ordering="team__name")
    def team_name(self, obj: StandingRow) -> str:
        return format_html(
            '<span class="swatch" style="--swatch: {}" aria-hidden="true"></span> {}',
            obj.team.colour,
            obj.team.name,
        )

    @admin.display(description="Score difference")
    def difference(self, obj: StandingRow) -> str:
        return signed(obj.score_difference)


@admin.register(TournamentGroup)
class TournamentGroupAdmin(ReadOnlyAdmin[TournamentGroup]):
    """A tournament's groups: made by its draw (league/services/tournaments.py), read here."""

    read_only_reason = (
        "Groups are made by the tournament's draw: redraw them from the tournament's page "
        "until its group schedule is generated."
    )
    league_path = "season__league"
    list_display = ("name", "season", "team_count")
    list_filter = (("season__league", LeagueListFilter), ("season", SeasonListFilter))
    search_fields = ("name", "season__name", "rows__team__name")
    list_select_related = ("season__league",)
    ordering = ("season__league__name", "-season__created_at", "number")

    def get_queryset(self, request: HttpRequest) -> QuerySet[TournamentGroup]:
        return super().get_queryset(request).annotate(team_count=Count("rows"))

    @admin.display(description="Teams", ordering="team_count")
    def team_count(self, obj: Any) -> int:
        return int(obj.team_count)
