"""Players, their season lines and enhancements: released with a step; values the
services roll or count are read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from league.admin.base import LeagueModelAdmin, ReadOnlyAdmin, ReadOnlyTabularInline
from league.admin.display import changelist_url, when
from league.admin.scoping import (
    LeagueListFilter,
    ScopedRelatedFieldListFilter,
    SeasonListFilter,
    object_filter,
)
from league.admin.steps import Step, StepDone, as_action
from league.models import Team
from league.templatetags.league_tags import badge_html
from rosters import services as roster_services
from rosters.models import DiceRoll, Enhancement, Player, PlayerSeason, PlayerSeasonStat
from rosters.selectors import player_picks_due, players_with_picks_due, superstars_rule
from rules.magnoball.vocabulary import Action, EnhancementKind, Status


def _action_labels(keys: list[str]) -> str:
    labels = []
    for key in keys or []:
        try:
            labels.append(Action(key).label)
        except ValueError:
            labels.append(str(key))
    return ", ".join(labels) or "—"


# --- Players -----------------------------------------------------------------------------------


class EnhancementInline(ReadOnlyTabularInline[Enhancement, Player]):
    model = Enhancement
    fields = ("kind", "effect", "fitted_at", "removed_at", "removal")
    readonly_fields = ("effect",)

    @admin.display(description="Effect")
    def effect(self, obj: Enhancement) -> str:
        return EnhancementKind(obj.kind).effect


class PlayerSeasonInline(ReadOnlyTabularInline[PlayerSeason, Player]):
    model = PlayerSeason
    fields = ("season", "games_played", "points")

    def get_queryset(self, request: HttpRequest) -> QuerySet[PlayerSeason]:
        return super().get_queryset(request).select_related("season__league")


class PlayerListFilter(admin.SimpleListFilter):
    """The lists a commissioner asks for: Superstars, Veterans, picks due, the injured list
    and the graveyard (careers over)."""

    title = "list"
    parameter_name = "list"
    LISTS: dict[str, tuple[str, Q | None]] = {
        "superstars": ("Superstars (M-P8)", Q(superstar=True)),
        "veterans": ("Veterans (M-P6)", Q(status=Status.VETERAN)),
        "picks_due": ("Action picks due", None),  # the pick rule decides (picks_due)
        "injured_list": (
            "On the injured list (M-P9)",
            Q(roster_state=Player.RosterState.INJURED_LIST),
        ),
        "graveyard": ("The graveyard: careers over", Q(roster_state=Player.RosterState.RETIRED)),
        "released": ("Released", Q(roster_state=Player.RosterState.RELEASED)),
    }

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(key, label) for key, (label, _) in self.LISTS.items()]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() == "picks_due":
            return players_with_picks_due(queryset)
        chosen = self.LISTS.get(self.value() or "")
        return queryset.filter(chosen[1]) if chosen else queryset


class TeamListFilter(ScopedRelatedFieldListFilter):
    """The teams of the user's leagues."""


def _explain_release(player: Player) -> list[str]:
    return [
        f"{player} ({player.get_position_display()}, {player.team}) is released for good: he "
        "leaves the team and frees his roster spot for a call-up (M-P9).",
        "His statistics and records stay. This cannot be undone.",
    ]


def _run_release(request: HttpRequest, player: Player, form: Any) -> StepDone:
    released = roster_services.player_release(player=player, actor=request.user)
    return StepDone(f"{released} is released from {released.team}.")


PLAYER_STEPS = (
    Step(
        name="release",
        label="Release the player",
        explain=_explain_release,
        run=_run_release,
        shown=lambda p: (
            p.roster_state in (Player.RosterState.ACTIVE, Player.RosterState.INJURED_LIST)
        ),
        destructive=True,
    ),
)


