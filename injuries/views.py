"""Between games: the injured list and force-healing, each one service call."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_POST

from injuries import services
from injuries.access import access_injury
from injuries.models import ForceHealingAttempt
from league.web import confirm_page, form_page, run_action, safe_next, shows_refusal
from rosters.access import access_player
from rosters.models import Player
from rules.magnoball.vocabulary import Position


class TableFacesForm(forms.Form):
    """The faces a coach rolled at the table, in order, e.g. "5 3"; the service checks them."""

    faces = forms.CharField(
        label="Faces rolled",
        max_length=200,
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )

    def __init__(self, *args: Any, die: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["faces"]
        field.help_text = (
            f"The player's {die}, then the d10, e.g. “5 3”. After a tie add the re-roll: “4 4 6 2”."
        )

    def clean_faces(self) -> list[int]:
        words = self.cleaned_data["faces"].replace(",", " ").split()
        if not words or not all(w.isdigit() for w in words):
            raise forms.ValidationError("Enter the faces as whole numbers, e.g. “5 3”.")
        return [int(w) for w in words]


def _back(request: HttpRequest, team_id: int) -> str:
    return safe_next(request, default=reverse("team", args=[team_id]))


@login_required
@shows_refusal
def player_injured_list(request: HttpRequest, pk: int) -> HttpResponse:
    """Asked first, as Release is: the spot he frees may be taken before he is fit again."""
    player = access_player(user=request.user, player_id=pk)
    return confirm_page(
        request,
        lambda: services.player_injured_list_put(player=player, actor=request.user),
        title=f"Put {player} on the injured list",
        intro=f"{player} leaves the active roster and his spot opens for a Rookie "
        f"call-up (M-P9). He comes back with Reactivate once he is fit, if {player.team} "
        "has an open spot then.",
        team=player.team,
        submit="Put on the injured list",
        success=f"{player} is on the injured list; his roster spot is open.",
        back=_back(request, player.team_id),
        changed=f"player-{player.pk}",
    )


@require_POST
def player_reactivate(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=pk)
    return run_action(
        request,
        lambda: services.player_reactivate(player=player, actor=request.user),
        success=f"{player} is back on the active roster.",
        back=_back(request, player.team_id),
        changed=f"player-{player.pk}",
    )


def _outcome(attempt: ForceHealingAttempt) -> str:
    player = attempt.injury.player
    if attempt.succeeded:
        return (
            f"Force-healing worked: {player} rolled {attempt.player_result} against the "
            f"healer's {attempt.healer_result} and is fit again."
        )
    return (
        f"Force-healing failed: {player} rolled {attempt.player_result} against the "
        f"healer's {attempt.healer_result}. He stays out."
    )


@login_required
@shows_refusal
def injury_heal(request: HttpRequest, pk: int) -> HttpResponse:
    injury = access_injury(user=request.user, injury_id=pk)
    player = injury.player
    die = f"d{Position(player.position).injury_die}"
    if injury.season.rules.table_dice("force_healing"):
        form: forms.Form = TableFacesForm(request.POST or None, die=die)
        who = "You roll both at the table and enter the faces."
        submit = "Enter the roll"
    else:
        form = forms.Form(request.POST if request.method == "POST" else None)
        who = "The server rolls and records both dice."
        submit = "Roll for force-healing"
    return form_page(
        request,
        form,
        lambda data: services.injury_force_heal(
            injury=injury, actor=request.user, faces=data.get("faces")
        ),
        context={
            "title": f"Force-heal {player}",
            "intro": f"One attempt per injury, before {player.team}'s next game (M-I3): "
            f"{player} rolls his {die} against the healer's d10; higher heals him fully, "
            f"a tie is rolled again. {who}",
            "team": player.team,
            "submit": submit,
        },
        success=_outcome,
        back=_back(request, player.team_id),
        changed=f"player-{player.pk}",
    )
