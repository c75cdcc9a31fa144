"""Admin for injuries (M-I1, M-I2), force-healing attempts (M-I3) and the injured list (M-P9).

Injuries are rolled and resolved by the injury services: the admin lists them (who is out,
for how many more games) and offers the commissioner's steps between games, each through its
service: a force-healing attempt, the injured list and the way back from it.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import F, QuerySet
from django.http import HttpRequest

from injuries import services as injury_services
from injuries.models import ForceHealingAttempt, Injury
from league.admin.base import ReadOnlyAdmin, ReadOnlyTabularInline
from league.admin.display import plural, when
from league.admin.scoping import LeagueListFilter, SeasonListFilter, object_filter
from league.admin.steps import Step, StepDone, as_action
from league.models import Team
from league.templatetags.league_tags import badge_html
from rosters.models import Player


class ForceHealingInline(ReadOnlyTabularInline[ForceHealingAttempt, Injury]):
    model = ForceHealingAttempt
    fields = ("player_result", "healer_result", "succeeded", "attempted_by", "created_at")

    def get_queryset(self, request: HttpRequest) -> QuerySet[ForceHealingAttempt]:
        return super().get_queryset(request).select_related("attempted_by")


def _explain_force_heal(injury: Injury) -> list[str]:
    player = injury.player
    return [
        f"{player} ({player.team}) tries force-healing (M-I3): his die against a d10, ties "
        "rolled again; higher heals him fully, a career-ending injury too.",
        "One attempt per injury, before his team's next game; both rolls go to the dice "
        "ledger. You attempt it for his coach.",
    ]


def _run_force_heal(request: HttpRequest, injury: Injury, form: Any) -> StepDone:
    attempt = injury_services.injury_force_heal(injury=injury, actor=request.user)
    outcome = "healed" if attempt.succeeded else "not healed"
    return StepDone(
        f"{injury.player}: {outcome} ({attempt.player_result} against {attempt.healer_result})."
    )


def _explain_injured_list(injury: Injury) -> list[str]:
    return [
        f"{injury.player} ({injury.player.team}), out for "
        f"{plural(injury.games_left, 'more game')}, goes on the injured list (M-P9).",
        "His roster spot opens for a Rookie call-up; he comes back when fit and a spot is free.",
    ]


def _run_injured_list(request: HttpRequest, injury: Injury, form: Any) -> StepDone:
    player = injury_services.player_injured_list_put(player=injury.player, actor=request.user)
    return StepDone(f"{player} is on the injured list.")


def _explain_reactivate(injury: Injury) -> list[str]:
    return [
        f"{injury.player} comes back from the injured list to {injury.player.team}'s active "
        "roster (M-P9).",
        "Refused while he is still injured or the active roster has no open spot.",
    ]


def _run_reactivate(request: HttpRequest, injury: Injury, form: Any) -> StepDone:
    player = injury_services.player_reactivate(player=injury.player, actor=request.user)
    return StepDone(f"{player} is back on the active roster.")


INJURY_STEPS = (
    Step(
        name="force-heal",
        label="Attempt force-healing",
        explain=_explain_force_heal,
        run=_run_force_heal,
        shown=lambda i: i.state in (Injury.State.OUT, Injury.State.CAREER_OVER),
    ),
    Step(
        name="injured-list",
        label="Put on the injured list",
        explain=_explain_injured_list,
        run=_run_injured_list,
        shown=lambda i: (
            i.state == Injury.State.OUT and i.player.roster_state == Player.RosterState.ACTIVE
        ),
    ),
    Step(
        name="reactivate",
        label="Back from the injured list",
        explain=_explain_reactivate,
        run=_run_reactivate,
        shown=lambda i: i.player.roster_state == Player.RosterState.INJURED_LIST,
    ),
)


class OutNowFilter(admin.SimpleListFilter):
    """Who is out now, and for how long: the injured players with games left."""

    title = "availability"
    parameter_name = "out"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [
            ("now", "Out now (games left)"),
            ("career_over", "Careers over"),
            ("back", "Served or healed"),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        states = {
            "now": [Injury.State.OUT],
            "career_over": [Injury.State.CAREER_OVER],
            "back": [Injury.State.SERVED, Injury.State.HEALED],
        }.get(self.value() or "")
        return queryset.filter(state__in=states) if states else queryset


@admin.register(Injury)
class InjuryAdmin(ReadOnlyAdmin[Injury]):
    """Every injury, with the games each injured player still has to miss."""

    read_only_reason = (
        "Injuries are rolled from results (M-I1, M-I2) and count down as the team plays: "
        "correct or void the result to change one, or use the steps above."
    )
    league_path = "season__league"
    steps = INJURY_STEPS
    actions = (as_action(INJURY_STEPS[0], "Attempt force-healing for the selected injuries"),)
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
    list_filter = (
        OutNowFilter,
        "state",
        "permanent",
        ("season__league", LeagueListFilter),
        ("season", SeasonListFilter),
        object_filter("player", Player, "player"),
    )
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

    def get_queryset(self, request: HttpRequest) -> QuerySet[Injury]:
        return super().get_queryset(request).annotate(left=F("games_out") - F("games_missed"))

    @admin.display(description="Team", ordering="player__team__name")
    def team(self, obj: Injury) -> Team:
        return obj.player.team

    @admin.display(description="Duration roll")
    def duration(self, obj: Injury) -> str:
        return f"{obj.duration_die} → {obj.duration_roll}"

    @admin.display(description="Games left", ordering="left")
    def games_left_shown(self, obj: Injury) -> int:
        return obj.games_left if obj.state == Injury.State.OUT else 0

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
class ForceHealingAttemptAdmin(ReadOnlyAdmin[ForceHealingAttempt]):
    """The one attempt an injury allows: the player's die against a d10, higher heals."""

    read_only_reason = (
        "Force-healing attempts are rolled by the injury service (M-I3): attempt one from "
        "the injury's page."
    )
    league_path = "injury__season__league"
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
    list_filter = (
        "succeeded",
        ("injury__season__league", LeagueListFilter),
        ("injury__season", SeasonListFilter),
    )
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
