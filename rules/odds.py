"""Playoff and title odds by Monte Carlo: the rest of a season played out many times, each
time by the league's own points and tie-breakers (M-L1, M-L2; rules/standings/), then its
playoffs (docs/seasons.md), counting where every team finishes (docs/odds.md).

Pure: the table so far, the fixtures left with each one's outcome odds, and a seed in; each
team's chance of every final position, of the playoffs and of the title out. The same inputs
and seed give the same figures.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate

from rules.ratings import expected_home
from rules.standings import TableGame, TableRow, TableSettings, compute_table, table_after_games

__all__ = [
    "MatchOdds",
    "Outcome",
    "RemainingFixture",
    "SeasonOdds",
    "TeamOdds",
    "rating_match_odds",
    "season_odds",
]

#: A level game's tie-break winner, by side.
HOME, AWAY = "home", "away"


@dataclass(frozen=True, slots=True)
class Outcome:
    """One way a game can end: the score, overtime, and for a level game the side that won
    its tie-break (Magic Number Eleven's shootout), if the game has one."""

    home_score: int
    away_score: int
    overtime: bool = False
    level_winner: str | None = None

    def home_won(self, *, higher_seed_home: bool = True) -> bool:
        """Whether the home side goes through a knockout game: the higher score; level, the
        tie-break's winner, else the higher seed (league.selectors.knockout.knockout_winner)."""
        if self.home_score != self.away_score:
            return self.home_score > self.away_score
        if self.level_winner is not None:
            return self.level_winner == HOME
        return higher_seed_home


@dataclass(frozen=True)
class MatchOdds:
    """A game's outcomes and their weights (any positive numbers: they are normalised). The
    engine's odds are its sampled matches, weight 1 each; the rating model's a handful of
    scores per result."""

    outcomes: tuple[Outcome, ...]
    weights: tuple[float, ...]
    _cumulative: list[float] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.outcomes or len(self.outcomes) != len(self.weights):
            raise ValueError("A game's odds need one weight per outcome, and an outcome.")
        if any(weight < 0 for weight in self.weights) or sum(self.weights) <= 0:
            raise ValueError("Outcome weights are not negative and not all zero.")
        object.__setattr__(self, "_cumulative", list(accumulate(self.weights)))

    @classmethod
    def sampled(cls, outcomes: Sequence[Outcome]) -> MatchOdds:
        """Equally likely outcomes (a simulator's sampled matches)."""
        return cls(tuple(outcomes), (1.0,) * len(outcomes))

    def _share(self, keep: Callable[[Outcome], bool]) -> float:
        total = self._cumulative[-1]
        return sum(w for o, w in zip(self.outcomes, self.weights, strict=True) if keep(o)) / total

    @property
    def home_win(self) -> float:
        return self._share(lambda o: o.home_score > o.away_score or o.level_winner == HOME)

    @property
    def away_win(self) -> float:
        return self._share(lambda o: o.away_score > o.home_score or o.level_winner == AWAY)

    @property
    def draw(self) -> float:
        return self._share(lambda o: o.home_score == o.away_score and o.level_winner is None)

    @property
    def cumulative(self) -> list[float]:
        """The weights' running sums (random.choices' cum_weights)."""
        return self._cumulative

    def index(self, rng: random.Random) -> int:
        """A random outcome's index, by weight."""
        return bisect.bisect_right(self._cumulative, rng.random() * self._cumulative[-1])


#: The rating model's scores when the season has none of a kind yet.
_DEFAULT_SCORES = {
    HOME: (Outcome(1, 0),),
    AWAY: (Outcome(0, 1),),
    "draw": (Outcome(0, 0),),
}


def rating_match_odds(
    *,
    home_rating: float,
    away_rating: float,
    draw_rate: float,
    scores: Mapping[str, Sequence[Outcome]] | None = None,
) -> MatchOdds:
    """The rating model (docs/odds.md): the home side's expected result E by the Elo
    formula (rules/ratings.py, home advantage included), draws at `draw_rate`, so a home win
    E - draw/2 and an away win 1 - E - draw/2 (each at least 0). Each kind of result takes
    its scores equally from `scores` ("home", "away", "draw": the season's played games of
    that kind, for the tie-breakers), or 1-0, 0-1, 0-0."""
    expected = expected_home(home_rating, away_rating)
    draw = min(max(draw_rate, 0.0), 1.0)
    home = max(expected - draw / 2, 0.0)
    away = max(1.0 - expected - draw / 2, 0.0)
    outcomes: list[Outcome] = []
    weights: list[float] = []
    for kind, chance in ((HOME, home), ("draw", draw), (AWAY, away)):
        if chance <= 0:
            continue
        kinds = tuple((scores or {}).get(kind) or ()) or _DEFAULT_SCORES[kind]
        outcomes += kinds
        weights += [chance / len(kinds)] * len(kinds)
    return MatchOdds(tuple(outcomes), tuple(weights))


@dataclass(frozen=True, slots=True)
class RemainingFixture:
    home: str
    away: str
    odds: MatchOdds


@dataclass(frozen=True, slots=True)
class TeamOdds:
    """A team's chances: `positions[i]` of finishing (i + 1)th, of the playoffs, of the
    title; and its mean points at the end."""

    team: str
    positions: tuple[float, ...]
    playoffs: float
    title: float
    mean_points: float


@dataclass(frozen=True, slots=True)
class SeasonOdds:
    runs: int
    seed: int
    teams: tuple[TeamOdds, ...]


def season_odds(
    *,
    teams: Mapping[str, str],
    played: Sequence[TableGame],
    remaining: Sequence[RemainingFixture],
    settings: TableSettings,
    playoff_teams: int,
    knockout_odds: Callable[[str, str], MatchOdds],
    runs: int,
    seed: int,
    seeding: Callable[[list[str]], list[str]] | None = None,
) -> SeasonOdds:
    """Play the `remaining` fixtures `runs` times with a random.Random(`seed`), each game an
    outcome drawn by its odds, and rank the table each time by `settings` (M-L1, M-L2).

    Playoffs: with `playoff_teams` of 2 or more, the top that many play the knockout as
    league.services.playoffs draws it (seed 1 against seed N, …, winners paired in bracket order,
    the higher seed at home, a level game to its tie-break winner or the higher seed), each game
    by ``knockout_odds(home, away)``, and the title is the knockout's winner; without
    playoffs it is first place. `seeding` picks the seeds, best first, from a final table's
    order (a season in divisions: its division winners, then its wild cards); by default the
    top `playoff_teams`. Teams are (home, away) keys of `teams`."""
    if runs < 1:
        raise ValueError("The odds need at least one simulated season.")
    rng = random.Random(seed)
    keys = sorted(teams)
    for fixture in remaining:  # checked once here, not once a run
        if fixture.home not in teams or fixture.away not in teams or fixture.home == fixture.away:
            raise ValueError(f"{fixture.home!r} v {fixture.away!r} is not a fixture of the table.")
    base = compute_table(teams=teams, games=played, settings=settings)
    # Each fixture's outcomes as table games, built once: a run only picks among them.
    choices = [
        (
            fixture.odds,
            [
                TableGame(
                    fixture.home,
                    fixture.away,
                    o.home_score,
                    o.away_score,
                    o.overtime,
                    level_winner=_level_key(o, fixture.home, fixture.away),
                )
                for o in fixture.odds.outcomes
            ],
        )
        for fixture in remaining
    ]
    positions = {key: [0] * len(keys) for key in keys}
    playoffs = dict.fromkeys(keys, 0)
    titles = dict.fromkeys(keys, 0)
    points = dict.fromkeys(keys, 0)
    knockout_cache: dict[tuple[str, str], MatchOdds] = {}
    has_playoffs = 2 <= playoff_teams <= len(keys)

    def knockout(home: str, away: str) -> MatchOdds:
        odds = knockout_cache.get((home, away))
        if odds is None:
            odds = knockout_cache[home, away] = knockout_odds(home, away)
        return odds

    for drawn in _drawn_seasons(choices, rng, runs):
        new_games = list(drawn)
        table = _table(teams, base, played, new_games, settings)
        order = [row.team for row in table]
        for row in table:
            positions[row.team][row.position - 1] += 1
            points[row.team] += row.points
        if has_playoffs:
            seeds = seeding(order) if seeding is not None else order[:playoff_teams]
            for key in seeds:
                playoffs[key] += 1
            titles[_knockout(seeds, knockout, rng)] += 1
        else:
            titles[order[0]] += 1
    return SeasonOdds(
        runs=runs,
        seed=seed,
        teams=tuple(
            TeamOdds(
                team=key,
                positions=tuple(count / runs for count in positions[key]),
                playoffs=(playoffs[key] if has_playoffs else titles[key]) / runs,
                title=titles[key] / runs,
                mean_points=points[key] / runs,
            )
            for key in keys
        ),
    )


def _drawn_seasons(
    choices: Sequence[tuple[MatchOdds, list[TableGame]]], rng: random.Random, runs: int
) -> Iterable[Sequence[TableGame]]:
    """Each run's games: every fixture's outcomes for all the runs drawn at once (one
    C-level call a fixture), then read run by run."""
    if not choices:
        return itertools.repeat((), runs)
    columns = [rng.choices(games, cum_weights=odds.cumulative, k=runs) for odds, games in choices]
    return zip(*columns, strict=True)


def _level_key(outcome: Outcome, home: str, away: str) -> str | None:
    if outcome.level_winner is None or outcome.home_score != outcome.away_score:
        return None
    return home if outcome.level_winner == HOME else away


def _table(
    teams: Mapping[str, str],
    base: list[TableRow],
    played: Sequence[TableGame],
    new_games: list[TableGame],
    settings: TableSettings,
) -> list[TableRow]:
    if not new_games:
        return base
    return table_after_games(
        teams=teams,
        rows=base,
        new_games=new_games,
        games=lambda _teams, _among: [*played, *new_games],
        settings=settings,
        explain=False,
        checked=True,
    )


def _knockout(seeds: list[str], odds: Callable[[str, str], MatchOdds], rng: random.Random) -> str:
    """The champion of one played-out knockout (league.services.playoffs: seed 1 against seed N in
    the first round, then the winners, in fixture order, first against last)."""
    rank = {key: index for index, key in enumerate(seeds)}
    alive = seeds
    pairs = [(alive[i], alive[-1 - i]) for i in range(len(alive) // 2)]
    while True:
        winners = []
        for first, second in pairs:
            home, away = sorted((first, second), key=rank.__getitem__)
            game = odds(home, away)
            outcome = game.outcomes[game.index(rng)]
            winners.append(home if outcome.home_won() else away)
        if len(winners) == 1:
            return winners[0]
        pairs = [(winners[i], winners[-1 - i]) for i in range(len(winners) // 2)]
