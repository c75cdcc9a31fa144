"""The stored standings table (M-L1, M-L2): recomputed from a season's results by the shared
table (rules/standings.py), with the points and tie-breakers the league's ruleset sets."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone

from league.models import Fixture, Result, Round, Season, StandingRow
from league.rulesets import GameCounts, ruleset_for
from rules.standings import TableGame, TableRow, compute_table

_TABLE_FIELDS = (
    "position",
    "played",
    "won",
    "won_overtime",
    "drawn",
    "lost_overtime",
    "lost",
    "score_for",
    "score_against",
    "points",
    "explanation",
)
_EXPLANATION_LENGTH = StandingRow._meta.get_field("explanation").max_length or 300


def standings_recompute(*, season: Season) -> list[StandingRow]:
    """Rewrite every standings row of `season` from its played regular-season results (a
    tournament: its group stage), by the points and tie-breakers of the league's ruleset.

    Computed from scratch each time, never patched, so a corrected result can only ever leave
    the table right. Playoff results do not count. The same few queries whatever the season's
    size (the lock, the ruleset's table settings, the rows, the results, one bulk update).
    Returns the rows in table order.
    """
    with transaction.atomic():
        # Locks the season: recomputes run one after another, so the last table written has
        # read every result committed before it (two results at once cannot lose one).
        locked = (
            Season.objects.select_related("league")
            .select_for_update(of=("self",))
            .get(pk=season.pk)
        )
        rows = list(StandingRow.objects.filter(season=locked).select_related("team"))
        ruleset = ruleset_for(locked.league)
        games = _regular_season_games(
            locked,
            counts=ruleset.table_counts(season=locked),
            level_winners=ruleset.table_level_winners(season=locked),
        )
        settings = ruleset.table_settings(season=locked)
        changed = []
        # A tournament's groups each have their own table, by the same rules and
        # tie-breakers (M-L2): a group's games are exactly those among its teams. A season
        # (or a field not drawn yet) is one table.
        for table_rows in _tables(rows):
            keys = {str(row.team_id) for row in table_rows}
            table = compute_table(
                teams={str(row.team_id): row.team.name for row in table_rows},
                games=[game for game in games if game.home in keys and game.away in keys],
                settings=settings,
            )
            changed += _apply(table_rows, table)
        StandingRow.objects.bulk_update(changed, fields=[*_TABLE_FIELDS, "updated_at"])
    return sorted(rows, key=lambda row: (row.group_id or 0, row.position or 0))


def _tables(rows: list[StandingRow]) -> list[list[StandingRow]]:
    """The rows of each table: one per group, or all rows when there are no groups."""
    by_group: dict[int | None, list[StandingRow]] = {}
    for row in rows:
        by_group.setdefault(row.group_id, []).append(row)
    return list(by_group.values())


def _regular_season_games(
    season: Season,
    *,
    counts: Mapping[int, GameCounts],
    level_winners: Mapping[int, int] | None = None,
) -> list[TableGame]:
    """The results of the season's played regular-season fixtures, in one query, with the
    game's own counts for its tie-breakers (Arenaball's kills) and the winners of level games
    it settled otherwise (Magic Number Eleven's shootouts), by fixture id."""
    level_winners = level_winners or {}
    results = Result.objects.filter(
        fixture__round__season=season,
        fixture__round__stage=Round.Stage.REGULAR,
        fixture__status=Fixture.Status.PLAYED,
    ).values_list(
        "fixture_id",
        "fixture__home_team_id",
        "fixture__away_team_id",
        "home_score",
        "away_score",
        "overtime",
    )
    games = []
    for fixture_id, home, away, home_score, away_score, overtime in results:
        home_counts, away_counts = counts.get(fixture_id, ((), ()))
        level_winner = level_winners.get(fixture_id) if home_score == away_score else None
        games.append(
            TableGame(
                str(home),
                str(away),
                home_score,
                away_score,
                overtime,
                home_counts=home_counts,
                away_counts=away_counts,
                level_winner=None if level_winner is None else str(level_winner),
            )
        )
    return games


def _apply(rows: list[StandingRow], table: list[TableRow]) -> list[StandingRow]:
    """Write the table into the rows; returns the rows that changed (only those are saved)."""
    lines = {line.team: line for line in table}
    now = timezone.now()
    changed = []
    for row in rows:
        line = lines[str(row.team_id)]
        values = {name: getattr(line, name) for name in _TABLE_FIELDS}
        values["explanation"] = _fit(line.explanation)
        if any(getattr(row, name) != value for name, value in values.items()):
            for name, value in values.items():
                setattr(row, name, value)
            row.updated_at = now  # bulk_update skips auto_now
            changed.append(row)
    return changed


def _fit(text: str) -> str:
    # Two long team names can outgrow the column; cut at a word with an ellipsis.
    if len(text) <= _EXPLANATION_LENGTH:
        return text
    return text[: _EXPLANATION_LENGTH - 1].rsplit(" ", 1)[0] + "…"
