"""The team admin, for every game: a team is created straight into a season through its
game (the ruleset's ``team_admin_create``, else league.services.teams.team_create, which calls its
``team_setup``); its name, coach and colour are edited here. What is the game's own (the
add form's creation inputs, the inlines, the steps, the record, the list's roster column and
the panels, these three as templates it names) its ruleset supplies."""

from __future__ import annotations

from typing import Any, ClassVar

from django import forms
from django.contrib import admin
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join
from django.utils.text import slugify

from league.admin.base import LeagueModelAdmin, adopt
from league.admin.display import admin_url, fragment_html, panels_html, when
from league.admin.scoping import LeagueListFilter, scope_for
from league.admin.steps import Step
from league.capabilities import capability
from league.capabilities.admin_teams import TeamAdminParts
from league.models import Season, Team
from league.rulesets import Ruleset, ruleset_default, ruleset_for, ruleset_get, rulesets
from league.services.teams import TEAM_EDITABLE, team_create, team_update

TEAM_FIELDS = ("name", "short_name", "coach", "colour")


class TeamAddForm(forms.ModelForm[Team]):
    """A new team and the season it enters. A game with creation inputs of its own subclasses
    it (its ruleset's ``team_admin_add_form``) and names them in ``game_fields``."""

    season = forms.ModelChoiceField(
        queryset=Season.objects.none(),
        help_text="The team enters this season, set up by its game's rules. Only seasons "
        "without a schedule take new teams.",
    )

    #: The game's own fields, shown after the team's.
    game_fields: ClassVar[tuple[str, ...]] = ()

    class Meta:
        model = Team
        fields = TEAM_FIELDS
        widgets = {"colour": forms.TextInput(attrs={"type": "color"})}

    #: The request the form is built for (set by TeamAdmin.get_form): seasons are scoped
    #: to the user's leagues.
    request: HttpRequest | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        season_field = self.fields["season"]
        assert isinstance(season_field, forms.ModelChoiceField)
        seasons = (
            Season.objects.filter(
                status__in=(Season.Status.DRAFT, Season.Status.ACTIVE),
                rounds__isnull=True,
                # A tournament's field is entered by its own steps (guest teams included).
                format=Season.Format.LEAGUE,
            )
            .select_related("league")
            .order_by("league__name", "-created_at")
        )
        if self.request is not None:
            seasons = scope_for(Season, seasons, self.request)
        season_field.queryset = seasons

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
        self.clean_game(season, cleaned)
        return cleaned

    def clean_game(self, season: Season, cleaned: dict[str, Any]) -> None:
        """The game's own checks of its fields for `season` (none in the core's form)."""


class TeamChangeForm(forms.ModelForm[Team]):
    class Meta:
        model = Team
        fields = TEAM_FIELDS
        widgets = {"colour": forms.TextInput(attrs={"type": "color"})}


def _season_ruleset(request: HttpRequest) -> Ruleset:
    """The game of the season the add page is for: the season posted, else the one in the
    address (the control room's "Add a team"), else the installation's default game."""
    key = request.POST.get("season") or request.GET.get("season") or ""
    season = (
        Season.objects.filter(pk=key).select_related("league").first() if key.isdigit() else None
    )
    return ruleset_for(season.league) if season else ruleset_get(ruleset_default())


def _game(team: Team) -> TeamAdminParts:
    """What `team`'s game adds to its admin pages."""
    return capability(ruleset_for(team.league), TeamAdminParts)


