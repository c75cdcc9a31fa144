"""E-S2: the live draft board of a Magic Number Eleven season, its JSON state (polled by
static/js/mn11_draft.js every few seconds) and its pick form. Each view fetches the season
through `access_season`, calls one service or selector and renders."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser, User
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from league.models import League, Season
from league.selectors.leagues import league_visible_q
from league.web import run_action, shows_refusal
from mn11 import draft as drafts

KEY = "mn11"


def access_season(*, user: User | AnonymousUser, season_id: int) -> Season:
    """A Magic Number Eleven season whose league `user` may see; 404 otherwise."""
    visible = League.objects.filter(league_visible_q(user=user), ruleset=KEY).values("pk")
    season = (
        Season.objects.select_related("league").filter(league__in=visible, pk=season_id).first()
    )
    if season is None:
        raise Http404("No such Magic Number Eleven season, or its league is private.")
    return season


@require_GET
def draft_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The live board: whose turn it is and until when, the cards left, the squads, the
    history and, for whoever may pick now, the pick form."""
    season = access_season(user=request.user, season_id=pk)
    board = drafts.draft_board(season=season, user=request.user)
    context = {
        "season": season,
        "board": board,
        "state_url": reverse("mn11-draft-state", args=[season.pk]),
    }
    return render(request, "mn11/draft.html", context)


@never_cache
@require_GET
def draft_state(request: HttpRequest, pk: int) -> JsonResponse:
    """The board as JSON, for the page's poll (missed picks drawn first)."""
    season = access_season(user=request.user, season_id=pk)
    board = drafts.draft_board(season=season, user=request.user)
    if board is None:
        return JsonResponse({"started": False})
    return JsonResponse({"started": True, **drafts.draft_board_data(board)})


@require_POST
@login_required
@shows_refusal
def draft_pick(request: HttpRequest, pk: int) -> HttpResponse:
    """E-S2: sign a card for the team on the clock (its coach, or a commissioner)."""
    season = access_season(user=request.user, season_id=pk)
    card = request.POST.get("card", "")
    number = request.POST.get("pick", "")
    pick_number = int(number) if number.isdigit() else None
    return run_action(
        request,
        lambda: drafts.draft_pick(
            season=season, actor=request.user, card=card, pick_number=pick_number
        ),
        success=lambda pick: f"{pick.team} signed {drafts.card_name(pick.draft, pick.card)}.",
        back=reverse("mn11-draft", args=[season.pk]),
    )
