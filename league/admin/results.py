"""Results of every game: read-only, changed by their game's steps (correct, void) on their
page or their fixture's, each audited; and a fixture's result history from the audit log."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.contenttypes.models import ContentType
from django.db.models import Q
from django.http import HttpRequest
from django.utils.html import format_html

from league.admin.audit import audit_entries_panel
from league.admin.base import ReadOnlyAdmin
from league.admin.display import admin_url, when
from league.admin.scoping import LeagueListFilter, SeasonListFilter
from league.admin.steps import Step
from league.capabilities import capability
from league.capabilities.admin_fixtures import FixtureAdminParts
from league.models import AuditEntry, Fixture, Result, Season
from league.rulesets import ruleset_for


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


def standings_panel(season: Season) -> tuple[str, str]:
    """A fixture's or a result's page: the season's standings, which follow its result."""
    link = format_html(
        '<p><a href="{}">The standings of {}</a> follow every change.</p>',
        admin_url(season),
        season,
    )
    return "Standings", link


def _game(result: Result) -> FixtureAdminParts:
    """What `result`'s game adds to its admin pages."""
    return capability(ruleset_for(result.fixture.round.season.league), FixtureAdminParts)


@admin.register(Result)
class ResultAdmin(ReadOnlyAdmin[Result]):
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
    list_select_related = (
        "fixture__home_team",
        "fixture__away_team",
        "fixture__round__season__league",
        "reported_by",
    )
    date_hierarchy = "created_at"
    ordering = ("-created_at",)
    fieldsets = (
        (None, {"fields": ("fixture", "home_score", "away_score", "overtime")}),
        (
            "Record",
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

    def get_inlines(self, request: HttpRequest, obj: Result | None) -> list[Any]:
        if obj is None:
            return []
        return list(_game(obj).result_admin_inlines())

    def steps_for(self, obj: Result) -> tuple[Step, ...]:
        return tuple(_game(obj).result_admin_steps())

    def change_page_context(self, request: HttpRequest, obj: Result) -> dict[str, Any]:
        return {
            "panels": [
                ("Before and after (audit log)", result_history(obj.fixture)),
                standings_panel(obj.fixture.round.season),
            ]
        }
