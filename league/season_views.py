"""A season's pages, the same for every game: its overview, standings, fixtures (and their
calendar feed), and a tournament's groups and bracket. A part of a page only one game has
(e.g. top scorers, a leaders page in the menu) is the league's ruleset's to name."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from typing import Any

from django.conf import settings as django_settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone

from league.capabilities import capability
from league.capabilities.pages import SeasonPages
from league.models import Season, Team
from league.rulesets import ruleset_for
from league.selectors import tournaments as tournament_selectors
from league.selectors.divisions import season_has_divisions
from league.selectors.fixtures import (
    recent_results,
    round_choices,
    season_fixture_list,
    season_rounds,
)
from league.selectors.leagues import season_for_user
from league.selectors.standings import standings_for_season
from league.standings_page import standings_body


def season_or_404(request: HttpRequest, league: str, season: str) -> Season:
    """The season if the user may read its league; 404 otherwise."""
    try:
        return season_for_user(user=request.user, league_slug=league, season_slug=season)
    except Season.DoesNotExist as missing:
        raise Http404("No such season, or its league is private.") from missing


def _game_part(season: Season) -> dict[str, Any]:
    """The overview's part that only the league's game has: its template (``game_part``,
    "" for none) and the context that template reads."""
    part = capability(ruleset_for(season.league), SeasonPages).season_overview(season=season)
    if part is None:
        return {"game_part": ""}
    template, context = part
    return {**context, "game_part": template}


def season_home(request: HttpRequest, league: str, season: str) -> HttpResponse:
    the_season = season_or_404(request, league, season)
    return render(
        request,
        "league/season.html",
        {
            "season": the_season,
            "rows": list(standings_for_season(season=the_season)),
            "results": recent_results(season=the_season),
            **_game_part(the_season),
        },
    )


def standings(request: HttpRequest, league: str, season: str) -> HttpResponse:
    the_season = season_or_404(request, league, season)
    settings = ruleset_for(the_season.league).table_settings(season=the_season)
    return render(
        request,
        "league/standings.html",
        {
            "season": the_season,
            "tie_breakers": [t.label for t in settings.tie_breakers],
            "body": standings_body(season=the_season),
        },
    )


def _tournament(request: HttpRequest, league: str, season: str) -> Season:
    the_season = season_or_404(request, league, season)
    if not the_season.is_tournament:
        raise Http404("This season is not a tournament.")
    return the_season


def tournament_groups(request: HttpRequest, league: str, season: str) -> HttpResponse:
    the_season = _tournament(request, league, season)
    settings = ruleset_for(the_season.league).table_settings(season=the_season)
    return render(
        request,
        "league/tournament_groups.html",
        {
            "season": the_season,
            "groups": tournament_selectors.tournament_groups(season=the_season),
            "tie_breakers": [t.label for t in settings.tie_breakers],
        },
    )


def tournament_bracket(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """A tournament's knockout, or a league season's playoffs (in a season in divisions,
    the seeds say which are division winners and which wild cards)."""
    the_season = season_or_404(request, league, season)
    if not the_season.is_tournament and not the_season.playoff_teams:
        raise Http404("This season has no playoffs.")
    in_divisions = not the_season.is_tournament and season_has_divisions(season=the_season)
    return render(
        request,
        "league/tournament_bracket.html",
        {
            "season": the_season,
            "bracket": tournament_selectors.knockout_bracket(season=the_season),
            "in_divisions": in_divisions,
        },
    )


def fixtures(request: HttpRequest, league: str, season: str) -> HttpResponse:
    the_season = season_or_404(request, league, season)
    team = None
    if team_id := request.GET.get("team", ""):
        team = Team.objects.filter(
            pk=team_id if team_id.isdigit() else 0, league=the_season.league
        ).first()
    rounds = season_rounds(season=the_season, team=team)
    wanted = request.GET.get("round", "")
    if wanted.isdigit():
        rounds = [r for r in rounds if r.number == int(wanted)]
    return render(
        request,
        "league/fixtures.html",
        {
            "season": the_season,
            "rounds": rounds,
            "teams": list(Team.objects.filter(standings__season=the_season).order_by("name")),
            "team": team,
            "round_filter": wanted,
            "round_choices": round_choices(season=the_season),
        },
    )


def fixtures_ical(request: HttpRequest, league: str, season: str) -> HttpResponse:
    """The season's fixtures as an iCalendar feed (RFC 5545): one all-day event a round, or
    the kick-off when set; ``?team=<id>`` only that team's (a team not in the season is
    refused, 404, rather than answered with every fixture)."""
    the_season = season_or_404(request, league, season)
    team = None
    if "team" in request.GET:
        team_id = request.GET["team"]
        team = Team.objects.filter(
            pk=team_id if team_id.isdigit() else 0, standings__season=the_season
        ).first()
        if team is None:
            raise Http404("No such team in this season.")
    host = request.get_host()
    stamp = timezone.now().strftime("%Y%m%dT%H%M%SZ")
    lines = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        f"PRODID:-//{_ical_text(django_settings.PRODUCT_NAME)}//Fixtures//EN",
        f"X-WR-CALNAME:{_ical_text(f'{the_season} · {team}' if team else str(the_season))}",
    ]
    for fixture in season_fixture_list(season=the_season, team=team):
        lines += ["BEGIN:VEVENT", f"UID:fixture-{fixture.pk}@{host}", f"DTSTAMP:{stamp}"]
        if fixture.kickoff:
            start = fixture.kickoff.astimezone(UTC)
            lines.append(f"DTSTART:{start:%Y%m%dT%H%M%SZ}")
            lines.append(f"DTEND:{start + timedelta(hours=2):%Y%m%dT%H%M%SZ}")
        elif fixture.round.starts_on:
            day = fixture.round.starts_on
            lines.append(f"DTSTART;VALUE=DATE:{day:%Y%m%d}")
            lines.append(f"DTEND;VALUE=DATE:{day + timedelta(days=1):%Y%m%d}")
        else:
            lines.append(f"DTSTART:{datetime.combine(timezone.now().date(), time()):%Y%m%dT%H%M%S}")
        summary = f"{fixture.home_team} v {fixture.away_team} ({fixture.round.label})"
        if hasattr(fixture, "result"):
            summary += f": {fixture.result.home_score}–{fixture.result.away_score}"
        lines.append(f"SUMMARY:{_ical_text(summary)}")
        url = request.build_absolute_uri(reverse("fixture", args=[fixture.pk]))
        lines += [f"URL:{url}", "END:VEVENT"]
    lines.append("END:VCALENDAR")
    response = HttpResponse(
        "\r\n".join(lines) + "\r\n", content_type="text/calendar; charset=utf-8"
    )
    name = f"{the_season.league.slug}-{the_season.slug}" + (f"-{team.slug}" if team else "")
    response["Content-Disposition"] = f'inline; filename="{name}.ics"'
    return response


def _ical_text(text: str) -> str:
    return text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,").replace("\n", "\\n")
