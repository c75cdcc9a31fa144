"""Admin for leagues, seasons and their rules, the schedule, standings and the audit log.

Thin by design (docs/architecture.md): adding a league or a season goes through the services,
as do rule changes and season transitions (so each writes its audit entry); values the
services count or roll are read-only; the audit log is append-only. Teams are administered
in rosters/admin.py, next to their players (the league app may not import rosters).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.options import IS_POPUP_VAR
from django.contrib.admin.utils import flatten_fieldsets
from django.contrib.humanize.templatetags.humanize import naturaltime
from django.db import models
from django.db.models import Count, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.text import slugify

from games.engine.settings import RuleSettings, TieBreaker
from league import services as league_services
from league.errors import LeagueError
from league.models import (
    AuditEntry,
    Fixture,
    League,
    Round,
    Season,
    SeasonRules,
    StandingRow,
)
from league.templatetags.league_tags import badge_html, signed

admin.site.site_header = "MagnoBall League administration"
admin.site.site_title = "MagnoBall League admin"
admin.site.index_title = "Leagues, rosters, injuries and games"
admin.site.site_url = "/"


# --- Shared pieces (imported by the other apps' admin modules) --------------------------------


class ReadOnlyAdminMixin:
    """For rows only the services write (logs, counters, match records): list, search, view."""

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        # Every shown field is read-only, so the form never asks for a non-editable field.
        declared = tuple(super().get_readonly_fields(request, obj))  # type: ignore[misc]
        if self.fieldsets:  # type: ignore[attr-defined]
            shown = flatten_fieldsets(self.fieldsets)  # type: ignore[attr-defined]
        elif self.fields:  # type: ignore[attr-defined]
            shown = list(self.fields)  # type: ignore[attr-defined]
        else:
            opts = self.model._meta  # type: ignore[attr-defined]
            shown = [
                field.name
                for field in (*opts.concrete_fields, *opts.many_to_many)
                if not (field.primary_key and field.auto_created)
            ]
        return tuple(dict.fromkeys((*shown, *declared)))

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    pass


class ReadOnlyTabularInline(ReadOnlyAdminMixin, admin.TabularInline):
    extra = 0


class SeasonListFilter(admin.RelatedFieldListFilter):
    """Seasons named with their league ("North · 2025"), in one query however many there are."""

    def field_choices(
        self, field: Any, request: HttpRequest, model_admin: admin.ModelAdmin[Any]
    ) -> Any:
        seasons = Season.objects.select_related("league").order_by("league__name", "-created_at")
        return [(str(season.pk), str(season)) for season in seasons]


def when(value: Any) -> str:
    """A timestamp as "3 minutes ago", the exact date and time in its tooltip."""
    if value is None:
        return "—"
    exact = date_format(timezone.localtime(value), "DATETIME_FORMAT")
    return format_html(
        '<time datetime="{}" title="{}">{}</time>', value.isoformat(), exact, naturaltime(value)
    )


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


# --- Leagues -----------------------------------------------------------------------------------


class LeagueAdminForm(forms.ModelForm):
    class Meta:
        model = League
        fields = ("name", "ruleset", "description", "is_public", "commissioners")

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        if self.instance._state.adding:
            # league_create derives the slug from the name; refuse here what it would refuse.
            slug = slugify(name)
            if not slug:
                raise forms.ValidationError("Use at least one letter or digit in the name.")
            if League.objects.filter(slug=slug).exists():
                raise forms.ValidationError(
                    f"A league with a name like this already exists (its address is “{slug}”)."
                )
        return name


def adopt(obj: models.Model, created: models.Model) -> None:
    """Make the admin's unsaved ``obj`` the row a service created, so the admin's log entry,
    related saves and redirect use the real row."""
    for field in obj._meta.concrete_fields:
        setattr(obj, field.attname, getattr(created, field.attname))
    obj._state.adding = False
    obj._state.db = created._state.db


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    form = LeagueAdminForm
    list_display = ("name", "ruleset", "is_public", "season_count", "team_count", "created")
    list_filter = ("ruleset", "is_public")
    search_fields = ("name", "slug", "description")
    ordering = ("name",)
    autocomplete_fields = ("commissioners",)
    readonly_fields = ("slug", "created_at")

    def get_fields(self, request: HttpRequest, obj: League | None = None) -> Any:
        fields = ["name", "ruleset", "description", "is_public", "commissioners"]
        return fields if obj is None else [*fields[:1], "slug", *fields[1:], "created_at"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[League]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                season_count=Count("seasons", distinct=True),
                team_count=Count("teams", distinct=True),
            )
        )

    @admin.display(description="Seasons", ordering="season_count")
    def season_count(self, obj: Any) -> int:
        return int(obj.season_count)

    @admin.display(description="Teams", ordering="team_count")
    def team_count(self, obj: Any) -> int:
        return int(obj.team_count)

    @admin.display(description="Created", ordering="created_at")
    def created(self, obj: League) -> str:
        return when(obj.created_at)

    def save_model(self, request: HttpRequest, obj: League, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        data = form.cleaned_data
        league = league_services.league_create(
            name=data["name"],
            actor=request.user,
            ruleset=data["ruleset"],
            description=data["description"],
            is_public=data["is_public"],
            commissioners=data["commissioners"],
        )
        adopt(obj, league)


# --- Season rules ------------------------------------------------------------------------------

#: Field name → "M-xx · meaning", from the engine's RuleSettings metadata (the single source).
RULE_HELP_TEXTS: dict[str, str] = {
    field.name: f"{field.metadata['rule']} · {field.metadata['help']}"
    for field in dataclasses.fields(RuleSettings)
}
RULE_HELP_TEXTS["tie_breakers"] += " Comma-separated, from: " + ", ".join(
    f"{tie_breaker.value} ({tie_breaker.label})" for tie_breaker in TieBreaker
)
RULE_HELP_TEXTS["tie_breaker_order"] = RULE_HELP_TEXTS["tie_breakers"]

RULE_LABELS: dict[str, str] = {
    "lowering_die_type": "Lowering die type (Maulers)",
    "status_roll": "Status roll at creation",
    "superstars": "Superstar roll at creation",
    "rookie_to_pro_games": "Rookie → Pro after (games)",
    "pro_to_veteran_games": "Pro → Veteran after (games)",
    "stat_level_1": "Level 1 at (successes)",
    "stat_level_2": "Level 2 at (successes)",
    "board_columns": "Board columns",
    "board_rows": "Board rows",
    "activation_limit": "Activations before a simulated half ends",
    "activations_per_turn": "Activations per turn",
    "evading_rushing": "Evading and Rushing",
    "pass_blocking": "Blocking passes",
    "ricochet": "Ricochet shots",
    "points_win": "Points for a win",
    "points_overtime_win": "Points for an overtime win",
    "points_draw": "Points for a draw",
    "points_overtime_loss": "Points for an overtime loss",
    "points_loss": "Points for a loss",
    "tie_breakers": "Tie-breakers, in order",
    "tie_breaker_order": "Tie-breakers, in order",
}

#: (title, fields): every SeasonRules setting exactly once (tests check it).
RULE_FIELDSETS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Rolls & status · M-P4, M-P8", ("status_roll", "superstars")),
    (
        "Progression · M-P5, M-P7",
        (
            "progression_mode",
            "rookie_to_pro_games",
            "pro_to_veteran_games",
            "stat_level_1",
            "stat_level_2",
        ),
    ),
    (
        "Board & turns · M-G1–M-G3, M-P3",
        (
            "board_columns",
            "board_rows",
            "activations_per_turn",
            "activation_limit",
            "mid_game_replacements",
        ),
    ),
    (
        "Optional contact rules · M-G5, M-T5, M-T6, M-T9, M-D7",
        ("evading_rushing", "assault", "striking", "pass_blocking", "lowering_die_type"),
    ),
    ("Scoring · M-S3, M-S4", ("goal_zones", "ricochet")),
    ("Injuries · M-I2, M-I3", ("permanent_injuries", "force_healing", "coaches_roll_injuries")),
    ("Enhancements · M-E1", ("enhancements",)),
    (
        "Standings · M-L1, M-L2",
        (
            "points_win",
            "points_overtime_win",
            "points_draw",
            "points_overtime_loss",
            "points_loss",
            "tie_breakers",
        ),
    ),
)
RULE_FIELD_NAMES: tuple[str, ...] = tuple(name for _, names in RULE_FIELDSETS for name in names)


class TieBreakersField(forms.CharField):
    """M-L2's order as comma-separated keys, e.g. ``points, head_to_head, name``."""

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return ", ".join(str(item) for item in value)
        return value

    def to_python(self, value: Any) -> list[str]:  # type: ignore[override]
        if isinstance(value, list | tuple):
            return [str(item) for item in value]
        text = super().to_python(value) or ""
        return [part.strip() for part in text.split(",") if part.strip()]

    def validate(self, value: Any) -> None:
        super().validate(value)
        known = {tie_breaker.value for tie_breaker in TieBreaker}
        unknown = [key for key in value if key not in known]
        if unknown:
            raise forms.ValidationError(
                "Unknown tie-breaker: %(keys)s. Choose from: %(choices)s.",
                params={"keys": ", ".join(unknown), "choices": ", ".join(sorted(known))},
            )


