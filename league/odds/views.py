"""The season's odds page (every team's chance of every final place) and a team's power
ranking: its page and its rating chart, an SVG image (docs/odds.md)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from league.models import League, Season, Team
from league.odds.selectors import (
    odds_decided,
    odds_figures,
    odds_latest,
    odds_pending,
    playoffs_possible,
    rating_history,
    ratings_ranked,
)
from league.odds.templatetags.odds_tags import rating_chart_context
from league.selectors.leagues import league_visible_q, season_for_user

_MODEL_WORDS = {
    True: (
        "Each game's odds come from the game's own engine: every pairing still to play is "
        "simulated a few hundred times with both teams as they stand now (their players, "
        "statuses, injuries and enhancements) and the season's settings."
    ),
    False: (
        "Each game's odds come from the two teams' Elo ratings (the home side a little "
        "favoured) and the season's share of draws so far; scores are drawn from the "
        "season's own results."
    ),
}


def season_odds(request: HttpRequest, league: str, season: str) -> HttpResponse:
    try:
        the_season = season_for_user(user=request.user, league_slug=league, season_slug=season)
    except Season.DoesNotExist as missing:
        raise Http404("No such season, or its league is private.") from missing
    decided = odds_decided(season=the_season)
    run = None if decided else odds_latest(season=the_season)
    figures = odds_figures(run=run) if run is not None else []
    powers = ratings_ranked(season=the_season)
    for figure in figures:
        figure.power = powers.get(figure.team_id)  # type: ignore[attr-defined]
    places = len(figures[0].positions) if figures else 0
    return render(
        request,
        "league/odds.html",
        {
            "season": the_season,
            "run": run,
            "pending": None if run or decided else odds_pending(season=the_season),
            "decided": decided,
            "figures": figures,
            "places": [_ordinal(n) for n in range(1, places + 1)],
            "model_words": _MODEL_WORDS[bool(run and run.pairing_matches)],
            "playoffs": playoffs_possible(season=the_season, teams=places),
        },
    )


def _ordinal(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"


def _team(request: HttpRequest, pk: int) -> Team:
    visible = League.objects.filter(league_visible_q(user=request.user)).values("pk")
    team = Team.objects.select_related("league").filter(league__in=visible, pk=pk).first()
    if team is None:
        raise Http404("No such team, or its league is private.")
    return team


def team_rating(request: HttpRequest, pk: int) -> HttpResponse:
    """A team's Elo rating after each game of its latest rated season, with its rank."""
    team = _team(request, pk)
    context = rating_chart_context(rating_history(team=team), team)
    return render(request, "league/team_rating.html", context)


def team_rating_chart(request: HttpRequest, pk: int) -> HttpResponse:
    """The team's rating chart as an SVG image (the team pages show it)."""
    team = _team(request, pk)
    context = rating_chart_context(rating_history(team=team), team)
    response = render(
        request, "league/odds_rating_chart.svg", context, content_type="image/svg+xml"
    )
    response["Cache-Control"] = "max-age=60"
    return response
