"""MagnoBall's part of the CSV export and import (docs/data.md, "CSV"): the players table
with their season totals (M-P7), teams rolled by their creation rules with the file's names
(M-P2), and past results recorded by the one result service (games/services/results.py)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence

from django.contrib.auth.models import User

from games.services import PlayerLine, ResultReport, result_record
from league.access import Actor
from league.errors import DomainError
from league.models import Fixture, Result, Season, Team
from league.rulesets import CsvTable
from rosters.models import Player, PlayerSeason, PlayerSeasonStat
from rosters.services import team_create
from rules.magnoball.creation import roster_template
from rules.magnoball.vocabulary import Position, StatCategory

_CATEGORIES = tuple(StatCategory)


def csv_players(*, season: Season) -> CsvTable:
    """One row per player of the season's teams: his team, shirt, position, string and
    status, then his season's games, points and attempts/successes per category (M-P7)."""
    heads = (
        "team",
        "player",
        "shirt_number",
        "position",
        "string",
        "status",
        "superstar",
        "roster_state",
        "games_played",
        "points",
        *(f"{c.value}_{part}" for c in _CATEGORIES for part in ("attempts", "successes")),
    )
    players = (
        Player.objects.filter(team__standings__season=season)
        .select_related("team")
        .order_by("team__name", "shirt_number", "name")
    )
    seasons = {row.player_id: row for row in PlayerSeason.objects.filter(season=season)}
    stats: dict[int, dict[str, tuple[int, int]]] = defaultdict(dict)
    for line in PlayerSeasonStat.objects.filter(season=season):
        stats[line.player_id][line.category] = (line.attempts, line.successes)
    rows = []
    for player in players:
        totals = seasons.get(player.pk)
        own = stats.get(player.pk, {})
        rows.append(
            (
                player.team.name,
                player.name,
                player.shirt_number or "",
                player.position,
                player.string,
                player.status,
                "yes" if player.superstar else "no",
                player.roster_state,
                totals.games_played if totals else 0,
                totals.points if totals else 0,
                *(n for c in _CATEGORIES for n in own.get(c.value, (0, 0))),
            )
        )
    return CsvTable(heads=heads, rows=rows)


def csv_team_create(
    *,
    season: Season,
    name: str,
    short_name: str,
    coach: User | None,
    colour: str,
    players: Sequence[tuple[str, str]],
    actor: Actor,
) -> Team:
    """A team of 18 rolled by M-P2 (its rolls in the dice ledger), its players named by the
    file: the names of each position in file order fill that position's slots, first
    string first (M-P2's template). No players: the game's own names."""
    names = _slot_names(players) if players else None
    return team_create(
        season=season,
        name=name,
        short_name=short_name,
        actor=actor,
        coach=coach,
        colour=colour,
        roster_names=names,
    )


def _slot_names(players: Sequence[tuple[str, str]]) -> list[str]:
    by_position: dict[str, list[str]] = defaultdict(list)
    known = {p.value: p for p in Position}
    for player, position in players:
        key = position.strip().lower().replace(" ", "_")
        if key not in known:
            raise DomainError(
                f"“{position}” is not a position ({', '.join(known)}), for {player}.",
                field="position",
            )
        by_position[key].append(player)
    template = roster_template()
    wanted: dict[str, int] = defaultdict(int)
    for position, _first in template:
        wanted[position.value] += 1
    wrong = [
        f"{count} {position}s (not {len(by_position[position])})"
        for position, count in wanted.items()
        if len(by_position[position]) != count
    ]
    if wrong:
        raise DomainError(
            "A MagnoBall roster is 18 players (M-P2): it needs " + ", ".join(wrong) + ".",
            field="position",
        )
    taken: dict[str, int] = defaultdict(int)
    names = []
    for position, _first in template:
        names.append(by_position[position.value][taken[position.value]])
        taken[position.value] += 1
    return names


#: Each side's scorers: "Kenji Ito:2; Ana Lima:1" (a name alone scored one point).
RESULT_COLUMNS = ("home_points", "away_points")


def csv_result_record(
    *,
    fixture: Fixture,
    home_score: int,
    away_score: int,
    overtime: bool,
    cells: Mapping[str, str],
    actor: Actor,
) -> Result:
    """A past result through MagnoBall's one result service: each side's points by player
    (``home_points``, ``away_points``) become stat lines, which must add up to the score
    (M-P7); a side that scored nothing leaves its cell empty."""
    lines: list[PlayerLine] = []
    for column, team in (("home_points", fixture.home_team), ("away_points", fixture.away_team)):
        lines.extend(_points_lines(cells.get(column, ""), team=team, column=column))
    report = ResultReport(
        home_score=home_score, away_score=away_score, overtime=overtime, lines=tuple(lines)
    )
    return result_record(fixture=fixture, report=report, actor=actor)


def _points_lines(text: str, *, team: Team, column: str) -> list[PlayerLine]:
    if not text.strip():
        return []
    players = {p.name.casefold(): p for p in Player.objects.filter(team=team)}
    points: dict[int, int] = defaultdict(int)
    for part in text.split(";"):
        name, _, count = part.strip().rpartition(":") if ":" in part else (part.strip(), "", "1")
        player = players.get(name.strip().casefold())
        if player is None:
            raise DomainError(f"{team} has no player “{name.strip()}”.", field=column)
        if not count.strip().isdigit():
            raise DomainError(
                f"“{part.strip()}”: write a player's points as “Name:2”.", field=column
            )
        points[player.pk] += int(count)
    return [PlayerLine(player_id=pk, points=n, stats={}) for pk, n in points.items()]
