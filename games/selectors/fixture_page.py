"""The parts of a MagnoBall match centre that no visitor changes, rendered once per league
page version and cached for every visitor:

- a played fixture's match report (stat lines, injuries, board replay and play-by-play);
- the line-ups once fixed at kick-off (no coach may change them then, so no control is in
  them).

The controls, inspections and job around them are rendered each time.

Their rows are the result, its appearances, stat lines and match events, the line-up
entries (whose every write bumps the version: migrations games 0007 and 0008), the players,
teams, injuries, the fixture itself and the season's board size (league/page_versions.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from league.models import Fixture, Result
from league.page_versions import page_version
from rules.magnoball.vocabulary import StatCategory

from .lineups import fixture_lineups, lineup_is_fixed
from .match_centre import match_report, replay_data

#: Evicts copies nobody asks for any more; never what makes a page current.
KEEP_SECONDS = 24 * 3600


@dataclass(frozen=True)
class ReportPart:
    html: SafeString
    #: What the scoreboard above it shows of the result.
    result: dict[str, Any]
    #: Whether it holds the board replay (its page then loads the replay's script).
    replay: bool


def fixture_page_version(*, fixture: Fixture) -> int | None:
    """The version the fixture's cached parts are kept under (None: do not cache). One
    query."""
    return page_version(league_id=fixture.round.season.league_id)


def _cached(part: str, fixture: Fixture, version: int | None, build: Callable[[], Any]) -> Any:
    """`build()`'s value for `fixture`'s `part` (None is never kept), from the cache when
    rendered under `version` already. The season's creation time in the key tells apart a
    database rebuilt with the same ids (tests, a restored dump)."""
    if version is None:
        return build()
    key = f"{part}:{fixture.pk}:{fixture.round.season.created_at.timestamp()}:{version}"
    value = cache.get(key)
    if value is None:
        value = build()
        if value is not None:
            cache.set(key, value, KEEP_SECONDS)
    return value


def fixture_report_part(*, fixture: Fixture, version: int | None) -> ReportPart | None:
    """The match report of `fixture`, None before it has a result. No query when cached."""
    if fixture.status != Fixture.Status.PLAYED:
        return None
    cached = _cached("fixture-report", fixture, version, lambda: _report(fixture))
    if cached is None:
        return None
    html, result, replay = cached
    return ReportPart(mark_safe(html), result, replay)


def _report(fixture: Fixture) -> tuple[str, dict[str, Any], bool] | None:
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
    return str(html), result, replay is not None


def fixture_result_id(*, fixture: Fixture) -> int | None:
    """The id of `fixture`'s result, None before it has one. One query."""
    return Result.objects.filter(fixture=fixture).values_list("pk", flat=True).first()


def fixture_fixed_lineups_part(*, fixture: Fixture, version: int | None) -> SafeString | None:
    """Both line-ups as fixed at kick-off, rendered; None while they may still change (the
    page then renders them with its coaches' controls). No query when cached."""
    if not lineup_is_fixed(fixture):
        return None
    html: str = _cached("fixture-lineups", fixture, version, lambda: _fixed_lineups(fixture))
    return mark_safe(html)


def _fixed_lineups(fixture: Fixture) -> str:
    return str(
        render_to_string(
            "games/includes/lineups.html",
            {"fixture": fixture, "lineups": fixture_lineups(fixture=fixture)},
        )
    )
