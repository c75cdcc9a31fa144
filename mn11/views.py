"""Magic Number Eleven's pages: a fixture with its match day and report (and its match day
alone, for the page's poll), the match-day choices (the Away set, a GK pick, a line-up),
the report form with the E-L2 odds aid, a team, the season's discipline, and the season's
live draft board (E-S2) with its JSON state (polled by static/js/mn11_draft.js) and its
pick form. Each view fetches through mn11/access.py, calls one service or selector and
renders."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from league.access import FixtureRoles
from league.errors import DomainError, PermissionRefused
from league.models import Fixture, Season, Team
from league.web import refused, run_action, shows_refusal
from mn11 import selectors, services
from mn11.access import access_fixture, access_season
from mn11.report_input import report_data_parse, report_form_read
from rules.mn11 import AwaySet, GkCard, Side, possessive


def team_page(request: HttpRequest, team: Team) -> HttpResponse:
    """A team, its season's fixtures and its discipline (the core's ``team`` address hands
    over, its league visible to the user)."""
    return render(request, "mn11/team.html", selectors.team_page(team=team))


def fixture_page(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    """A match: its match day as the user may see it, the report once played, and what the
    user may do (choose, pick, submit, report). The core's ``fixture`` address hands over,
    having checked the league is visible to the user."""
    return render(
        request, "mn11/fixture.html", selectors.fixture_page(fixture=fixture, user=request.user)
    )


@never_cache
@require_GET
def fixture_match_day(request: HttpRequest, pk: int) -> HttpResponse:
    """The fixture's match day section alone, as the user may see it: the fixture page polls
    it, so a coach sees the rival's choices without reloading."""
    fixture = access_fixture(user=request.user, fixture_id=pk)
    context = selectors.match_day_fragment(fixture=fixture, user=request.user)
    return render(request, "mn11/includes/match_day.html", context)


def _back(fixture_id: int) -> str:
    return reverse("fixture", args=[fixture_id])


def _choice(value: str, enum: type[AwaySet] | type[GkCard] | type[Side]) -> object | None:
    try:
        return enum(value)
    except ValueError:
        return None


@require_POST
@login_required
@shows_refusal
def away_set(request: HttpRequest, pk: int) -> HttpResponse:
    """E-S1: the Away coach's card set."""
    fixture = access_fixture(user=request.user, fixture_id=pk)
    chosen = _choice(request.POST.get("away_set", ""), AwaySet)
    if not isinstance(chosen, AwaySet):
        return refused(request, "Choose the base or the expansion Away set.", status=400)
    return run_action(
        request,
        lambda: services.away_set_choose(fixture=fixture, actor=request.user, away_set=chosen),
        success=lambda done: (
            f"{fixture.away_team} play the {chosen.label}."
            + (
                f" {possessive(str(fixture.away_team))} line-up held cards of the other set and "
                "is withdrawn: it is to be submitted again."
                if done.lineup_withdrawn
                else ""
            )
        ),
        back=_back(fixture.pk),
    )


@require_POST
@login_required
@shows_refusal
def gk_pick(request: HttpRequest, pk: int) -> HttpResponse:
    """E-S3: a side's GK card."""
    fixture = access_fixture(user=request.user, fixture_id=pk)
    side = _choice(request.POST.get("side", ""), Side)
    card = _choice(request.POST.get("card", ""), GkCard)
    if not isinstance(side, Side) or not isinstance(card, GkCard):
        return refused(request, "Choose a side and one of the GK cards.", status=400)
    return run_action(
        request,
        lambda: services.gk_pick_choose(fixture=fixture, actor=request.user, side=side, card=card),
        success=f"{side.label} picked {card.label}.",
        back=_back(fixture.pk),
    )


@require_POST
@login_required
@shows_refusal
def lineup(request: HttpRequest, pk: int) -> HttpResponse:
    """E-S3: a side's starting line-up: the cards ticked (each a ``cards`` value; a value
    naming several keys, split by spaces or commas, is read as those keys)."""
    fixture = access_fixture(user=request.user, fixture_id=pk)
    side = _choice(request.POST.get("side", ""), Side)
    if not isinstance(side, Side):
        return refused(request, "Choose Home or Away.", status=400)
    cards = [
        key for value in request.POST.getlist("cards") for key in value.replace(",", " ").split()
    ]
    team = fixture.home_team if side is Side.HOME else fixture.away_team
    return run_action(
        request,
        lambda: services.lineup_submit(fixture=fixture, actor=request.user, side=side, cards=cards),
        success=f"{possessive(team.name)} line-up is in (sealed until both are; final then).",
        back=_back(fixture.pk),
    )


@login_required
@shows_refusal
def fixture_report(request: HttpRequest, pk: int) -> HttpResponse:
    """E-R1: the report form (coaches of either team or a commissioner; a commissioner's on a
    played match is a correction)."""
    fixture = access_fixture(user=request.user, fixture_id=pk)
    roles = FixtureRoles(user=request.user, fixture=fixture)
    played = hasattr(fixture, "result")
    if not roles.may_report or (played and not roles.commissioner):
        message = (
            f"{fixture} has been played; a commissioner can correct it."
            if played
            else f"Only the coaches of {fixture} or a commissioner may report its result."
        )
        return refused(request, message, status=403)
    if request.method != "POST":
        return render(request, "mn11/report.html", selectors.report_form(fixture=fixture))
    more = request.POST.get("more", "")
    if more in ("events", "kicks"):  # "More rows" without the page's script: nothing saved
        context = selectors.report_form(fixture=fixture, posted=request.POST, more=more)
        return render(request, "mn11/report.html", context)
    read = report_form_read(request.POST)
    data, errors = report_data_parse(read.raw)
    if not errors:
        action = services.report_correct if played else services.report_record
        try:
            action(fixture=fixture, data=data, actor=request.user)
        except PermissionRefused as error:
            return refused(request, error.message)
        except DomainError as error:
            errors = error.fields or {"__all__": error.message}
        else:
            messages.success(
                request, f"Result saved: {fixture} {data.home_score}–{data.away_score}."
            )
            return HttpResponseRedirect(_back(fixture.pk))
    context = selectors.report_form(
        fixture=fixture, posted=request.POST, errors=read.page_errors(errors)
    )
    return render(request, "mn11/report.html", context, status=400)


def discipline(request: HttpRequest, pk: int) -> HttpResponse:
    """E-D3: the season's warnings, yellows, reds and cards sent off, per team and card."""
    season = access_season(user=request.user, season_id=pk)
    return render(request, "mn11/discipline.html", selectors.discipline_page(season=season))


# --- the draft (E-S2) ------------------------------------------------------------------------


def _board(season: Season, request: HttpRequest) -> selectors.DraftBoard | None:
    """The live board as `request`'s user may see it, its missed picks drawn first."""
    services.draft_catch_up(season=season)
    return selectors.draft_board(season=season, user=request.user)


@require_GET
def draft_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The live board: whose turn it is and until when, the cards left, the squads, the
    history and, for whoever may pick now, the pick form."""
    season = access_season(user=request.user, season_id=pk)
    board = _board(season, request)
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
    board = _board(season, request)
    if board is None:
        return JsonResponse({"started": False})
    return JsonResponse({"started": True, **selectors.draft_board_data(board)})


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
        lambda: services.draft_pick(
            season=season, actor=request.user, card=card, pick_number=pick_number
        ),
        success=lambda pick: (
            f"{pick.team} signed {selectors.card_name(draft=pick.draft, key=pick.card)}."
        ),
        back=reverse("mn11-draft", args=[season.pk]),
    )
