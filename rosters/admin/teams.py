"""MagnoBall's parts of the core's team admin (league/admin/teams.py), handed over by its
ruleset (games/ruleset.py): the players inline, the add form's table dice (M-P4, M-P8),
creation by rosters.services.team_create (18 players rolled, every roll in the dice ledger),
the call-up step, and the team's creation rolls."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import Count, Prefetch, Q, QuerySet
from django.http import HttpRequest
from django.utils.html import format_html, format_html_join

from league.access import Actor
from league.admin.display import changelist_url
from league.admin.steps import Step, StepDone
from league.admin.teams import TeamAddForm
from league.capabilities import Fragment
from league.errors import DomainError
from league.models import Season, Team
from rosters import services as roster_services
from rosters.models import DiceRoll, Player
from rosters.table_dice import faces_resolve
from rules.magnoball.creation import roll_new_roster
from rules.magnoball.vocabulary import Position, roll_purpose_label

CREATION_LINE = (
    "18 players rolled by its rules (M-P2; status M-P4 and Superstar M-P8 rolls in the dice ledger)"
)


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
                " · ",
                "{} {} → {}",
                ((roll_purpose_label(roll.purpose), roll.die, roll.result) for roll in made),
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


class MagnoBallTeamAddForm(TeamAddForm):
    """The core's add form with the coaches' creation dice, where the season rolls at the
    table."""

    faces = _creation_faces_field()
    game_fields = ("faces",)

    def clean_game(self, season: Season, cleaned: dict[str, Any]) -> None:
        self._clean_faces(season, cleaned)

    def _clean_faces(self, season: Season, cleaned: dict[str, Any]) -> None:
        try:
            cleaned["faces"] = creation_faces_read(season, cleaned.get("faces") or "")
        except forms.ValidationError as error:
            self.add_error("faces", error)


def creation_faces_read(season: Season, text: str) -> list[int] | None:
    """The table's d12s as a list (None when the server rolls), checked now against the
    rolls the rules make (the service checks them again when it creates the team); shared by
    the admin's add form and a signed-up coach's request to join (rosters/join.py)."""
    words = text.replace(",", " ").split()
    table = season.rules.table_dice("creation")
    if not words:
        if table:
            raise forms.ValidationError("This season's coaches roll creation: enter the d12s.")
        return None
    if not table:
        raise forms.ValidationError("The server rolls new teams in this season; leave this empty.")
    if not all(w.isdigit() for w in words):
        raise forms.ValidationError("Enter whole numbers separated by spaces.")
    settings = season.rules.to_engine()
    try:
        faces_resolve(
            [int(w) for w in words],
            lambda entered: roll_new_roster(entered, settings),
            what="creation rolls",
        )
    except DomainError as error:
        raise forms.ValidationError(error.message) from None
    return [int(w) for w in words]


def team_create(*, season: Season, data: Mapping[str, Any], actor: Actor) -> Team:
    """The add form's team, rolled by the rules (rosters.services.team_create)."""
    return roster_services.team_create(
        season=season,
        name=data["name"],
        short_name=data["short_name"],
        actor=actor,
        coach=data["coach"],
        colour=data["colour"],
        faces=data.get("faces"),
    )


def team_record(team: Team) -> Fragment:
    """The team page's record of its creation rolls."""
    rolls = DiceRoll.objects.filter(team=team, fixture__isnull=True)
    by_purpose = rolls.values_list("purpose").annotate(count=Count("id")).order_by("purpose")
    summary = (
        ", ".join(f"{count} × {roll_purpose_label(purpose)}" for purpose, count in by_purpose)
        or "none"
    )
    ledger = changelist_url(DiceRoll, team=team.pk)
    return "admin/rosters/team_record.html", {"summary": summary, "ledger_url": ledger}


def team_list_annotate(queryset: QuerySet[Team]) -> QuerySet[Team]:
    """The team list's active players, counted in its one query (none for another game)."""
    active = Count("players", filter=Q(players__roster_state=Player.RosterState.ACTIVE))
    return queryset.annotate(magnoball_active=active)


def team_summary(team: Team) -> Fragment:
    """The team list's roster column: active players of 18, and the team's dice ledger."""
    active = getattr(team, "magnoball_active", None)
    if active is None:
        active = team.players.filter(roster_state=Player.RosterState.ACTIVE).count()
    ledger = changelist_url(DiceRoll, team=team.pk)
    return "admin/rosters/team_summary.html", {"active": active, "ledger_url": ledger}


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
