"""The standings page's table and position-by-round chart, rendered once per league page
version (league/page_versions.py) and cached: every write to the rows they show (a result
recorded, corrected or voided and the standings it changes, a team renamed, a season
moved on) bumps the version in its own transaction, so a cached copy is never stale.

What they show comes from the core's rows only: the standing rows, their teams and their
divisions (a table each, league/selectors/divisions.py), the season and league names, the results
the chart replays and the game's own tie-breaker counts of those results (their reports bump the
version too). The table settings the chart replays them with are the season's rules,
which are frozen once it leaves its draft, and a draft has no results to chart."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from league.honours.form import played_results, season_form
from league.models import Season
from league.odds.selectors import standings_odds
from league.page_versions import page_version
from league.selectors.divisions import division_tables
from league.selectors.standings import standings_by_round, standings_counts, standings_for_season

#: Evicts copies nobody asks for any more; never what makes a page current (the version
#: in the key does).
KEEP_SECONDS = 24 * 3600


@dataclass(frozen=True)
class StandingsBody:
    html: SafeString
    #: Whether it holds the chart (its page then loads Chart.js).
    chart: bool


def standings_body(*, season: Season) -> StandingsBody:
    """The table (with "Why" per row, the form guide, and the power ranking and odds
    columns) and the charts of `season`. One query when cached (the version)."""
    version = page_version(league_id=season.league_id)
    key = None
    if version is not None:
        key = f"standings-body:{season.pk}:{season.created_at.timestamp()}:{version}"
        if (cached := cache.get(key)) is not None:
            return StandingsBody(mark_safe(cached[0]), cached[1])
    rows = list(standings_for_season(season=season))
    played = played_results(season=season)  # the chart's and the form guide's results
    by_round = standings_by_round(season=season, rows=rows, played=played)
    odds = standings_odds(season=season, rows=rows)  # the power ranking and odds columns
    counts = standings_counts(season=season)  # the game's own tie-breakers (e.g. kills)
    html = render_to_string(
        "league/includes/standings_body.html",
        # The form guide reads the same results, which bump the version too.
        {
            "season": season,
            "rows": rows,
            "by_round": by_round,
            "form_guide": season_form(season=season, results=played),
            "divisions": division_tables(season=season, rows=rows),
            "odds": odds,
            "count_columns": counts.columns,
            "count_rows": {row.team_id: list(counts.of(row.team_id).values()) for row in rows},
        },
    )
    chart = bool(by_round["rounds"])
    if key is not None:
        cache.set(key, (str(html), chart), KEEP_SECONDS)
    return StandingsBody(mark_safe(html), chart)
