"""The team admin: created through rosters.services.team_create (the league app may not
import rosters), its players inline, and the call-up step."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count, Prefetch, Q, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join
from django.utils.text import slugify

from league import services as league_services
from league.admin.base import LeagueModelAdmin, adopt
from league.admin.display import admin_url, changelist_url, when
from league.admin.scoping import LeagueListFilter, scope_for
from league.admin.steps import Step, StepDone
from league.errors import DomainError
from league.models import Season, Team
from rosters import services as roster_services
from rosters.models import DiceRoll, Player
from rosters.table_dice import faces_resolve
from rules.magnoball.creation import roll_new_roster
from rules.magnoball.vocabulary import Position

# --- Teams -------------------------------------------------------------------------------------


class PlayerInline(admin.TabularInline[Player, Team]):
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
        "rolls",
    )
    readonly_fields = ("status", "superstar", "roster_state", "games_played", "called_up", "rolls")
    extra = 0
    can_delete = False
    show_change_link = True
    ordering = ("string", "shirt_number", "id")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # Players join at team creation or as call-ups (M-P2, M-P9).

    def get_queryset(self, request: HttpRequest) -> QuerySet[Player]:
        # The rolls each player was created with (M-P4, M-P8), in one query for the roster.
        creation = DiceRoll.objects.filter(fixture__isnull=True).order_by("sequence", "id")
        return (
            super()
            .get_queryset(request)
            .prefetch_related(Prefetch("dice_rolls", queryset=creation, to_attr="creation"))
        )

    @admin.display(description="Rolled at creation")
    def rolls(self, obj: Player) -> str:
        if obj.pk is None:
            return "—"
        made = getattr(obj, "creation", [])
        return format_html(
            '{} <a href="{}">ledger</a>',
            format_html_join(
                " · ", "{} {} → {}", ((roll.purpose, roll.die, roll.result) for roll in made)
            ),
            changelist_url(DiceRoll, player=obj.pk),
        )


def _creation_faces_field() -> forms.CharField:
    """The coach's creation d12s, entered for him where the season rolls at the table."""
    return forms.CharField(
        required=False,
        label="Table dice",
        help_text="Only for a season whose coaches roll creation at the table (M-P4, M-P8): "
        "the coach's d12s in roster order, per player the status roll then the Superstar "
        "roll (as the season uses them), separated by spaces. You enter them for him; the "
        "ledger records them as entered by you.",
        widget=forms.Textarea(attrs={"rows": 3}),
    )


class TeamAddForm(forms.ModelForm[Team]):
    season = forms.ModelChoiceField(
        queryset=Season.objects.none(),
        help_text="The team enters this season. Its 18 players are rolled now (M-P2, M-P4, "
        "M-P8) and every roll goes to the dice ledger. Only seasons without a schedule "
        "take new teams.",
    )

    faces = _creation_faces_field()

    class Meta:
        model = Team
        fields = ("name", "short_name", "coach", "colour")
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
        self._clean_faces(season, cleaned)
        return cleaned

    def _clean_faces(self, season: Season, cleaned: dict[str, Any]) -> None:
        """The table's d12s as a list, checked now against the rolls the rules make (the
        service checks them again when it creates the team)."""
        words = (cleaned.get("faces") or "").replace(",", " ").split()
        table = season.rules.table_dice("creation")
        if not words:
            cleaned["faces"] = None
            if table:
                self.add_error("faces", "This season's coaches roll creation: enter the d12s.")
            return
        if not table:
            self.add_error("faces", "The server rolls new teams in this season; leave this empty.")
            return
        if not all(w.isdigit() for w in words):
            self.add_error("faces", "Enter whole numbers separated by spaces.")
            return
        settings = season.rules.to_engine()
        try:
            faces_resolve(
                [int(w) for w in words],
                lambda entered: roll_new_roster(entered, settings),
                what="creation rolls",
            )
        except DomainError as error:
            self.add_error("faces", error.message)
            return
        cleaned["faces"] = [int(w) for w in words]


class TeamChangeForm(forms.ModelForm[Team]):
    faces = _creation_faces_field()

    class Meta:
        model = Team
        fields = ("name", "short_name", "coach", "colour")
        widgets = {"colour": forms.TextInput(attrs={"type": "color"})}


class CallUpForm(forms.Form):
    name = forms.CharField(max_length=60, help_text="The Rookie's name, new in the team.")
    position = forms.ChoiceField(choices=[(p.value, p.label) for p in Position])


