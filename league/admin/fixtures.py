"""Fixtures of every game: they come from the schedule generator (and the playoffs); only
the kick-off is edited here. What a game does with its fixtures (simulate them, record,
correct or void their result or report) are its steps and actions, with its records, panels
and pending decisions, all asked of its ruleset (league/capabilities/admin_*.py)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.options import IS_POPUP_VAR
from django.db.models import F, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from league.admin.base import LeagueModelAdmin
from league.admin.display import admin_url, fixture_badge, panels_html, score_text
from league.admin.results import result_history, standings_panel
from league.admin.scoping import LeagueListFilter, SeasonListFilter, object_filter, scope_for
from league.admin.steps import Step, as_action
from league.capabilities import capability
from league.capabilities.admin_fixtures import FixtureAdminParts
from league.capabilities.admin_season import SeasonAdminParts
from league.capabilities.simulation import Simulation
from league.models import Fixture, League, Result, Round, Season
from league.rulesets import ruleset_for, rulesets, rulesets_as_installed


class FixtureStatusFilter(admin.SimpleListFilter):
    """The states the fixtures of the games of the user's leagues pass through (each
    ruleset's ``fixture_statuses``): no inspections or simulations offered to a commissioner
    of games without them."""

    title = "status"
    parameter_name = "status__exact"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        leagues = scope_for(League, League.objects.all(), request)
        keys = set(leagues.values_list("ruleset", flat=True))
        used = {
            s
            for ruleset in rulesets()
            if ruleset.key in keys
            for s in capability(ruleset, SeasonAdminParts).fixture_statuses
        }
        return [(value, str(label)) for value, label in Fixture.Status.choices if value in used]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        return queryset.filter(status=value) if value else queryset


def _game_actions() -> dict[str, tuple[Step, str]]:
    """Every installed game's actions on the list, by name."""
    return {
        step.name: (step, description)
        for ruleset in rulesets_as_installed()
        for step, description in capability(ruleset, FixtureAdminParts).fixture_admin_actions()
    }


def _game(fixture: Fixture) -> FixtureAdminParts:
    """What `fixture`'s game adds to its admin pages."""
    return capability(ruleset_for(fixture.round.season.league), FixtureAdminParts)


@admin.register(Fixture)
class FixtureAdmin(LeagueModelAdmin[Fixture]):
    """Fixtures of every game come from the schedule generator; here they get, change or
    lose their result by their game's steps, and only the kick-off time is edited."""

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
        FixtureStatusFilter,
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
    add_refusal = (
        "Fixtures come from the season's schedule (its Generate the schedule step) and from "
        "the playoffs."
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def delete_refusal_for(self, obj: Fixture) -> str:
        if obj.status == Fixture.Status.PLAYED:
            game = _game(obj)
            on_result = any(step.name == "void" for step in game.result_admin_steps())
            where = "on the result's page" if on_result else "on this page"
            return (
                f"{obj} has been played, so it cannot be deleted: "
                f"{game.fixture_played_records} refer to it. Void its result ({where}) if "
                "it should not count; the fixture stays in the schedule."
            )
        return (
            f"{obj} comes from the schedule, so it is not deleted by hand: regenerate the "
            "schedule (before any round opens) to change the fixtures."
        )

    def get_queryset(self, request: HttpRequest) -> QuerySet[Fixture]:
        queryset: QuerySet[Fixture] = (
            super()
            .get_queryset(request)
            .annotate(home_score=F("result__home_score"), away_score=F("result__away_score"))
        )
        for ruleset in rulesets():
            queryset = capability(ruleset, FixtureAdminParts).fixture_admin_queryset(queryset)
        return queryset

    def get_actions(self, request: HttpRequest) -> dict[str, Any]:
        # The list mixes games: each game's actions are offered, and refuse another's rows.
        actions: dict[str, Any] = dict(super().get_actions(request))
        if IS_POPUP_VAR in request.GET:
            return actions
        for name, (step, description) in _game_actions().items():
            actions[name] = (as_action(step, description), name, description)
        return actions

    @admin.display(description="Season", ordering="round__season")
    def season(self, obj: Fixture) -> Season:
        return obj.round.season

    @admin.display(description="Round", ordering="round__number")
    def round_number(self, obj: Fixture) -> int:
        return obj.round.number

    @admin.display(description="Status", ordering="status")
    def status_badge(self, obj: Fixture) -> str:
        return fixture_badge(obj)

    @admin.display(description="Score")
    def score(self, obj: Any) -> str:
        home = getattr(obj, "home_score", None)
        return "—" if home is None else f"{home}–{obj.away_score}"

    @admin.display(description="Decisions pending")
    def pending_decisions(self, obj: Fixture) -> str:
        pending = _game(obj).fixture_admin_pending(fixture=obj)
        if not pending or not pending[0]:
            return "—"
        return format_html('<a href="{}">{}</a>', pending[1], pending[0])

    @admin.display(description="Records")
    def records(self, obj: Fixture) -> str:
        links = list(_game(obj).fixture_admin_links(fixture=obj))
        result = Result.objects.filter(fixture=obj).first()
        if result is not None:
            links.insert(0, (f"Result {score_text(result)}", admin_url(result)))
        return format_html_join(" · ", '<a href="{}">{}</a>', ((url, text) for text, url in links))

    def steps_for(self, obj: Fixture) -> tuple[Step, ...]:
        ruleset = ruleset_for(obj.round.season.league)
        steps = ruleset.fixture_admin_steps()
        return tuple(
            s for s in steps if capability(ruleset, Simulation).simulates or not s.simulation
        )

    def step_buttons(self, request: HttpRequest, obj: Fixture) -> list[dict[str, Any]]:
        buttons = super().step_buttons(request, obj)
        result = Result.objects.filter(fixture=obj).first()
        result_admin = self.admin_site.get_model_admin(Result)
        if result is not None and isinstance(result_admin, LeagueModelAdmin):
            buttons += result_admin.step_buttons(request, result)
        return buttons

    def change_page_context(self, request: HttpRequest, obj: Fixture) -> dict[str, Any]:
        game = _game(obj).fixture_admin_panels(fixture=obj)
        history = ("Result history (audit log)", result_history(obj))
        return {"panels": [*panels_html(game), history, standings_panel(obj.round.season)]}
