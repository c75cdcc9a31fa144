"""Server-rendered pages. Each view parses the request, calls a selector and renders."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.utils.module_loading import import_string

from league.landing import sign_in_landing
from league.models import Fixture, League, Team
from league.rulesets import ruleset_get
from league.selectors.coaching import coach_openings, coach_teams
from league.selectors.fixtures import fixture_for_page
from league.selectors.home_page import home_body
from league.selectors.leagues import league_for_user, league_seasons, league_visible_q
from league.selectors.story import league_champions
from league.signup.selectors import join_requests_of


def home(request: HttpRequest) -> HttpResponse:
    """A page of cards of the leagues the user may see (his own first): each one's game,
    current season, the top of its table, its last champion and the ways in; cached for
    visitors not signed in (league/selectors/home_page.py)."""
    return render(request, "league/home.html", {"body": home_body(request=request)})


@login_required
def signed_in(request: HttpRequest) -> HttpResponse:
    """LOGIN_REDIRECT_URL: send the person on to his own landing page (league/landing.py)."""
    return HttpResponseRedirect(sign_in_landing(user=request.user))


@login_required
def my_teams(request: HttpRequest) -> HttpResponse:
    """A coach's home: each team he coaches, whatever its game, and what waits for him."""
    teams = coach_teams(user=request.user)  # type: ignore[arg-type]
    openings = coach_openings(user=request.user)  # type: ignore[arg-type]
    context = {
        "teams": teams,
        "openings": openings,
        "join_requests": join_requests_of(user=request.user),  # league/signup
    }
    return render(request, "league/my_teams.html", context)


def league_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A league: its description, seasons (newest first) and teams."""
    try:
        league = league_for_user(user=request.user, slug=slug)
    except League.DoesNotExist as missing:
        raise Http404("No such league, or it is private.") from missing
    return render(
        request,
        "league/league.html",
        {
            "league": league,
            "seasons": list(league_seasons(league=league)),
            "teams": list(league.teams.order_by("name")),
            "champions": league_champions(league=league),
        },
    )


TeamPage = Callable[[HttpRequest, Team], HttpResponse]
FixturePage = Callable[[HttpRequest, Fixture], HttpResponse]


def _game_page(ruleset_key: str, attribute: str) -> Callable[..., HttpResponse]:
    """The view the game of `ruleset_key` shows its teams or fixtures with (its ruleset's
    ``team_view``/``fixture_view``), named by string so the core imports no game."""
    dotted = getattr(ruleset_get(ruleset_key), attribute)
    if not dotted:
        raise Http404("This game has no such page.")
    return cast(Callable[..., HttpResponse], import_string(dotted))


def team_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A team's page, as its league's game shows it, once its league is visible to the user
    (the one query that finds the team finds its game too)."""
    visible = League.objects.filter(league_visible_q(user=request.user)).values("pk")
    team = Team.objects.select_related("league", "coach").filter(league__in=visible, pk=pk).first()
    if team is None:
        raise Http404("No such team, or its league is private.")
    view = cast(TeamPage, _game_page(team.league.ruleset, "team_view"))
    return view(request, team)


def fixture_page(request: HttpRequest, pk: int) -> HttpResponse:
    """A fixture's page (its match report once played), as its league's game shows it, once
    its league is visible to the user (the one query that finds the fixture, with all its
    page names, finds its game too)."""
    try:
        fixture = fixture_for_page(fixture_id=pk, user=request.user)
    except Fixture.DoesNotExist as missing:
        raise Http404("No such fixture, or its league is private.") from missing
    view = cast(FixturePage, _game_page(fixture.round.season.league.ruleset, "fixture_view"))
    return view(request, fixture)
