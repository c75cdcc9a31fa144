"""Reads of a tournament for its pages and the API: the groups with their tables, and the
knockout bracket with the rounds still to come (docs/seasons.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from django.db.models import Prefetch

from league.capabilities import capability
from league.capabilities.table import TableExtras
from league.models import Fixture, Result, Round, Season, StandingRow, Team, TournamentGroup
from league.round_names import knockout_game_name, knockout_stage_name
from league.rulesets import ruleset_for
from league.selectors.divisions import division_seed_notes
from league.selectors.knockout import knockout_seeds, knockout_winner


@dataclass(frozen=True)
class GroupTable:
    group: TournamentGroup
    rows: list[StandingRow]
    qualifiers: int  # the top N of the table go through to the knockout


def tournament_groups(*, season: Season) -> list[GroupTable]:
    """Each group with its table in order. Two queries."""
    rows = list(
        StandingRow.objects.filter(season=season, group__isnull=False)
        .select_related("team")
        .order_by("position", "team__name")
    )
    return [
        GroupTable(
            group, [row for row in rows if row.group_id == group.pk], season.group_qualifiers
        )
        for group in TournamentGroup.objects.filter(season=season).order_by("number")
    ]


@dataclass(frozen=True)
class BracketSlot:
    """One side of a knockout game: a team (with its seed) or, before it is known, where
    it comes from ("Winner of Quarter-final 1")."""

    team: Team | None
    seed: int | None = None
    score: int | None = None
    won: bool = False
    source: str = ""
    #: How a season in divisions seeded it: "North winner", "Wild card".
    note: str = ""


@dataclass(frozen=True)
class BracketGame:
    number: int
    home: BracketSlot
    away: BracketSlot
    fixture: Fixture | None = None
    overtime: bool = False
    # A level game after overtime goes to the higher seed (docs/rules-decisions.md).
    by_seed: bool = False


@dataclass(frozen=True)
class BracketRound:
    name: str
    round: Round | None
    games: list[BracketGame] = field(default_factory=list)


def knockout_bracket(*, season: Season) -> list[BracketRound]:
    """The knockout as drawn so far (empty before it starts), followed by its rounds still
    to come, whose sides name the games they come from. Games are in bracket order: game j
    of a round meets the winners of games j and n-1-j of the round before, as
    playoffs_advance pairs them. Three queries."""
    rounds = list(
        Round.objects.filter(season=season, stage=Round.Stage.PLAYOFF)
        .order_by("number")
        .prefetch_related(
            Prefetch(
                "fixtures",
                queryset=Fixture.objects.select_related(
                    "home_team", "away_team", "result"
                ).order_by("id"),
            )
        )
    )
    if not rounds:
        return []
    seeds = knockout_seeds(season)
    notes = division_seed_notes(season=season)
    level = capability(ruleset_for(season.league), TableExtras).table_level_winners(season=season)
    bracket: list[BracketRound] = []
    games = len(rounds[0].fixtures.all())
    index = 0
    previous: list[BracketGame] = []
    while games >= 1:
        round_ = rounds[index] if index < len(rounds) else None
        if round_ is not None:
            fixtures = enumerate(round_.fixtures.all(), start=1)
            played = [_game(n, f, seeds, level, notes) for n, f in fixtures]
        else:
            played = [_future(n, previous, games * 2) for n in range(1, games + 1)]
        bracket.append(BracketRound(knockout_stage_name(games), round_, played))
        previous, games, index = played, games // 2, index + 1
    return bracket


def _side(
    team: Team, seeds: dict[int, int], score: int | None, won: bool, notes: Mapping[int, str]
) -> BracketSlot:
    seed = seeds.get(team.pk)
    return BracketSlot(
        team, seed if seed and seed < 10_000 else None, score, won, note=notes.get(team.pk, "")
    )


def _game(
    number: int,
    fixture: Fixture,
    seeds: dict[int, int],
    level: Mapping[int, int],
    notes: Mapping[int, str],
) -> BracketGame:
    result: Result | None = getattr(fixture, "result", None)
    if result is None:
        return BracketGame(
            number,
            _side(fixture.home_team, seeds, None, False, notes),
            _side(fixture.away_team, seeds, None, False, notes),
            fixture,
        )
    winner = knockout_winner(result, seeds, level)
    return BracketGame(
        number,
        _side(fixture.home_team, seeds, result.home_score, winner == fixture.home_team_id, notes),
        _side(fixture.away_team, seeds, result.away_score, winner == fixture.away_team_id, notes),
        fixture,
        overtime=result.overtime,
        by_seed=result.home_score == result.away_score and fixture.pk not in level,
    )


def _future(number: int, previous: list[BracketGame], games_before: int) -> BracketGame:
    """Game `number` of a round not drawn yet: the winners of two games of the round before
    (known once those are played)."""

    def from_game(game: BracketGame) -> BracketSlot:
        for side in (game.home, game.away):
            if side.won:
                return BracketSlot(
                    side.team,
                    side.seed,
                    source=side.team.name if side.team else "",
                    note=side.note,
                )
        name = knockout_game_name(games_before)
        return BracketSlot(None, source=f"Winner of {name} {game.number}")

    first, second = previous[number - 1], previous[len(previous) - number]
    return BracketGame(number, from_game(first), from_game(second))
