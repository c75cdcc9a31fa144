"""A signed-up coach's MagnoBall team (league/signup): his request to join names the team
and, if he likes, its 18 players in roster order (M-P2); where the season's coaches roll
creation at the table (M-P4, M-P8) he enters his d12s. On approval the team is made as the
admin makes one (rosters.services.team_create: 18 players, every roll in the dice ledger),
with him as its coach."""

from __future__ import annotations

from typing import Any

from django import forms

from league.access import Actor
from league.models import Season, Team
from league.signup.forms import JoinRequestForm
from league.signup.models import JoinRequest
from rosters import services as roster_services
from rosters.admin.teams import creation_faces_read
from rules.magnoball import ROSTER_SIZE
from rules.magnoball.creation import roster_template


def _roster_order() -> str:
    """M-P2's 18 places in roster order, in words."""
    template = roster_template()
    first = ", ".join(position.label for position, first in template if first)
    second = ", ".join(position.label for position, first in template if not first)
    return f"first string {first}; second string {second}"


ROSTER_ORDER = _roster_order()


class MagnoBallJoinForm(JoinRequestForm):
    player_names = forms.CharField(
        required=False,
        label="Player names (optional)",
        help_text=f"{ROSTER_SIZE} names, one a line, in roster order (M-P2: {ROSTER_ORDER}). "
        "Leave empty and the players are named for you; you can rename them later.",
        widget=forms.Textarea(attrs={"rows": 6}),
    )
    faces = forms.CharField(
        required=False,
        label="Your creation dice",
        help_text="This season's coaches roll creation at the table (M-P4, M-P8): your d12s in "
        "roster order, per player the status roll then the Superstar roll, separated by spaces.",
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    game_fields = ("player_names", "faces")

    def __init__(self, *args: Any, season: Season, **kwargs: Any) -> None:
        super().__init__(*args, season=season, **kwargs)
        if not season.rules.table_dice("creation"):
            del self.fields["faces"]  # the server rolls: nothing to enter

    def clean_player_names(self) -> list[str] | None:
        lines = [" ".join(line.split()) for line in self.cleaned_data["player_names"].splitlines()]
        names = [line for line in lines if line]
        if not names:
            return None
        if len(names) != ROSTER_SIZE:
            raise forms.ValidationError(
                f"Give {ROSTER_SIZE} names, one a line (you gave {len(names)}), or none."
            )
        if len(set(names)) != ROSTER_SIZE:
            raise forms.ValidationError("Give each player a name of his own.")
        if any(len(name) > 60 for name in names):
            raise forms.ValidationError("Keep each name to 60 characters.")
        return names

    def clean_faces(self) -> list[int] | None:
        return creation_faces_read(self.season, self.cleaned_data.get("faces") or "")


def join_request_build(*, season: Season, request: JoinRequest, actor: Actor) -> Team:
    """The approved request's team, rolled by the season's rules (M-P2, M-P4, M-P8)."""
    choices = request.choices
    return roster_services.team_create(
        season=season,
        name=request.name,
        short_name=request.short_name,
        actor=actor,
        coach=request.user,
        colour=request.colour,
        roster_names=choices.get("player_names") or None,
        faces=choices.get("faces") or None,
    )
