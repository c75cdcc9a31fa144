"""A season's main tables as CSV for spreadsheets (docs/data.md, "CSV"): the standings, the
fixtures with their results, and the players with their season totals. The core writes the
columns every game has; the game adds its own through its ruleset (``csv_standings_columns``,
``csv_fixture_columns``, ``csv_players``)."""

from __future__ import annotations

from collections.abc import Callable

from league.capabilities import capability
from league.capabilities.csv import Csv
from league.errors import DomainError
from league.exchange.csv_files import csv_write
from league.models import Fixture, Season
from league.rulesets import ruleset_for
from league.selectors.standings import standings_for_season

STANDINGS_HEADS = (
    "position",
    "team",
    "short_name",
    "group",
    "played",
    "won",
    "won_overtime",
    "drawn",
    "lost_overtime",
    "lost",
    "score_for",
    "score_against",
    "score_difference",
    "points",
)
FIXTURES_HEADS = (
    "fixture_id",
    "stage",
    "round",
    "date",
    "home",
    "away",
    "status",
    "home_score",
    "away_score",
    "overtime",
    "source",
)


def csv_standings(*, season: Season) -> str:
    """One row per team in table order; unranked rows (no game yet) have no position."""
    extra = capability(ruleset_for(season.league), Csv).csv_standings_columns(season=season)
    rows = []
    for row in standings_for_season(season=season).select_related("group"):
        rows.append(
            (
                row.position or "",
                row.team.name,
                row.team.short_name,
                row.group.name if row.group else "",
                row.played,
                row.won,
                row.won_overtime,
                row.drawn,
                row.lost_overtime,
                row.lost,
                row.score_for,
                row.score_against,
                row.score_difference,
                row.points,
                *extra.values.get(row.team_id, ("",) * len(extra.heads)),
            )
        )
    return csv_write(heads=(*STANDINGS_HEADS, *extra.heads), rows=rows)


def csv_fixtures(*, season: Season) -> str:
    """One row per fixture in round order, with the result once there is one."""
    extra = capability(ruleset_for(season.league), Csv).csv_fixture_columns(season=season)
    fixtures = (
        Fixture.objects.filter(round__season=season)
        .select_related("round", "home_team", "away_team", "result")
        .order_by("round__number", "id")
    )
    rows = []
    for fixture in fixtures:
        result = getattr(fixture, "result", None)
        day = fixture.kickoff.date() if fixture.kickoff else fixture.round.starts_on
        rows.append(
            (
                fixture.pk,
                fixture.round.stage,
                fixture.round.number,
                day.isoformat() if day else "",
                fixture.home_team.name,
                fixture.away_team.name,
                fixture.status,
                result.home_score if result else "",
                result.away_score if result else "",
                ("yes" if result.overtime else "no") if result else "",
                result.source if result else "",
                *extra.values.get(fixture.pk, ("",) * len(extra.heads)),
            )
        )
    return csv_write(heads=(*FIXTURES_HEADS, *extra.heads), rows=rows)


def csv_players(*, season: Season) -> str:
    """The game's players table; a game without players refuses it."""
    ruleset = ruleset_for(season.league)
    table = capability(ruleset, Csv).csv_players(season=season)
    if table is None:
        raise DomainError(
            f"{ruleset.label} has no players: export the standings or the fixtures.",
            code="no_players_table",
            field="table",
        )
    return csv_write(heads=table.heads, rows=table.rows)


#: The tables by the name the command, the admin and the API use.
CSV_TABLES: dict[str, Callable[..., str]] = {
    "standings": csv_standings,
    "fixtures": csv_fixtures,
    "players": csv_players,
}


def csv_table_export(*, season: Season, table: str) -> str:
    """`season`'s `table` as CSV text; an unknown table raises DomainError naming them."""
    try:
        export = CSV_TABLES[table]
    except KeyError:
        raise DomainError(
            f"No table {table!r}: choose one of {', '.join(CSV_TABLES)}.",
            code="unknown_table",
            field="table",
        ) from None
    return export(season=season)
