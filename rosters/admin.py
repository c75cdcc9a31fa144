"""Admin for teams and their players, season lines, enhancements and the dice ledger.

The Team admin lives here rather than in league/admin.py because it shows the team's players
and creates teams through rosters.services.team_create (the league app may not import
rosters). Values the services roll or count are read-only; the dice ledger is append-only.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join
from django.utils.text import slugify

from games.engine.vocabulary import Action, EnhancementKind, Status
from league.admin import (
    ReadOnlyAdmin,
    ReadOnlyTabularInline,
    SeasonListFilter,
    adopt,
    when,
)
from league.models import Season, Team
from league.templatetags.league_tags import badge_html, signed
from rosters import services as roster_services
from rosters.models import DiceRoll, Enhancement, Player, PlayerSeason, PlayerSeasonStat


def _action_labels(keys: list[str]) -> str:
    labels = []
    for key in keys or []:
        try:
            labels.append(Action(key).label)
        except ValueError:
            labels.append(str(key))
    return ", ".join(labels) or "—"


# --- Teams -------------------------------------------------------------------------------------


class PlayerInline(admin.TabularInline):
    """The roster. Status, Superstar, roster state, call-up and games played change only
    through the services (rolls, progression, injuries, call-ups), so they are read-only."""

    model = Player
    fields = (
        "name",
        "shirt_number",
        "position",
        "string",
        "status",
        "superstar",
        "roster_state",
        "games_played",
        "called_up",
    )
    readonly_fields = ("status", "superstar", "roster_state", "games_played", "called_up")
    extra = 0
    can_delete = False
    show_change_link = True
    ordering = ("string", "shirt_number", "id")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # Players join at team creation or as call-ups (M-P2, M-P9).


class TeamAddForm(forms.ModelForm):
    season = forms.ModelChoiceField(
        queryset=Season.objects.none(),
        help_text="The team enters this season. Its 18 players are rolled now (M-P2, M-P4, "
        "M-P8) and every roll goes to the dice ledger. Only seasons without a schedule "
        "take new teams.",
    )

    class Meta:
        model = Team
        fields = ("name", "short_name", "coach", "colour")
        widgets = {"colour": forms.TextInput(attrs={"type": "color"})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        season_field = self.fields["season"]
        assert isinstance(season_field, forms.ModelChoiceField)
        season_field.queryset = (
            Season.objects.filter(
                status__in=(Season.Status.DRAFT, Season.Status.ACTIVE), rounds__isnull=True
            )
            .select_related("league")
            .order_by("league__name", "-created_at")
        )

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        season, name = cleaned.get("season"), cleaned.get("name")
        short_name = cleaned.get("short_name")
        if season is None:
            return cleaned
        # team_create derives the slug and upper-cases the short name; its full_clean would
        # refuse these clashes, so name them here, on the right field.
        teams = Team.objects.filter(league=season.league)
        if name:
            slug = slugify(name)
            if not slug:
                self.add_error("name", "Use at least one letter or digit in the name.")
            elif teams.filter(Q(name=name) | Q(slug=slug)).exists():
                self.add_error("name", f"{season.league} already has a team named like this.")
        if short_name and teams.filter(short_name=short_name.upper()).exists():
            self.add_error(
                "short_name", f"{season.league} already has a team called {short_name.upper()}."
            )
        return cleaned


class TeamChangeForm(forms.ModelForm):
    class Meta:
        model = Team
        fields = ("name", "short_name", "coach", "colour")
        widgets = {"colour": forms.TextInput(attrs={"type": "color"})}


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("team", "short_name", "league", "coach", "active_players", "created")
    list_display_links = ("team",)
    list_filter = ("league",)
    search_fields = ("name", "short_name", "slug", "coach__username")
    list_select_related = ("league", "coach")
    ordering = ("league__name", "name")
    autocomplete_fields = ("coach",)

    def get_form(
        self, request: HttpRequest, obj: Team | None = None, change: bool = False, **kwargs: Any
    ) -> Any:
        kwargs["form"] = TeamAddForm if obj is None else TeamChangeForm
        return super().get_form(request, obj, change, **kwargs)

    def get_fieldsets(self, request: HttpRequest, obj: Team | None = None) -> Any:
        if obj is None:
            return ((None, {"fields": ("season", "name", "short_name", "coach", "colour")}),)
        return (
            (None, {"fields": ("league", "name", "short_name", "slug", "coach", "colour")}),
            ("Record", {"fields": ("created_at",)}),
        )

    def get_readonly_fields(self, request: HttpRequest, obj: Team | None = None) -> Any:
        return () if obj is None else ("league", "slug", "created_at")

    def get_inlines(self, request: HttpRequest, obj: Team | None) -> list[Any]:
        return [] if obj is None else [PlayerInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Team]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                active_count=Count(
                    "players", filter=Q(players__roster_state=Player.RosterState.ACTIVE)
                )
            )
        )

    @admin.display(description="Team", ordering="name")
    def team(self, obj: Team) -> str:
        return format_html(
            '<span class="swatch" style="--swatch: {}" aria-hidden="true"></span> {}',
            obj.colour,
            obj.name,
        )

    @admin.display(description="Active players", ordering="active_count")
    def active_players(self, obj: Any) -> str:
        return f"{obj.active_count} / 18"

    @admin.display(description="Created", ordering="created_at")
    def created(self, obj: Team) -> str:
        return when(obj.created_at)

    def save_model(self, request: HttpRequest, obj: Team, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        data = form.cleaned_data
        team = roster_services.team_create(
            season=data["season"],
            name=data["name"],
            short_name=data["short_name"],
            actor=request.user,
            coach=data["coach"],
            colour=data["colour"],
        )
        adopt(obj, team)


# --- Players -----------------------------------------------------------------------------------


class EnhancementInline(ReadOnlyTabularInline):
    model = Enhancement
    fields = ("kind", "effect", "fitted_at", "removed_at", "removal")
    readonly_fields = ("effect",)

    @admin.display(description="Effect")
    def effect(self, obj: Enhancement) -> str:
        return EnhancementKind(obj.kind).effect


class PlayerSeasonInline(ReadOnlyTabularInline):
    model = PlayerSeason
    fields = ("season", "games_played", "points")

    def get_queryset(self, request: HttpRequest) -> QuerySet[PlayerSeason]:
        return super().get_queryset(request).select_related("season__league")


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    """Players join through team creation and call-ups and leave through the roster
    services, so there is no add or delete here; rolled and counted values are read-only."""

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
        "team__league",
        "position",
        "string",
        "status",
        "superstar",
        "roster_state",
        "called_up",
        "team",
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
    )
    readonly_fields = (
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

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="Status", ordering="status")
    def status_badge(self, obj: Player) -> str:
        badges = [badge_html(obj.status, obj.get_status_display())]
        if obj.status == Status.VETERAN and not obj.veteran_actions:
            badges.append(badge_html("picks_due", "Veteran picks due"))
        if obj.superstar and not obj.superstar_actions:
            badges.append(badge_html("picks_due", "Superstar picks due"))
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
class PlayerSeasonAdmin(ReadOnlyAdmin):
    """Counted by the result service."""

    list_display = ("player", "team", "season", "games_played", "points")
    list_filter = ("season__league", ("season", SeasonListFilter))
    search_fields = ("player__name", "player__team__name")
    list_select_related = ("player__team", "season__league")
    ordering = ("season__league__name", "-season__created_at", "-points", "player__name")

    @admin.display(description="Team", ordering="player__team__name")
    def team(self, obj: PlayerSeason) -> Team:
        return obj.player.team


@admin.register(PlayerSeasonStat)
class PlayerSeasonStatAdmin(ReadOnlyAdmin):
    """Attempts and successes per category (M-P7), counted by the result service."""

    list_display = ("player", "team", "season", "category", "attempts", "successes", "rate")
    list_filter = ("category", "season__league", ("season", SeasonListFilter))
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
class EnhancementAdmin(ReadOnlyAdmin):
    """Fitted and removed by the roster services; bans come from inspections (M-E2)."""

    list_display = ("kind", "player", "team", "effect", "fitted", "removed_at", "removal")
    list_filter = ("kind", "removal", "player__team__league")
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


# --- The dice ledger ---------------------------------------------------------------------------


@admin.register(DiceRoll)
class DiceRollAdmin(ReadOnlyAdmin):
    """The dice ledger (M-D8) is append-only: nobody adds, changes or deletes a roll here."""

    list_display = (
        "rolled",
        "purpose",
        "die",
        "faces_shown",
        "modifier_shown",
        "result",
        "detail",
        "player",
        "team",
        "fixture",
        "source",
        "rolled_by",
    )
    list_display_links = ("rolled", "purpose")
    list_filter = (
        "purpose",
        "source",
        "league",
        ("season", SeasonListFilter),
        "die",
    )
    search_fields = ("purpose", "detail", "player__name", "team__name", "rolled_by__username")
    list_select_related = (
        "player",
        "team",
        "fixture__home_team",
        "fixture__away_team",
        "rolled_by",
    )
    date_hierarchy = "created_at"
    ordering = ("-created_at", "sequence", "id")
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "created_at",
                    "purpose",
                    "die",
                    "faces_shown",
                    "modifier_shown",
                    "result",
                    "detail",
                )
            },
        ),
        (
            "Who and where",
            {
                "fields": (
                    "league",
                    "season",
                    "team",
                    "player",
                    "fixture",
                    "source",
                    "rolled_by",
                    "sequence",
                )
            },
        ),
    )
    readonly_fields = ("faces_shown", "modifier_shown")

    @admin.display(description="When", ordering="created_at")
    def rolled(self, obj: DiceRoll) -> str:
        return when(obj.created_at)

    @admin.display(description="Faces")
    def faces_shown(self, obj: DiceRoll) -> str:
        faces = obj.faces if isinstance(obj.faces, list) else [obj.faces]
        return " · ".join(str(face) for face in faces)

    @admin.display(description="Modifier", ordering="modifier")
    def modifier_shown(self, obj: DiceRoll) -> str:
        return signed(obj.modifier) if obj.modifier else "—"