@admin.register(Player)
class PlayerAdmin(LeagueModelAdmin[Player]):
    """Players join through team creation and call-ups and leave through the roster
    services, so there is no add or delete here; rolled and counted values are read-only."""

    league_path = "team__league"
    steps = PLAYER_STEPS
    actions = (as_action(PLAYER_STEPS[0], "Release the selected players"),)
    delete_refusal = (
        "{name} is kept for the record: his results and rolls refer to him. Release him "
        "instead to free his roster spot."
    )
    add_refusal = (
        "Players join when their team is created (18 rolled by the rules) or as Rookie "
        "call-ups: use Call up a Rookie on the team's page."
    )
    list_display = (
        "name",
        "team",
        "shirt_number",
        "position",
        "string",
        "status_badge",
        "superstar",
        "roster_state",
        "games_played",
    )
    list_filter = (
        PlayerListFilter,
        ("team__league", LeagueListFilter),
        "position",
        "string",
        "status",
        "superstar",
        "roster_state",
        "called_up",
        ("team", TeamListFilter),
    )
    search_fields = ("name", "team__name", "team__short_name")
    list_select_related = ("team",)
    ordering = ("team__name", "string", "shirt_number", "id")
    fieldsets = (
        (None, {"fields": ("team", "name", "shirt_number", "position", "string")}),
        (
            "Status and actions · M-P4–M-P8",
            {
                "fields": (
                    "status",
                    "veteran_picks",
                    "superstar",
                    "superstar_picks",
                    "games_played",
                )
            },
        ),
        ("Roster · M-P9", {"fields": ("roster_state", "called_up", "joined_at", "left_at")}),
        ("Records", {"fields": ("records",)}),
    )
    readonly_fields = (
        "records",
        "team",
        "status",
        "veteran_picks",
        "superstar",
        "superstar_picks",
        "games_played",
        "roster_state",
        "called_up",
        "joined_at",
        "left_at",
    )
    inlines = (EnhancementInline, PlayerSeasonInline)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        return (
            super()
            .get_queryset(request)
            .annotate(superstars_on=superstars_rule(team_ref="team_id"))
        )

    @admin.display(description="Records")
    def records(self, obj: Player) -> str:
        return format_html(
            '<a href="{}">His rolls in the dice ledger</a> · <a href="{}">His season lines</a>'
            ' · <a href="{}">His injuries</a>',
            changelist_url(DiceRoll, player=obj.pk),
            changelist_url(PlayerSeason, player=obj.pk),
            reverse("admin:injuries_injury_changelist") + f"?player={obj.pk}",
        )

    @admin.display(description="Status", ordering="status")
    def status_badge(self, obj: Player) -> str:
        badges = [badge_html(obj.status, obj.get_status_display())]
        # superstars_on: the queryset's annotation (get_queryset), no query per row.
        superstars = {obj.team_id: obj.superstars_on}  # type: ignore[attr-defined]
        due = player_picks_due(players=[obj], superstars=superstars)
        for kind in due[obj.pk]:
            badges.append(badge_html("picks_due", f"{kind.capitalize()} picks due"))
        return format_html_join(" ", "{}", ((badge,) for badge in badges))

    @admin.display(description="Veteran actions (M-P6)")
    def veteran_picks(self, obj: Player) -> str:
        if obj.status != Status.VETERAN:
            return "—"
        return _action_labels(obj.veteran_actions) if obj.veteran_actions else "Not picked yet"

    @admin.display(description="Superstar actions (M-P8)")
    def superstar_picks(self, obj: Player) -> str:
        if not obj.superstar:
            return "—"
        return _action_labels(obj.superstar_actions) if obj.superstar_actions else "Not picked yet"


@admin.register(PlayerSeason)
class PlayerSeasonAdmin(ReadOnlyAdmin[PlayerSeason]):
    """Counted by the result service."""

    read_only_reason = (
        "Season lines are counted from the results by the result service: correct or void a "
        "result instead."
    )
    league_path = "season__league"
    list_display = ("player", "team", "season", "games_played", "points")
    list_filter = (
        ("season__league", LeagueListFilter),
        ("season", SeasonListFilter),
        object_filter("player", Player, "player"),
    )
    search_fields = ("player__name", "player__team__name")
    list_select_related = ("player__team", "season__league")
    ordering = ("season__league__name", "-season__created_at", "-points", "player__name")

    @admin.display(description="Team", ordering="player__team__name")
    def team(self, obj: PlayerSeason) -> Team:
        return obj.player.team


@admin.register(PlayerSeasonStat)
class PlayerSeasonStatAdmin(ReadOnlyAdmin[PlayerSeasonStat]):
    """Attempts and successes per category (M-P7), counted by the result service."""

    read_only_reason = PlayerSeasonAdmin.read_only_reason
    league_path = "season__league"
    list_display = ("player", "team", "season", "category", "attempts", "successes", "rate")
    list_filter = (
        "category",
        ("season__league", LeagueListFilter),
        ("season", SeasonListFilter),
        object_filter("player", Player, "player"),
    )
    search_fields = ("player__name", "player__team__name")
    list_select_related = ("player__team", "season__league")
    ordering = ("season__league__name", "-season__created_at", "category", "-successes")

    @admin.display(description="Team", ordering="player__team__name")
    def team(self, obj: PlayerSeasonStat) -> Team:
        return obj.player.team

    @admin.display(description="Success rate")
    def rate(self, obj: PlayerSeasonStat) -> str:
        return f"{obj.successes / obj.attempts:.0%}" if obj.attempts else "—"


@admin.register(Enhancement)
class EnhancementAdmin(ReadOnlyAdmin[Enhancement]):
    """Fitted and removed by the roster services; bans come from inspections (M-E2)."""

    read_only_reason = (
        "Enhancements are fitted and removed by the coaches through the roster services; "
        "bans come from inspection decisions (M-E2)."
    )
    league_path = "player__team__league"
    list_display = ("kind", "player", "team", "effect", "fitted", "removed_at", "removal")
    list_filter = ("kind", "removal", ("player__team__league", LeagueListFilter))
    search_fields = ("player__name", "player__team__name")
    list_select_related = ("player__team",)
    date_hierarchy = "fitted_at"
    ordering = ("player__team__name", "player__name", "kind")

    @admin.display(description="Team", ordering="player__team__name")
    def team(self, obj: Enhancement) -> Team:
        return obj.player.team

    @admin.display(description="Effect")
    def effect(self, obj: Enhancement) -> str:
        return EnhancementKind(obj.kind).effect

    @admin.display(description="Fitted", ordering="fitted_at")
    def fitted(self, obj: Enhancement) -> str:
        return when(obj.fitted_at)