class SeasonRulesForm(forms.ModelForm):
    """The engine validates the values (SeasonRules.clean); this form only presents them."""

    tie_breakers = TieBreakersField(
        label=RULE_LABELS["tie_breakers"],
        help_text=RULE_HELP_TEXTS["tie_breakers"],
        widget=forms.TextInput(attrs={"size": 70}),
    )

    class Meta:
        model = SeasonRules
        fields = RULE_FIELD_NAMES
        help_texts = RULE_HELP_TEXTS
        labels = RULE_LABELS


def rule_changes(form: forms.ModelForm) -> dict[str, Any]:
    """The rule settings a submitted form changed, ready for season_update_rules."""
    return {name: form.cleaned_data[name] for name in form.changed_data if name in RULE_FIELD_NAMES}


class SeasonRulesPresentation:
    """Fieldsets and the read-only view shared by the rules inline and the rules admin."""

    @staticmethod
    def _season(obj: Any) -> Season | None:
        """The season whose rules are shown: an inline is given the season itself, the rules
        admin the rules row."""
        if isinstance(obj, SeasonRules):
            return obj.season
        return obj if isinstance(obj, Season) else None

    def _frozen(self, obj: Any) -> bool:
        season = self._season(obj)
        return season is not None and season.rules_frozen

    def get_fieldsets(self, request: HttpRequest, obj: Any = None) -> Any:
        frozen = self._frozen(obj)
        fieldsets = []
        for index, (title, names) in enumerate(RULE_FIELDSETS):
            options: dict[str, Any] = {"fields": names}
            if frozen:
                options["fields"] = tuple(
                    "tie_breaker_order" if name == "tie_breakers" else name for name in names
                )
                if index == 0:
                    season = self._season(obj)
                    assert season is not None
                    options["description"] = (
                        f"These rules are frozen: the season is "
                        f"{season.get_status_display().lower()}. "
                        "Rules can change only while a season is a draft."
                    )
            fieldsets.append((title, options))
        return fieldsets

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return ("tie_breaker_order",) if self._frozen(obj) else ()

    @admin.display(description="Tie-breakers, in order")
    def tie_breaker_order(self, obj: SeasonRules) -> str:
        labels = []
        for key in obj.tie_breakers or []:
            try:
                labels.append(TieBreaker(key).label)
            except ValueError:
                labels.append(str(key))
        return " → ".join(labels)