def _explain_call_up(team: Team) -> list[str]:
    active = team.players.filter(roster_state=Player.RosterState.ACTIVE).count()
    return [
        f"A Rookie joins {team}'s second string in the position you choose (M-P4, M-P9).",
        f"{team} has {active} of 18 active players; a call-up needs an open spot (put an "
        "injured player on the injured list, or release one, first).",
    ]


def _run_call_up(request: HttpRequest, team: Team, form: CallUpForm) -> StepDone:
    player = roster_services.player_call_up(
        team=team,
        name=form.cleaned_data["name"],
        position=Position(form.cleaned_data["position"]),
        actor=request.user,
    )
    return StepDone(f"{player} joins {team} as a Rookie {player.get_position_display()}.")


TEAM_STEPS = (
    Step(
        name="call-up",
        label="Call up a Rookie",
        explain=_explain_call_up,
        run=_run_call_up,
        form=lambda team, data: CallUpForm(data),
    ),
)


@admin.register(Team)
class TeamAdmin(LeagueModelAdmin[Team]):
    """Teams are created by the rules (team_create: 18 players rolled, every roll in the
    dice ledger) straight into a season; their name, coach and colour are edited here."""

    list_display = (
        "team",
        "short_name",
        "league",
        "coach",
        "active_players",
        "rolls",
        "created",
    )
    list_display_links = ("team",)
    list_filter = (("league", LeagueListFilter),)
    search_fields = ("name", "short_name", "slug", "coach__username")
    list_select_related = ("league", "coach")
    ordering = ("league__name", "name")
    autocomplete_fields = ("coach",)
    steps = TEAM_STEPS
    delete_refusal = (
        "{name} is kept for the record: its players, fixtures and rolls refer to it. "
        "A team leaves a league by not being rolled over into its next season."
    )

    def get_form(
        self, request: HttpRequest, obj: Team | None = None, change: bool = False, **kwargs: Any
    ) -> Any:
        kwargs["form"] = TeamAddForm if obj is None else TeamChangeForm
        form = super().get_form(request, obj, change, **kwargs)
        return type(form.__name__, (form,), {"request": request})

    def get_fieldsets(self, request: HttpRequest, obj: Team | None = None) -> Any:
        if obj is None:
            return (
                (None, {"fields": ("season", "name", "short_name", "coach", "colour", "faces")}),
            )
        return (
            (None, {"fields": ("league", "name", "short_name", "slug", "coach", "colour")}),
            ("Record", {"fields": ("created_at", "creation_rolls", "seasons_entered")}),
        )

    def get_readonly_fields(self, request: HttpRequest, obj: Team | None = None) -> Any:
        if obj is None:
            return ()
        return ("league", "slug", "created_at", "creation_rolls", "seasons_entered")

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

    @admin.display(description="Rolls")
    def rolls(self, obj: Team) -> str:
        return format_html('<a href="{}">Dice ledger</a>', changelist_url(DiceRoll, team=obj.pk))

    @admin.display(description="Rolled at creation")
    def creation_rolls(self, obj: Team) -> str:
        rolls = DiceRoll.objects.filter(team=obj, fixture__isnull=True)
        by_purpose = rolls.values_list("purpose").annotate(count=Count("id")).order_by("purpose")
        summary = ", ".join(f"{count} {purpose}" for purpose, count in by_purpose) or "none"
        return format_html(
            '{} (<a href="{}">every roll of the team in the dice ledger</a>)<div class="help">'
            "Status (M-P4) and Superstar (M-P8) rolls of its 18 players, made when the team "
            "was created.</div>",
            summary,
            changelist_url(DiceRoll, team=obj.pk),
        )

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

    @admin.display(description="Active players", ordering="active_count")
    def active_players(self, obj: Any) -> str:
        return f"{obj.active_count} / 18"

    @admin.display(description="Created", ordering="created_at")
    def created(self, obj: Team) -> str:
        return when(obj.created_at)

    def save_model(self, request: HttpRequest, obj: Team, form: Any, change: bool) -> None:
        data = form.cleaned_data
        if change:
            # The form has checked the fields; the service saves them and writes the audit.
            changes = {
                name: data[name]
                for name in form.changed_data
                if name in league_services.TEAM_EDITABLE
            }
            league_services.team_update(team=obj, actor=request.user, changes=changes)
            return
        team = roster_services.team_create(
            season=data["season"],
            name=data["name"],
            short_name=data["short_name"],
            actor=request.user,
            coach=data["coach"],
            colour=data["colour"],
            faces=data.get("faces"),
        )
        adopt(obj, team)