@admin.register(Team)
class TeamAdmin(LeagueModelAdmin[Team]):
    """Teams are created by their game's rules straight into a season; their name, coach and
    colour are edited here."""

    list_display = ("team", "short_name", "league", "coach", "roster", "created")
    list_display_links = ("team",)
    list_filter = (("league", LeagueListFilter),)
    search_fields = ("name", "short_name", "slug", "coach__username")
    list_select_related = ("league", "coach")
    ordering = ("league__name", "name")
    autocomplete_fields = ("coach",)
    delete_refusal = (
        "{name} is kept for the record: its players, fixtures and rolls refer to it. "
        "A team leaves a league by not being rolled over into its next season."
    )

    def get_form(
        self, request: HttpRequest, obj: Team | None = None, change: bool = False, **kwargs: Any
    ) -> Any:
        kwargs["form"] = self._add_form(request) if obj is None else TeamChangeForm
        form = super().get_form(request, obj, change, **kwargs)
        return type(form.__name__, (form,), {"request": request})

    def _add_form(self, request: HttpRequest) -> type[TeamAddForm]:
        game_form = capability(_season_ruleset(request), TeamAdminParts).team_admin_add_form()
        if game_form is None:
            return TeamAddForm
        assert issubclass(game_form, TeamAddForm)
        return game_form

    def get_fieldsets(self, request: HttpRequest, obj: Team | None = None) -> Any:
        if obj is None:
            fields = ("season", *TEAM_FIELDS, *self._add_form(request).game_fields)
            return ((None, {"fields": fields}),)
        record: tuple[str, ...] = ("created_at", "game_record", "seasons_entered")
        if _game(obj).team_admin_record(team=obj) is None:
            record = ("created_at", "seasons_entered")
        return (
            (None, {"fields": ("league", "name", "short_name", "slug", "coach", "colour")}),
            ("Record", {"fields": record}),
        )

    def get_readonly_fields(self, request: HttpRequest, obj: Team | None = None) -> Any:
        if obj is None:
            return ()
        return ("league", "slug", "created_at", "game_record", "seasons_entered")

    def get_inlines(self, request: HttpRequest, obj: Team | None) -> list[Any]:
        return [] if obj is None else list(_game(obj).team_admin_inlines())

    def get_queryset(self, request: HttpRequest) -> QuerySet[Team]:
        queryset = super().get_queryset(request)
        for ruleset in rulesets():
            queryset = capability(ruleset, TeamAdminParts).team_admin_queryset(queryset)
        return queryset

    def change_page_context(self, request: HttpRequest, obj: Team) -> dict[str, Any]:
        return {"panels": panels_html(_game(obj).team_admin_panels(team=obj))}

    def steps_for(self, obj: Team) -> tuple[Step, ...]:
        return tuple(_game(obj).team_admin_steps())

    @admin.display(description="Roster")
    def roster(self, obj: Team) -> str:
        return fragment_html(_game(obj).team_admin_summary(team=obj)) or "—"

    @admin.display(description="Rolled at creation")
    def game_record(self, obj: Team) -> str:
        return fragment_html(_game(obj).team_admin_record(team=obj))

    @admin.display(description="Seasons")
    def seasons_entered(self, obj: Team) -> str:
        seasons = Season.objects.filter(standings__team=obj).select_related("league")
        return (
            format_html_join(", ", '<a href="{}">{}</a>', ((admin_url(s), s.name) for s in seasons))
            or "—"
        )

    @admin.display(description="Team", ordering="name")
    def team(self, obj: Team) -> str:
        return format_html(
            '<span class="swatch" style="--swatch: {}" aria-hidden="true"></span> {}',
            obj.colour,
            obj.name,
        )

    @admin.display(description="Created", ordering="created_at")
    def created(self, obj: Team) -> str:
        return when(obj.created_at)

    def save_model(self, request: HttpRequest, obj: Team, form: Any, change: bool) -> None:
        data = form.cleaned_data
        if change:
            # The form has checked the fields; the service saves them and writes the audit.
            changes = {name: data[name] for name in form.changed_data if name in TEAM_EDITABLE}
            team_update(team=obj, actor=request.user, changes=changes)
            return
        season: Season = data["season"]
        team = capability(ruleset_for(season.league), TeamAdminParts).team_admin_create(
            season=season, data=data, actor=request.user
        ) or team_create(
            season=season,
            name=data["name"],
            short_name=data["short_name"],
            actor=request.user,
            coach=data["coach"],
            colour=data["colour"],
        )
        adopt(obj, team)
