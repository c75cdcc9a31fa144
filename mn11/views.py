"""Magic Number Eleven's pages: a fixture with its match day and report, the match-day
choices (the Away set, a GK pick, a line-up), the report form with the E-L2 odds aid, a team
and the season's discipline. Each view fetches through mn11/access.py, calls one service or
selector and renders."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_POST

from league.access import FixtureRoles
from league.errors import DomainError, PermissionRefused
from league.models import Fixture, Team
from league.web import refused, run_action, shows_refusal
from mn11 import match_day, page_data, reports
from mn11.access import access_fixture, access_season
from mn11.report_input import report_data_parse, report_form_read
from rules.mn11 import AwaySet, GkCard, Side


def team(request: HttpRequest, team_: Team) -> HttpResponse:
    """A team, its season's fixtures and its discipline (the core's ``team`` address hands
    over, its league visible to the user)."""
    return render(request, "mn11/team.html", page_data.team_page(team=team_))


def fixture(request: HttpRequest, fixture_: Fixture) -> HttpResponse:
    """A match: its match day as the user may see it, the report once played, and what the
    user may do (choose, pick, submit, report). The core's ``fixture`` address hands over,
    having checked the league is visible to the user."""
    return render(
        request, "mn11/fixture.html", page_data.fixture_page(fixture=fixture_, user=request.user)
    )


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
    fixture_ = access_fixture(user=request.user, fixture_id=pk)
    chosen = _choice(request.POST.get("away_set", ""), AwaySet)
    if not isinstance(chosen, AwaySet):
        return refused(request, "Choose the base or the expansion Away set.", status=400)
    return run_action(
        request,
        lambda: match_day.away_set_choose(fixture=fixture_, actor=request.user, away_set=chosen),
        success=f"{fixture_.away_team} play the {chosen.label}.",
        back=_back(fixture_.pk),
    )


@require_POST
@login_required
@shows_refusal
def gk_pick(request: HttpRequest, pk: int) -> HttpResponse:
    """E-S3: a side's GK card."""
    fixture_ = access_fixture(user=request.user, fixture_id=pk)
    side = _choice(request.POST.get("side", ""), Side)
    card = _choice(request.POST.get("card", ""), GkCard)
    if not isinstance(side, Side) or not isinstance(card, GkCard):
        return refused(request, "Choose a side and one of the GK cards.", status=400)
    return run_action(
        request,
        lambda: match_day.gk_pick_choose(
            fixture=fixture_, actor=request.user, side=side, card=card
        ),
        success=f"{side.label} picked {card.label}.",
        back=_back(fixture_.pk),
    )


@require_POST
@login_required
@shows_refusal
def lineup(request: HttpRequest, pk: int) -> HttpResponse:
    """E-S3: a side's starting line-up, one card key a line (or separated by commas)."""
    fixture_ = access_fixture(user=request.user, fixture_id=pk)
    side = _choice(request.POST.get("side", ""), Side)
    if not isinstance(side, Side):
        return refused(request, "Choose Home or Away.", status=400)
    text = request.POST.get("cards", "")
    cards = [card for card in text.replace(",", "\n").split() if card]
    return run_action(
        request,
        lambda: match_day.lineup_submit(
            fixture=fixture_, actor=request.user, side=side, cards=cards
        ),
        success=f"{side.label}'s line-up is in (sealed until both are).",
        back=_back(fixture_.pk),
    )


@login_required
@shows_refusal
def fixture_report(request: HttpRequest, pk: int) -> HttpResponse:
    """E-R1: the report form (coaches of either team or a commissioner; a commissioner's on a
    played match is a correction)."""
    fixture_ = access_fixture(user=request.user, fixture_id=pk)
    roles = FixtureRoles(user=request.user, fixture=fixture_)
    played = hasattr(fixture_, "result")
    if not roles.may_report or (played and not roles.commissioner):
        message = (
            f"{fixture_} has been played; a commissioner can correct it."
            if played
            else f"Only the coaches of {fixture_} or a commissioner may report its result."
        )
        return refused(request, message, status=403)
    if request.method != "POST":
        return render(request, "mn11/report.html", page_data.report_form(fixture=fixture_))
    read = report_form_read(request.POST)
    data, errors = report_data_parse(read.raw)
    if not errors:
        action = reports.report_correct if played else reports.report_record
        try:
            action(fixture=fixture_, data=data, actor=request.user)
        except PermissionRefused as error:
            return refused(request, error.message)
        except DomainError as error:
            errors = error.fields or {"__all__": error.message}
        else:
            messages.success(
                request, f"Result saved: {fixture_} {data.home_score}–{data.away_score}."
            )
            return HttpResponseRedirect(_back(fixture_.pk))
    context = page_data.report_form(
        fixture=fixture_, posted=request.POST, errors=read.page_errors(errors)
    )
    return render(request, "mn11/report.html", context, status=400)


def discipline(request: HttpRequest, pk: int) -> HttpResponse:
    """E-D3: the season's warnings, yellows, reds and cards sent off, per team and card."""
    season = access_season(user=request.user, season_id=pk)
    return render(request, "mn11/discipline.html", page_data.discipline_page(season=season))
