"""A played MagnoBall fixture's match report (stat lines, injuries, board replay and
play-by-play), rendered once per league page version and cached for every visitor: it holds
nothing that differs by visitor (the controls, line-ups and inspections around it are
rendered each time).

Its rows are the result, its appearances, stat lines and match events (whose every write
bumps the version: migration games 0007), the players, teams, injuries and the season's
board size (league/page_versions.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from games.selectors import match_report, replay_data
from league.models import Fixture
from league.page_versions import page_version
from rules.magnoball.vocabulary import StatCategory

#: Evicts copies nobody asks for any more; never what makes a page current.
KEEP_SECONDS = 24 * 3600


@dataclass(frozen=True)
class ReportPart:
    html: SafeString
    #: What the scoreboard above it shows of the result.
    result: dict[str, Any]
    #: Whether it holds the board replay (its page then loads the replay's script).
    replay: bool


def fixture_report_part(*, fixture: Fixture) -> ReportPart | None:
    """The match report of `fixture`, None before it has a result. One query when cached
    (the version)."""
    if fixture.status != Fixture.Status.PLAYED:
        return None
    version = page_version(league_id=fixture.round.season.league_id)
    key = None
    if version is not None:
        key = f"fixture-report:{fixture.pk}:{fixture.round.season.created_at.timestamp()}:{version}"
        if (cached := cache.get(key)) is not None:
            html, result, replay = cached
            return ReportPart(mark_safe(str(html)), result, bool(replay))
    report = match_report(fixture=fixture)
    if report is None:
        return None
    replay = replay_data(fixture=fixture, report=report) if report.events else None
    html = render_to_string(
        "games/includes/fixture_report_body.html",
        {
            "fixture": fixture,
            "report": report,
            "report_sides": [(fixture.home_team, report.home), (fixture.away_team, report.away)],
            "replay": replay,
            "categories": list(StatCategory),
        },
    )
    result = {
        "home_score": report.result.home_score,
        "away_score": report.result.away_score,
        "overtime": report.result.overtime,
        "source": report.result.get_source_display(),
    }
    if key is not None:
        cache.set(key, (str(html), result, replay is not None), KEEP_SECONDS)
    return ReportPart(mark_safe(html), result, replay is not None)
