"""The coach's roster actions: each view fetches through rosters/access.py (who may change
it), parses, calls one service and goes back to the roster with the changed row
highlighted."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse

from league.models import Team
from league.web import confirm_page, form_page, safe_next, shows_refusal
from rosters import selectors, services
from rosters.access import access_player, access_team
from rosters.forms import CallUpForm, EnhancementForm, PicksForm, RenameForm, SwapForm
from rosters.models import Enhancement, Player
from rules.magnoball.picks import PICK_RULES, actions_allowed, picks_to_offer
from rules.magnoball.vocabulary import ROSTER_SIZE, EnhancementKind, Position


def _roster_url(request: HttpRequest, team: Team) -> str:
    return safe_next(request, default=reverse("team", args=[team.pk]))


def _row(player: Player) -> str:
    return f"player-{player.pk}"


@login_required
@shows_refusal
def player_rename(request: HttpRequest, pk: int) -> HttpResponse:
    player = access_player(user=request.user, player_id=pk)
    form = RenameForm(request.POST or None, initial={"name": player.name})
    return form_page(
        request,
        form,
        lambda data: services.player_rename(player=player, name=data["name"], actor=request.user),
        context={"title": f"Rename {player}", "team": player.team, "submit": "Rename"},
        success=lambda p: f"Renamed {player.name} to {p.name}.",
        back=_roster_url(request, player.team),
        changed=_row(player),
    )


@login_required
@shows_refusal
def player_swap(request: HttpRequest, pk: int) -> HttpResponse:
    player = access_player(user=request.user, player_id=pk)
    candidates = selectors.swap_candidates(player=player)
    form = SwapForm(request.POST or None, candidates=candidates)
    position = Position(player.position)

    def swap(data: dict[str, Any]) -> tuple[Player, Player]:
        other = get_object_or_404(Player.objects.select_related("team__league"), pk=data["other"])
        return services.player_swap_string(player=player, other=other, actor=request.user)

    return form_page(
        request,
        form,
        swap,
        context={
            "title": f"Swap {player}'s string",
            "intro": f"{player} is {player.get_string_display().lower()}. Swap him with a "
            f"{position.label} of the other string: the first string starts (M-P3).",
            "team": player.team,
            "submit": "Swap",
            "empty": None if candidates else f"No other {position.label} to swap with.",
        },
        success=lambda pair: (
            f"{pair[0]} is now {pair[0].get_string_display().lower()}, "
            f"{pair[1]} {pair[1].get_string_display().lower()}."
        ),
        back=_roster_url(request, player.team),
        changed=_row(player),
    )


@login_required
@shows_refusal
def player_picks(request: HttpRequest, pk: int) -> HttpResponse:
    player = access_player(user=request.user, player_id=pk)
    kind = picks_to_offer(player)
    allowed = actions_allowed(kind, Position(player.position))
    form = PicksForm(request.POST or None, allowed=sorted(allowed, key=lambda a: a.label))
    rule = PICK_RULES[kind]
    return form_page(
        request,
        form,
        lambda data: services.player_pick_actions(
            player=player, kind=kind, actions=data["actions"], actor=request.user
        ),
        context={
            "title": f"{player}'s {kind.capitalize()} actions",
            "intro": f"Pick two actions ({rule}); they are fixed once chosen. Only the actions "
            f"a {Position(player.position).label} may take are offered.",
            "team": player.team,
            "submit": "Pick these two",
        },
        success=lambda p: f"{p} now has his {kind.capitalize()} actions.",
        back=_roster_url(request, player.team),
        changed=_row(player),
    )


@login_required
@shows_refusal
def player_fit(request: HttpRequest, pk: int) -> HttpResponse:
    player = access_player(user=request.user, player_id=pk)
    form = EnhancementForm(
        request.POST or None, kinds=selectors.enhancements_fittable(player=player)
    )
    return form_page(
        request,
        form,
        lambda data: services.enhancement_fit(
            player=player, kind=EnhancementKind(data["kind"]), actor=request.user
        ),
        context={
            "title": f"Fit an enhancement to {player}",
            "intro": "Each enhancement is inspected before every match (M-E2): a detection "
            "lets the other coach allow or ban it.",
            "team": player.team,
            "submit": "Fit",
        },
        success=lambda e: f"{e.get_kind_display()} fitted to {player}.",
        back=_roster_url(request, player.team),
        changed=_row(player),
    )


@login_required
@shows_refusal
def player_release(request: HttpRequest, pk: int) -> HttpResponse:
    player = access_player(user=request.user, player_id=pk)
    return confirm_page(
        request,
        lambda: services.player_release(player=player, actor=request.user),
        title=f"Release {player}",
        intro=f"{player} leaves {player.team} for good and frees his roster spot "
        "(M-P9). This cannot be undone.",
        team=player.team,
        submit=f"Release {player}",
        success=lambda p: f"{p} has been released.",
        back=_roster_url(request, player.team),
    )


@login_required
@shows_refusal
def team_call_up(request: HttpRequest, pk: int) -> HttpResponse:
    team = access_team(user=request.user, team_id=pk)
    form = CallUpForm(request.POST or None)
    return form_page(
        request,
        form,
        lambda data: services.player_call_up(
            team=team, name=data["name"], position=Position(data["position"]), actor=request.user
        ),
        context={
            "title": f"Call up a Rookie to {team}",
            "intro": "A Rookie joins the second string in an open spot of the 18 (M-P9).",
            "team": team,
            "submit": "Call up",
            # A full roster says why before the coach types a name (the service refuses too).
            "empty": None
            if selectors.roster_open_spots(team=team)
            else f"{team} has {ROSTER_SIZE} active players: put an injured player on the "
            "injured list or release one to open a spot first.",
        },
        success=lambda p: f"{p} joins {team} as a Rookie.",
        back=_roster_url(request, team),
        changed=lambda p: _row(p),
    )


@login_required
@shows_refusal
def enhancement_remove(request: HttpRequest, pk: int) -> HttpResponse:
    """Asked first, as Release is: a removed enhancement is gone from the player."""
    enhancement = get_object_or_404(
        Enhancement.objects.select_related("player__team__league"), pk=pk
    )
    player = access_player(user=request.user, player_id=enhancement.player_id)
    kind = enhancement.get_kind_display()
    return confirm_page(
        request,
        lambda: services.enhancement_remove(enhancement=enhancement, actor=request.user),
        title=f"Remove {kind} from {player}",
        intro=f"{kind} comes off {player} (M-E1); fitting one again later is a new "
        "enhancement, inspected before every match like any other.",
        team=player.team,
        submit=f"Remove {kind}",
        success=f"{kind} removed from {player}.",
        back=_roster_url(request, player.team),
        changed=_row(player),
    )
