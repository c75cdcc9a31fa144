"""The season admin and its control room, for every game: its set-up (its own settings and
the game's, frozen once it starts), the next steps (season_steps.py), the rounds and the
table; the game's parts of the room (such as inspections, simulations or
short-handed line-ups) come from its ruleset (``season_room_template``,
``season_room_context``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.options import IS_POPUP_VAR
from django.contrib.admin.utils import unquote
from django.db import models
from django.db.models import Count, Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.text import slugify

from league.admin.base import LeagueModelAdmin, adopt
from league.admin.display import admin_url, changelist_url
from league.admin.divisions import DivisionInline, divisions_formset_save, season_divisions_warn
from league.admin.scoping import LeagueListFilter
from league.admin.season_steps import SEASON_STEP, SEASON_STEPS, season_steps_for
from league.admin.steps import Step, as_action
from league.capabilities import capability
from league.capabilities.admin_season import SeasonAdminParts
from league.capabilities.settings import SeasonSettings
from league.errors import DomainError
from league.models import AuditEntry, Division, Fixture, Season
from league.rulesets import ruleset_for
from league.selectors.standings import standings_for_season
from league.services.seasons import (
    DIVISION_SETTINGS,
    SEASON_EDITABLE,
    season_create,
    season_update,
    season_update_rules,
)
from league.services.tournaments import tournament_create, tournament_format_errors
from league.templatetags.league_tags import badge_html


class SeasonAdminForm(forms.ModelForm[Season]):
    """A season's own settings. Its rules are the inline below it; its status, schedule seed
    and champion move only through the steps."""

    class Meta:
        model = Season
        fields: tuple[str, ...] = (
            "league",
            "name",
            "starts_on",
            "double_round_robin",
            "days_between_rounds",
            "playoff_teams",
            "division_meetings",
            "cross_division_meetings",
            "wild_cards",
        )
        help_texts = {
            "starts_on": "The date of round 1; later rounds follow every “days between "
            "rounds”. Leave empty for undated rounds.",
            "days_between_rounds": "Days from one round to the next when the schedule is "
            "generated.",
        }

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


class SeasonOrTournamentForm(SeasonAdminForm):
    """The season's form, with a tournament's shape checked as its service checks it."""

    class Meta(SeasonAdminForm.Meta):
        fields = (
            *SeasonAdminForm.Meta.fields,
            "format",
            "group_count",
            "group_qualifiers",
            "counts_for_careers",
        )

    #: Optional on the add page (a league season needs none of them): left out, the
    #: model's default.
    OPTIONAL = ("format", "group_count", "group_qualifiers", "days_between_rounds")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in self.OPTIONAL:
            if name in self.fields:
                self.fields[name].required = False

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        for name in self.OPTIONAL:
            if name in self.fields and cleaned.get(name) in (None, ""):
                field = Season._meta.get_field(name)
                assert isinstance(field, models.Field)
                cleaned[name] = field.get_default()
        if self.instance._state.adding and cleaned.get("format") == Season.Format.TOURNAMENT:
            errors = tournament_format_errors(
                cleaned.get("group_count") or 0, cleaned.get("group_qualifiers") or 0
            )
            for name, message in errors.items():
                self.add_error(name, message)
        return cleaned


def _tables(season: Season) -> list[tuple[str, list[Any]]]:
    """The control room's tables: a tournament's, one per group once drawn; else one."""
    rows = list(standings_for_season(season=season).select_related("group"))
    if season.is_tournament and any(row.group_id for row in rows):
        rows.sort(key=lambda row: row.group.number if row.group else 0)  # stable: by position
        tables: dict[str, list[Any]] = {}
        for row in rows:
            tables.setdefault(str(row.group or "Not drawn"), []).append(row)
        return list(tables.items())
    return [("Standings", rows)] if rows else []


@admin.register(Season)
class SeasonAdmin(LeagueModelAdmin[Season]):
    """A season's set-up (its settings and rules, frozen once it starts) and its control
    room: the next steps, the rounds, the simulations in progress and the table."""

    form = SeasonOrTournamentForm
    list_display = (
        "name",
        "league",
        "format",
        "status_badge",
        "team_count",
        "round_count",
        "starts_on",
        "champion",
    )
    list_filter = ("format", "status", ("league", LeagueListFilter), "double_round_robin")
    search_fields = ("name", "league__name")
    list_select_related = ("league", "champion")
    date_hierarchy = "starts_on"
    ordering = ("league__name", "-created_at")
    autocomplete_fields = ("league",)
    steps = SEASON_STEPS
    actions = (
        as_action(SEASON_STEP["schedule"], "Generate the schedule of the selected seasons"),
        as_action(SEASON_STEP["start"], "Start the selected draft seasons (freezes their rules)"),
        as_action(SEASON_STEP["close"], "Close the selected seasons"),
        as_action(SEASON_STEP["archive"], "Archive the selected finished seasons"),
    )
    delete_refusal = (
        "{name} is kept for the record: its teams' rolls in the dice ledger and the audit log "
        "refer to it. Archive it once it is finished."
    )

    add_fieldsets = (
        (
            None,
            {
                "fields": ("league", "name", "starts_on", "double_round_robin"),
                "description": "The new season is a draft. Its rules and its playoff format "
                "are copied from the league's latest season (or the defaults); you review "
                "them next, then add its teams and generate its schedule. It becomes the "
                "league's current season on its home-page card once it starts.",
            },
        ),
        (
            "Tournament",
            {
                "fields": (
                    "format",
                    "group_count",
                    "group_qualifiers",
                    "days_between_rounds",
                    "counts_for_careers",
                ),
                "description": "For a tournament: a fixed field of league and guest teams, "
                "a round robin in groups of 3 to 6 and/or a seeded knockout. The groups "
                "times the qualifiers make the bracket: 2, 4, 8, 16 or 32 teams.",
            },
        ),
    )
    change_fieldsets = (
        (
            None,
            {
                "fields": ("league", "name", "slug", "status"),
                "description": "The status moves with the steps above: generate the "
                "schedule, start (which freezes the settings and rules), open rounds, "
                "play (or simulate) the games, playoffs, close, roll over.",
            },
        ),
        (
            "Schedule and playoffs",
            {
                "fields": (
                    "starts_on",
                    "double_round_robin",
                    "days_between_rounds",
                    "playoff_teams",
                    "schedule_seed",
                )
            },
        ),
        (
            "Tournament",
            {
                "fields": (
                    "format",
                    "group_count",
                    "group_qualifiers",
                    "draw_seed",
                    "counts_for_careers",
                )
            },
        ),
        (
            "Divisions",
            {
                "fields": ("division_meetings", "cross_division_meetings", "wild_cards"),
                "description": "For a season in divisions (or conferences), set up below: "
                "how often teams meet within and across divisions, and the playoffs' wild "
                "cards. Division winners plus wild cards must make the playoff teams.",
            },
        ),
        ("Outcome", {"fields": ("champion", "started_at", "finished_at", "created_at")}),
    )

    def get_fieldsets(self, request: HttpRequest, obj: Season | None = None) -> Any:
        if obj is None:
            return self.add_fieldsets
        if obj.is_tournament:
            return tuple(f for f in self.change_fieldsets if f[0] != "Divisions")
        return tuple(f for f in self.change_fieldsets if f[0] != "Tournament")

    def get_readonly_fields(self, request: HttpRequest, obj: Season | None = None) -> Any:
        if obj is None:
            return ()
        # The status, seed and champion move only through the steps; a season stays in its
        # league; its settings are frozen with its rules once it starts.
        fixed: tuple[str, ...] = (
            "league",
            "slug",
            "status",
            "schedule_seed",
            "champion",
            "started_at",
            "finished_at",
            "created_at",
            # A season's format and a tournament's shape are chosen when it is created.
            "format",
            "group_count",
            "group_qualifiers",
            "draw_seed",
            "counts_for_careers",
        )
        if obj.rules_frozen:
            fixed += ("name", "starts_on", "double_round_robin", "days_between_rounds")
            fixed += ("playoff_teams", *DIVISION_SETTINGS)
        return fixed

    def get_inlines(self, request: HttpRequest, obj: Season | None) -> list[Any]:
        # The game's settings come from the league's ruleset.
        if obj is None:
            return []
        game = list(capability(ruleset_for(obj.league), SeasonSettings).season_admin_inlines())
        # A league season may play in divisions; a tournament draws groups instead.
        return game if obj.is_tournament else [*game, DivisionInline]

    def steps_for(self, obj: Season) -> tuple[Step, ...]:
        return season_steps_for(obj)

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
        data = form.cleaned_data
        if change:
            # The form has checked the fields; the service saves them (refusing a change of
            # format once the season has started) and writes the audit.
            changes = {name: data[name] for name in form.changed_data if name in SEASON_EDITABLE}
            season_update(season=obj, actor=request.user, changes=changes)
            return
        if data.get("format") == Season.Format.TOURNAMENT:
            adopt(
                obj,
                tournament_create(
                    league=data["league"],
                    name=data["name"],
                    actor=request.user,
                    starts_on=data["starts_on"],
                    double_round_robin=data["double_round_robin"],
                    days_between_rounds=data["days_between_rounds"],
                    group_count=data["group_count"],
                    group_qualifiers=data["group_qualifiers"],
                    counts_for_careers=data["counts_for_careers"],
                ),
            )
            return
        season = season_create(
            league=data["league"],
            name=data["name"],
            actor=request.user,
            starts_on=data["starts_on"],
            double_round_robin=data["double_round_robin"],
            **{
                name: data[name]
                for name in ("days_between_rounds", "playoff_teams")
                if name in data
            },
        )
        adopt(obj, season)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        if formset.model is Division:
            divisions_formset_save(request, form.instance, formset)
            return
        ruleset = ruleset_for(form.instance.league)
        if formset.model not in {
            inline.model for inline in capability(ruleset, SeasonSettings).season_admin_inlines()
        }:
            super().save_formset(request, form, formset, change)
            return
        # The game's settings go through the service: it refuses frozen settings and writes
        # the audit. The lists formset.save() would fill feed the admin's own change message.
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        for settings_form in formset.forms:
            if not settings_form.has_changed():
                continue
            changes = capability(ruleset, SeasonSettings).season_settings_changes(
                form=settings_form
            )
            if changes and _settings_update(request, form.instance, changes):
                formset.changed_objects.append((settings_form.instance, list(changes)))

    def response_add(
        self, request: HttpRequest, obj: Season, post_url_continue: str | None = None
    ) -> HttpResponse:
        response = super().response_add(request, obj, post_url_continue)
        if "_addanother" in request.POST or IS_POPUP_VAR in request.POST:
            return response
        # Straight on to the new season's rules, which were copied rather than chosen.
        return HttpResponseRedirect(reverse("admin:league_season_change", args=[obj.pk]))

    # The control room.

    def get_urls(self) -> list[URLPattern]:
        room = path(
            "<path:object_id>/control-room/",
            self.admin_site.admin_view(self.control_room_view),
            name="league_season_control_room",
        )
        return [room, *super().get_urls()]

    def control_room_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The control room alone, for the season's page to poll while simulations run."""
        season = self.get_object(request, unquote(object_id))
        if season is None:
            return HttpResponse(status=404)
        context = {**self.change_page_context(request, season), "fragment": True}
        return TemplateResponse(request, context["room"]["template"], context)

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        if request.method == "GET":
            season = self.get_object(request, unquote(object_id))
            if season is not None and season.status == Season.Status.DRAFT:
                # Said before the schedule is generated, not only when it is refused.
                season_divisions_warn(request, season)
        return super().change_view(request, object_id, form_url, extra_context)

    def change_page_context(self, request: HttpRequest, obj: Season) -> dict[str, Any]:
        rounds = list(
            obj.rounds.annotate(
                total=Count("fixtures"),
                played=Count("fixtures", filter=Q(fixtures__status=Fixture.Status.PLAYED)),
                ready=Count("fixtures", filter=Q(fixtures__status=Fixture.Status.READY)),
                waiting=Count("fixtures", filter=Q(fixtures__status=Fixture.Status.INSPECTIONS)),
                simulating=Count("fixtures", filter=Q(fixtures__status=Fixture.Status.SIMULATING)),
            ).order_by("number")
        )
        ruleset = ruleset_for(obj.league)
        room: dict[str, Any] = {
            "season": obj,
            "template": capability(ruleset, SeasonAdminParts).season_room_template,
            "steps": self.step_buttons(request, obj),
            "rounds": [
                {
                    "round": round_,
                    "url": admin_url(round_),
                    "badge": badge_html(
                        {"open": "active", "complete": "finished"}.get(round_.status, "draft"),
                        round_.get_status_display(),
                    ),
                    "fixtures_url": changelist_url(Fixture, round=round_.pk),
                }
                for round_ in rounds
            ],
            "tables": _tables(obj),
            "add_team_url": f"{reverse('admin:league_team_add')}?season={obj.pk}",
            "audit_url": changelist_url(AuditEntry, league__id__exact=obj.league_id),
            "status_badge": badge_html(obj.status, obj.get_status_display()),
            "poll_url": reverse("admin:league_season_control_room", args=[obj.pk]),
            "live": False,
        }
        game = capability(ruleset, SeasonAdminParts).season_room_context(season=obj)
        room.update(game.pop("room", {}))
        # The control room shows the step buttons, with what each does.
        return {"step_buttons": [], "room": room, **game}


def _settings_update(request: HttpRequest, season: Season, changes: dict[str, Any]) -> bool:
    """Save the game's settings a form changed through the service (audited); a refusal is
    the page's error message."""
    try:
        season_update_rules(season=season, changes=changes, actor=request.user)
    except DomainError as error:
        messages.error(request, f"The rules were not changed: {error.message}")
        return False
    return True
