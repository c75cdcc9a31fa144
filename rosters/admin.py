"""Admin for teams and their players, season lines, enhancements and the dice ledger.

The Team admin lives here rather than in league/admin.py because it shows the team's players
and creates teams through rosters.services.team_create (the league app may not import
rosters). Values the services roll or count are read-only; the dice ledger is append-only.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count, Prefetch, Q, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.text import slugify

from league import services as league_services
from league.admin import (
    LeagueListFilter,
    LeagueModelAdmin,
    ReadOnlyAdmin,
    ReadOnlyTabularInline,
    ScopedRelatedFieldListFilter,
    SeasonListFilter,
    Step,
    StepDone,
    admin_url,
    adopt,
    as_action,
    changelist_url,
    object_filter,
    scope_for,
    when,
)
from league.errors import DomainError
from league.models import Fixture, Season, Team
from league.templatetags.league_tags import badge_html, signed
from rosters import services as roster_services
from rosters.models import DiceRoll, Enhancement, Player, PlayerSeason, PlayerSeasonStat
from rosters.selectors import player_picks_due, players_with_picks_due, superstars_rule
from rosters.table_dice import faces_resolve
from rules.magnoball.creation import roll_new_roster
from rules.magnoball.vocabulary import Action, EnhancementKind, Position, Status


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


class TeamAddForm(forms.ModelForm):
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


class TeamChangeForm(forms.ModelForm):
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
class TeamAdmin(LeagueModelAdmin):
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
class PlayerAdmin(LeagueModelAdmin):
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
class PlayerSeasonAdmin(ReadOnlyAdmin):
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
class PlayerSeasonStatAdmin(ReadOnlyAdmin):
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
class EnhancementAdmin(ReadOnlyAdmin):
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


# --- The dice ledger ---------------------------------------------------------------------------


@admin.register(DiceRoll)
class DiceRollAdmin(ReadOnlyAdmin):
    """The dice ledger (M-D8) is append-only: nobody adds, changes or deletes a roll here.
    Filter it by fixture, player or team from their pages (``?fixture=``, ``?player=``,
    ``?team=``), or by purpose, source, league and season in the sidebar."""

    read_only_reason = (
        "The dice ledger is append-only (M-D8): a roll is never added, changed or deleted by "
        "hand, so every outcome can be checked against the dice that made it."
    )
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
        ("league", LeagueListFilter),
        ("season", SeasonListFilter),
        "die",
        object_filter("fixture", Fixture, "fixture"),
        object_filter("player", Player, "player"),
        object_filter("team", Team, "team"),
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
