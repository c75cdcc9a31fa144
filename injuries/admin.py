"""Admin for injuries (M-I1, M-I2) and force-healing attempts (M-I3).

Both are rolled and resolved by the injury services, so the admin only lists and shows them.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from injuries.models import ForceHealingAttempt, Injury
from league.admin import ReadOnlyAdmin, ReadOnlyTabularInline, SeasonListFilter, when
from league.models import Team
from league.templatetags.league_tags import badge_html


class ForceHealingInline(ReadOnlyTabularInline):
    model = ForceHealingAttempt
    fields = ("player_result", "healer_result", "succeeded", "attempted_by", "created_at")

    def get_queryset(self, request: HttpRequest) -> QuerySet[ForceHealingAttempt]:
        return super().get_queryset(request).select_related("attempted_by")


@admin.register(Injury)
class InjuryAdmin(ReadOnlyAdmin):
    list_display = (
        "player",
        "team",
        "season",
        "fixture",
        "duration",
        "games_out",
        "games_missed",
        "games_left_shown",
        "permanent",
        "state_badge",
        "injured",
    )
    list_filter = ("state", "permanent", "season__league", ("season", SeasonListFilter))
    search_fields = ("player__name", "player__team__name", "player__team__short_name")
    list_select_related = (
        "player__team",
        "season__league",
        "fixture__home_team",
        "fixture__away_team",
    )
    date_hierarchy = "created_at"
    ordering = ("-created_at",)
    fieldsets = (
        (None, {"fields": ("player", "season", "fixture", "state", "created_at", "resolved_at")}),
        (
            "Rolls · M-I1, M-I2",
            {
                "fields": (
                    "duration_die",
                    "duration_roll",
                    "games_out",
                    "games_missed",
                    "permanent_roll",
                    "permanent",
                )
            },
        ),
    )
    inlines = (ForceHealingInline,)

    @admin.display(description="Team", ordering="player__team__name")
    def team(self, obj: Injury) -> Team:
        return obj.player.team

    @admin.display(description="Duration roll")
    def duration(self, obj: Injury) -> str:
        return f"{obj.duration_die} → {obj.duration_roll}"

    @admin.display(description="Games left")
    def games_left_shown(self, obj: Injury) -> int:
        return obj.games_left

    @admin.display(description="State", ordering="state")
    def state_badge(self, obj: Injury) -> str:
        if obj.state == Injury.State.OUT:
            left = obj.games_left
            return badge_html("injured", f"Injured · {left} game{'s' if left != 1 else ''} left")
        if obj.state == Injury.State.CAREER_OVER:
            return badge_html("retired", obj.get_state_display())
        return badge_html("draft", obj.get_state_display())

    @admin.display(description="Injured", ordering="created_at")
    def injured(self, obj: Injury) -> str:
        return when(obj.created_at)


@admin.register(ForceHealingAttempt)
class ForceHealingAttemptAdmin(ReadOnlyAdmin):
    """The one attempt an injury allows: the player's die against a d10, higher heals."""

    list_display = (
        "player",
        "team",
        "injury",
        "player_result",
        "healer_result",
        "succeeded",
        "attempted_by",
        "attempted",
    )
    list_filter = ("succeeded", "injury__season__league", ("injury__season", SeasonListFilter))
    search_fields = ("injury__player__name", "injury__player__team__name")
    list_select_related = ("injury__player__team", "attempted_by")
    date_hierarchy = "created_at"
    ordering = ("-created_at",)

    @admin.display(description="Player", ordering="injury__player__name")
    def player(self, obj: ForceHealingAttempt) -> str:
        return obj.injury.player.name

    @admin.display(description="Team", ordering="injury__player__team__name")
    def team(self, obj: ForceHealingAttempt) -> Team:
        return obj.injury.player.team

    @admin.display(description="When", ordering="created_at")
    def attempted(self, obj: ForceHealingAttempt) -> str:
        return when(obj.created_at)