class SeasonRulesInline(SeasonRulesPresentation, admin.StackedInline):
    """The season's rules, editable while it is a draft and read-only once it has started."""

    model = SeasonRules
    form = SeasonRulesForm
    can_delete = False
    verbose_name = "rules"
    verbose_name_plural = "rules"

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._frozen(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._frozen(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(SeasonRules)
class SeasonRulesAdmin(SeasonRulesPresentation, admin.ModelAdmin):
    """The same rules on their own page: created with their season, changed only as a draft."""

    form = SeasonRulesForm
    list_display = (
        "season",
        "league",
        "season_status",
        "progression_mode",
        "lowering_die_type",
        "goal_zones",
        "ricochet",
        "enhancements",
        "points",
    )
    list_filter = (
        "season__status",
        "season__league",
        "progression_mode",
        "goal_zones",
        "ricochet",
        "enhancements",
    )
    search_fields = ("season__name", "season__league__name")
    list_select_related = ("season__league",)
    ordering = ("season__league__name", "-season__created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # Created with the season (season_create).

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return not self._frozen(obj) and super().has_change_permission(request, obj)

    @admin.display(description="League", ordering="season__league__name")
    def league(self, obj: SeasonRules) -> League:
        return obj.season.league

    @admin.display(description="Season status", ordering="season__status")
    def season_status(self, obj: SeasonRules) -> str:
        return badge_html(obj.season.status, obj.season.get_status_display())

    @admin.display(description="Points W / OTW / D / OTL / L")
    def points(self, obj: SeasonRules) -> str:
        values = (
            obj.points_win,
            obj.points_overtime_win,
            obj.points_draw,
            obj.points_overtime_loss,
            obj.points_loss,
        )
        return " / ".join(str(value) for value in values)

    def save_model(self, request: HttpRequest, obj: SeasonRules, form: Any, change: bool) -> None:
        changes = rule_changes(form)
        if changes:
            _update_rules(request, obj.season, changes)


def _update_rules(request: HttpRequest, season: Season, changes: Mapping[str, Any]) -> bool:
    try:
        league_services.season_update_rules(season=season, changes=changes, actor=request.user)
    except LeagueError as error:
        messages.error(request, f"The rules were not changed: {error.message}")
        return False
    return True


# --- Seasons -----------------------------------------------------------------------------------


class SeasonAdminForm(forms.ModelForm):
    class Meta:
        model = Season
        fields = (
            "league",
            "name",
            "starts_on",
            "double_round_robin",
            "days_between_rounds",
            "champion",
        )

    def clean(self) -> dict[str, Any]:
        cleaned: dict[str, Any] = super().clean() or {}
        league, name = cleaned.get("league"), cleaned.get("name")
        if self.instance._state.adding and league and name:
            # season_create derives the slug from the name; refuse here what it would refuse.
            slug = slugify(name)
            if not slug:
                self.add_error("name", "Use at least one letter or digit in the name.")
            elif Season.objects.filter(league=league, slug=slug).exists():
                self.add_error("name", f"{league} already has a season named like this.")
        return cleaned


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    form = SeasonAdminForm
    list_display = (
        "name",
        "league",
        "status_badge",
        "team_count",
        "round_count",
        "starts_on",
        "champion",
    )
    list_filter = ("status", "league", "double_round_robin")
    search_fields = ("name", "league__name")
    list_select_related = ("league", "champion")
    date_hierarchy = "starts_on"
    ordering = ("league__name", "-created_at")
    autocomplete_fields = ("league", "champion")
    actions = ("generate_schedule", "start_season", "finish_season", "archive_season")

    add_fieldsets = (
        (
            None,
            {
                "fields": ("league", "name", "starts_on", "double_round_robin"),
                "description": "The new season is a draft. Its rules are copied from the "
                "league's latest season (or the defaults); you can review them next.",
            },
        ),
    )
    change_fieldsets = (
        (
            None,
            {
                "fields": ("league", "name", "slug", "status"),
                "description": "The status changes with the actions on the list of seasons: "
                "generate the schedule, start (which freezes the rules), finish, archive.",
            },
        ),
        (
            "Schedule",
            {
                "fields": (
                    "starts_on",
                    "double_round_robin",
                    "days_between_rounds",
                    "schedule_seed",
                )
            },
        ),
        ("Outcome", {"fields": ("champion", "started_at", "finished_at", "created_at")}),
    )

    def get_fieldsets(self, request: HttpRequest, obj: Season | None = None) -> Any:
        return self.add_fieldsets if obj is None else self.change_fieldsets

    def get_readonly_fields(self, request: HttpRequest, obj: Season | None = None) -> Any:
        if obj is None:
            return ()
        # The status moves only through the actions (season_transition), the seed with the
        # schedule; a season stays in its league.
        return (
            "league",
            "slug",
            "status",
            "schedule_seed",
            "started_at",
            "finished_at",
            "created_at",
        )

    def get_inlines(self, request: HttpRequest, obj: Season | None) -> list[Any]:
        return [] if obj is None else [SeasonRulesInline]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Season]:
        return (
            super()
            .get_queryset(request)
            .annotate(
                team_count=Count("standings", distinct=True),
                round_count=Count("rounds", distinct=True),
            )
        )

    @admin.display(description="Status", ordering="status")
    def status_badge(self, obj: Season) -> str:
        return badge_html(obj.status, obj.get_status_display())

    @admin.display(description="Teams", ordering="team_count")
    def team_count(self, obj: Any) -> int:
        return int(obj.team_count)

    @admin.display(description="Rounds", ordering="round_count")
    def round_count(self, obj: Any) -> int:
        return int(obj.round_count)

    def save_model(self, request: HttpRequest, obj: Season, form: Any, change: bool) -> None:
        if change:
            super().save_model(request, obj, form, change)
            return
        data = form.cleaned_data
        season = league_services.season_create(
            league=data["league"],
            name=data["name"],
            actor=request.user,
            starts_on=data["starts_on"],
            double_round_robin=data["double_round_robin"],
        )
        adopt(obj, season)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        if formset.model is not SeasonRules:
            super().save_formset(request, form, formset, change)
            return
        # Rule changes go through the service: it refuses frozen rules and writes the audit.
        # The lists formset.save() would fill feed the admin's own change message.
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        for rules_form in formset.forms:
            changes = rule_changes(rules_form) if rules_form.has_changed() else {}
            if changes and _update_rules(request, form.instance, changes):
                formset.changed_objects.append((rules_form.instance, list(changes)))

    def response_add(
        self, request: HttpRequest, obj: Season, post_url_continue: str | None = None
    ) -> HttpResponse:
        response = super().response_add(request, obj, post_url_continue)
        if "_addanother" in request.POST or IS_POPUP_VAR in request.POST:
            return response
        # Straight on to the new season's rules, which were copied rather than chosen.
        return HttpResponseRedirect(reverse("admin:league_season_change", args=[obj.pk]))

    # Actions: each calls one service per season and reports what it refused.

    def _each(
        self,
        request: HttpRequest,
        queryset: QuerySet[Season],
        call: Callable[[Season], str],
    ) -> None:
        for season in queryset.select_related("league"):
            try:
                done = call(season)
            except LeagueError as error:
                self.message_user(request, f"{season}: {error.message}", messages.ERROR)
            else:
                self.message_user(request, f"{season}: {done}", messages.SUCCESS)

    @admin.action(description="Generate the schedule of the selected seasons")
    def generate_schedule(self, request: HttpRequest, queryset: QuerySet[Season]) -> None:
        def call(season: Season) -> str:
            rounds = league_services.season_generate_schedule(season=season, actor=request.user)
            return f"{len(rounds)} rounds scheduled."

        self._each(request, queryset, call)

    def _transition(self, request: HttpRequest, queryset: QuerySet[Season], to: str) -> None:
        def call(season: Season) -> str:
            moved = league_services.season_transition(season=season, to=to, actor=request.user)
            return f"now {moved.get_status_display().lower()}."

        self._each(request, queryset, call)

    @admin.action(description="Start the selected draft seasons (freezes their rules)")
    def start_season(self, request: HttpRequest, queryset: QuerySet[Season]) -> None:
        self._transition(request, queryset, Season.Status.ACTIVE)

    @admin.action(description="Finish the selected seasons")
    def finish_season(self, request: HttpRequest, queryset: QuerySet[Season]) -> None:
        self._transition(request, queryset, Season.Status.FINISHED)

    @admin.action(description="Archive the selected finished seasons")
    def archive_season(self, request: HttpRequest, queryset: QuerySet[Season]) -> None:
        self._transition(request, queryset, Season.Status.ARCHIVED)


# --- Standings, rounds and fixtures ------------------------------------------------------------


@admin.register(StandingRow)
class StandingRowAdmin(ReadOnlyAdmin):
    """The stored table: the standings service computes it from the results."""

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
    list_filter = ("season__league", ("season", SeasonListFilter))
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


class FixtureInline(ReadOnlyTabularInline):
    model = Fixture
    fields = ("home_team", "away_team", "status", "kickoff")
    show_change_link = True

    def get_queryset(self, request: HttpRequest) -> QuerySet[Fixture]:
        return super().get_queryset(request).select_related("home_team", "away_team")


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    """Rounds come from the schedule generator; only their date and stage are edited here."""

    list_display = ("__str__", "season", "stage", "status", "starts_on", "fixture_count")
    list_filter = ("stage", "status", "season__league", ("season", SeasonListFilter))
    search_fields = ("season__name", "season__league__name")
    list_select_related = ("season__league",)
    date_hierarchy = "starts_on"
    ordering = ("season__league__name", "-season__created_at", "number")
    fields = ("season", "number", "stage", "status", "starts_on", "opened_at")
    readonly_fields = ("season", "number", "status", "opened_at")
    inlines = (FixtureInline,)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Round]:
        return super().get_queryset(request).annotate(fixture_count=Count("fixtures"))

    @admin.display(description="Fixtures", ordering="fixture_count")
    def fixture_count(self, obj: Any) -> int:
        return int(obj.fixture_count)


@admin.register(Fixture)
class FixtureAdmin(admin.ModelAdmin):
    """Fixtures come from the schedule generator; only the kick-off time is edited here."""

    list_display = ("__str__", "season", "round_number", "status", "kickoff")
    list_filter = ("status", "round__season__league", ("round__season", SeasonListFilter))
    search_fields = (
        "home_team__name",
        "away_team__name",
        "home_team__short_name",
        "away_team__short_name",
    )
    list_select_related = ("round__season__league", "home_team", "away_team")
    date_hierarchy = "kickoff"
    ordering = ("round__season__league__name", "-round__season__created_at", "round__number", "id")
    fields = ("round", "home_team", "away_team", "status", "kickoff", "updated_at")
    readonly_fields = ("round", "home_team", "away_team", "status", "updated_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="Season", ordering="round__season")
    def season(self, obj: Fixture) -> Season:
        return obj.round.season

    @admin.display(description="Round", ordering="round__number")
    def round_number(self, obj: Fixture) -> int:
        return obj.round.number


# --- The audit log -----------------------------------------------------------------------------


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    """Append-only: nobody adds, changes or deletes an entry here."""

    list_display = ("created", "actor", "league", "action", "object_link", "message")
    list_filter = (
        "action",
        ("league", admin.RelatedOnlyFieldListFilter),
        ("actor", admin.RelatedOnlyFieldListFilter),
        ("content_type", admin.RelatedOnlyFieldListFilter),
    )
    search_fields = ("action", "object_repr", "message", "actor__username", "league__name")
    list_select_related = ("actor", "league", "content_type")
    date_hierarchy = "created_at"
    ordering = ("-created_at", "-id")
    fields = ("created_at", "actor", "league", "action", "object_link", "message", "changes")
    readonly_fields = fields

    @admin.display(description="When", ordering="created_at")
    def created(self, obj: AuditEntry) -> str:
        return when(obj.created_at)

    @admin.display(description="Object", ordering="object_repr")
    def object_link(self, obj: AuditEntry) -> str:
        kind = obj.content_type.name if obj.content_type else ""
        label = f"{kind.capitalize()}: {obj.object_repr}" if kind else obj.object_repr
        if obj.content_type is None or not obj.object_id:
            return label
        try:
            url = reverse(
                f"admin:{obj.content_type.app_label}_{obj.content_type.model}_change",
                args=[obj.object_id],
            )
        except NoReverseMatch:
            return label
        return format_html('<a href="{}">{}</a>', url, label)

    @admin.display(description="Changes")
    def changes(self, obj: AuditEntry) -> str:
        before, after = obj.before or {}, obj.after or {}
        keys = sorted(set(before) | set(after))
        if not keys:
            return "—"
        rows: Iterable[tuple[str, str, str]] = (
            (
                key,
                _json(before[key]) if key in before else "—",
                _json(after[key]) if key in after else "—",
            )
            for key in keys
            if before.get(key) != after.get(key) or key not in before
        )
        body = format_html_join("", '<tr><th scope="row">{}</th><td>{}</td><td>{}</td></tr>', rows)
        if not body:
            return "No field changed."
        return format_html(
            '<table class="audit-changes"><thead><tr><th scope="col">Field</th>'
            '<th scope="col">Before</th><th scope="col">After</th></tr></thead>'
            "<tbody>{}</tbody></table>",
            body,
        )


from league.api import admin as api_admin  # noqa: E402, F401  (API tokens, league/api/admin.py)
