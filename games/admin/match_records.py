"""The rows of a match, written by the result service only: line-ups, reserves named,
appearances, stat lines and events."""

from __future__ import annotations

from typing import Any

from django.contrib import admin

from games.admin.display import FIXTURE_TEAMS
from games.models import Appearance, LineupChoice, LineupEntry, MatchEvent, StatLine
from league.admin.base import ReadOnlyAdmin, ReadOnlyTabularInline
from league.admin.scoping import SeasonListFilter
from league.models import Fixture
from rosters.models import Player


class StatLineInline(ReadOnlyTabularInline[StatLine, Appearance]):
    model = StatLine
    fields = ("category", "attempts", "successes")


_RESULT_TEAMS = ("result__fixture__home_team", "result__fixture__away_team")


_MATCH_RECORD = (
    "The rows of a match are written by the result service when a result is reported, "
    "simulated or corrected: correct or void the result (on its page) to change them."
)


@admin.register(LineupEntry)
class LineupEntryAdmin(ReadOnlyAdmin[LineupEntry]):
    """Who may take the field, fixed at kick-off (M-P3): the starters in their places, each
    out first-stringer replaced, and the bench."""

    read_only_reason = _MATCH_RECORD
    league_path = "fixture__round__season__league"
    list_display = ("fixture", "team", "player", "position", "starter", "place", "fill", "replaces")
    list_filter = ("starter", "fill", "position", ("fixture__round__season", SeasonListFilter))
    search_fields = ("player__name", "team__name", "team__short_name")
    list_select_related = (*FIXTURE_TEAMS, "team", "player", "replaces")
    ordering = ("-fixture__id", "team__name", "-starter", "id")


@admin.register(LineupChoice)
class LineupChoiceAdmin(ReadOnlyAdmin[LineupChoice]):
    """Reserves the coaches named for vacant first-string places before kick-off (M-P3)."""

    read_only_reason = (
        "A coach (or you) names a reserve on the fixture's match-day page or through the "
        "API, which checks the rules and writes the audit log."
    )
    league_path = "fixture__round__season__league"
    list_display = ("fixture", "team", "place", "reserve", "chosen_by", "chosen_at")
    list_filter = (("fixture__round__season", SeasonListFilter),)
    search_fields = ("reserve__name", "team__name", "team__short_name")
    list_select_related = (*FIXTURE_TEAMS, "team", "reserve", "chosen_by")
    ordering = ("-fixture__id", "team__name", "place")


@admin.register(Appearance)
class AppearanceAdmin(ReadOnlyAdmin[Appearance]):
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
class StatLineAdmin(ReadOnlyAdmin[StatLine]):
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
class MatchEventAdmin(ReadOnlyAdmin[MatchEvent]):
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
