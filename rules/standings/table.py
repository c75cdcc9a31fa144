"""M-L1, M-L2: computing the table: points per outcome, then the ordered tie-breakers, each
row explaining in plain words why it stands where it does relative to its neighbours."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import groupby, pairwise

from .values import (
    Breaker,
    CountBreaker,
    GamesLoader,
    TableGame,
    TableRow,
    TableSettings,
    TieBreaker,
)

__all__ = ["compute_table", "table_after_game", "table_after_games"]


def compute_table(
    *, teams: Mapping[str, str], games: Sequence[TableGame], settings: TableSettings
) -> list[TableRow]:
    """The table of `teams` (key → display name) after `games`, best first.

    M-L1: a win, overtime win, draw, overtime loss and loss earn the settings' points. A level
    final score is a draw, even after overtime (a simulated overtime can end level).

    M-L2: the order applies ``settings.tie_breakers`` one after the other, like this:

    1. All teams form one group, to be told apart by the first tie-breaker.
    2. Each team of the group gets its value by that tie-breaker: points, score difference,
       score for, wins (regulation and overtime), or its place by team name (ignoring case).
       For head-to-head, the value is the points it earned in the games played among exactly
       the teams of this group, a mini-table recomputed for every group.
    3. The group splits into subgroups of equal value, best first.
    4. Each subgroup of two or more teams goes back to step 2 on its own with the next
       tie-breaker, never an earlier one. So when head-to-head splits three tied teams 1+2,
       the two go on to score difference; when score difference splits them 1+2 and
       head-to-head comes later, the two compare only the games between the two of them.

    Team name is applied last if the settings leave it out, and team key after that, so the
    order is total and does not depend on the order of `teams` or `games`.

    Raises ValueError for a game naming a team outside `teams` or a team playing itself.
    """
    _check_games(teams, games)
    tallies = _tally(teams, games, settings)
    return _ranked(teams, tallies, lambda _teams, _among: games, settings, counted=True)


def table_after_game(
    *,
    teams: Mapping[str, str],
    rows: Iterable[TableRow],
    game: TableGame,
    games: GamesLoader,
    settings: TableSettings,
) -> list[TableRow]:
    """The table of `teams` after one more `game`, from the table before it (`rows`: every
    team's line; positions and explanations are ignored): exactly what compute_table gives
    for the games before and this one (tests/rules/test_standings_incremental.py).

    M-L1: the game's points and counts are added to its two teams' lines. M-L2: the order is
    worked out again from the lines; `games` (the table's games, `game` included:
    GamesLoader) is called only if a tie-breaker needs the games themselves, head-to-head or
    a game's own count, for teams level on everything before it, and then once.
    """
    _check_games(teams, [game])
    tallies = {row.team: _tally_of(row) for row in rows}
    if set(tallies) != set(teams):
        raise ValueError("The table before the game must have a line for every team.")
    for key, delta in _tally((game.home, game.away), [game], settings).items():
        tally = tallies[key]
        for name in _COUNTED:
            setattr(tally, name, getattr(tally, name) + getattr(delta, name))
    return _ranked(teams, tallies, games, settings, counted=False)


def table_after_games(
    *,
    teams: Mapping[str, str],
    rows: Iterable[TableRow],
    new_games: Sequence[TableGame],
    games: GamesLoader,
    settings: TableSettings,
    explain: bool = True,
    checked: bool = False,
) -> list[TableRow]:
    """table_after_game for many games at once: the table of `teams` after `new_games`,
    from the table before them (`rows`), exactly what compute_table gives for all of them
    (`games`: every game, the new ones included, called only if a tie-breaker needs it).
    The playoff odds (rules/odds.py) play out the rest of a season this way thousands of
    times: the played games are added up once, not once a season; they need no
    explanations (`explain` False leaves them "") and check their games once (`checked`)."""
    if not checked:
        _check_games(teams, new_games)
    tallies = {row.team: _tally_of(row) for row in rows}
    if set(tallies) != set(teams):
        raise ValueError("The table before the games must have a line for every team.")
    for key, delta in _tally(teams, new_games, settings).items():
        tally = tallies[key]
        for name in _COUNTED:
            setattr(tally, name, getattr(tally, name) + getattr(delta, name))
    return _ranked(teams, tallies, games, settings, counted=False, explain=explain)


def _ranked(
    teams: Mapping[str, str],
    tallies: Mapping[str, _Tally],
    load: GamesLoader,
    settings: TableSettings,
    *,
    counted: bool,
    explain: bool = True,
) -> list[TableRow]:
    """The table of `teams` from their `tallies` (with each game's own counts when
    `counted`); `load` gives the games if a tie-breaker needs them."""
    breakers = _effective_breakers(settings.tie_breakers)
    games = _Games(load, counted=counted, teams=teams, tallies=tallies, breakers=breakers)
    ranking = _Ranking(
        teams=teams, games=games, tallies=tallies, breakers=breakers, settings=settings
    )
    order = ranking.order(sorted(teams), step=0)
    return [
        _row(
            key,
            position=index + 1,
            tally=tallies[key],
            explanation=ranking.explain(order, index) if explain else "",
        )
        for index, key in enumerate(order)
    ]


# --- M-L1: points ------------------------------------------------------------------------------


@dataclass(slots=True)
class _Tally:
    """A team's running counts (mutable while the games are added up)."""

    won: int = 0
    won_overtime: int = 0
    drawn: int = 0
    lost_overtime: int = 0
    lost: int = 0
    score_for: int = 0
    score_against: int = 0
    points: int = 0
    counts: dict[str, int] = field(default_factory=dict)

    @property
    def played(self) -> int:
        return self.won + self.won_overtime + self.drawn + self.lost_overtime + self.lost


#: The counts of a line that a game adds to (`played` is their sum).
_COUNTED = (
    "won",
    "won_overtime",
    "drawn",
    "lost_overtime",
    "lost",
    "score_for",
    "score_against",
    "points",
)


def _tally_of(row: TableRow) -> _Tally:
    """A stored line as a tally to add to (its game counts come from the games, if needed)."""
    return _Tally(**{name: getattr(row, name) for name in _COUNTED})


class _Games:
    """The games of a table (its `teams`, their `tallies`, its `breakers`), fetched at most
    once and only when a tie-breaker asks, with each team's counts for the game's own
    tie-breakers (`counted`: the tallies have them). Which teams need them is worked out only
    then: the playoff odds rank thousands of tables that never ask."""

    def __init__(
        self,
        load: GamesLoader,
        *,
        counted: bool,
        teams: Mapping[str, str],
        tallies: Mapping[str, _Tally],
        breakers: Sequence[Breaker],
    ) -> None:
        self._load = load
        self._games: Sequence[TableGame] | None = None
        self._counts: dict[str, dict[str, int]] | None = None
        self.counted = counted
        self._teams, self._tallies, self._breakers = teams, tallies, breakers

    def all(self) -> Sequence[TableGame]:
        if self._games is None:
            self._games = self._load(*self._needed())
        return self._games

    def _needed(self) -> tuple[frozenset[str], bool]:
        """The teams that can reach a tie-breaker needing the games, those level with
        another on every tie-breaker before the first such one (the order only ever splits
        a group by its next tie-breaker's values), and whether their games among themselves
        will do (head-to-head alone). At the end of a season: a handful of level teams, not
        every game of it."""
        teams, tallies, breakers = self._teams, self._tallies, self._breakers
        needs = [
            step
            for step, breaker in enumerate(breakers)
            if breaker is TieBreaker.HEAD_TO_HEAD
            or (isinstance(breaker, CountBreaker) and not self.counted)
        ]
        if not needs:  # no tie-breaker asks for them: every team's, should anything ask
            return frozenset(teams), False

        def value(key: str, breaker: Breaker) -> object:
            if breaker is TieBreaker.NAME:  # equal names share a place (_name_places)
                return teams[key].casefold()
            if isinstance(breaker, CountBreaker):  # counted: the tallies have them
                return tallies[key].counts.get(breaker.key, 0)
            return _tally_value(tallies[key], breaker)

        level: dict[tuple[object, ...], list[str]] = {}
        for key in teams:
            before = tuple(value(key, breaker) for breaker in breakers[: needs[0]])
            level.setdefault(before, []).append(key)
        contested = frozenset(key for keys in level.values() if len(keys) > 1 for key in keys)
        return contested, not any(isinstance(breakers[step], CountBreaker) for step in needs)

    def counts(self, key: str) -> Mapping[str, int]:
        if self._counts is None:
            counts: dict[str, dict[str, int]] = {}
            for game in self.all():
                for team, pairs in ((game.home, game.home_counts), (game.away, game.away_counts)):
                    own = counts.setdefault(team, {})
                    for name, count in pairs:
                        own[name] = own.get(name, 0) + count
            self._counts = counts
        return self._counts.get(key, {})


def _outcome(scored: int, conceded: int, overtime: bool, won_level: bool | None = None) -> str:
    """M-L1: which count a game adds to, seen from one side; `won_level` says whether this
    side won a level game by a tie-break (None: nobody did)."""
    if scored == conceded:
        if won_level is not None:
            return "won_overtime" if won_level else "lost_overtime"
        return "drawn"
    if scored > conceded:
        return "won_overtime" if overtime else "won"
    return "lost_overtime" if overtime else "lost"


def _points_by_outcome(settings: TableSettings) -> dict[str, int]:
    return {
        "won": settings.points_win,
        "won_overtime": settings.points_overtime_win,
        "drawn": settings.points_draw,
        "lost_overtime": settings.points_overtime_loss,
        "lost": settings.points_loss,
    }


def _tally(
    keys: Iterable[str], games: Iterable[TableGame], settings: TableSettings
) -> dict[str, _Tally]:
    tallies = {key: _Tally() for key in keys}
    points = _points_by_outcome(settings)  # once, not once a game (the odds add up many)
    for game in games:
        sides = (
            (game.home, game.home_score, game.away_score, game.home_counts),
            (game.away, game.away_score, game.home_score, game.away_counts),
        )
        for key, scored, conceded, counts in sides:
            tally = tallies[key]
            for name, count in counts:
                tally.counts[name] = tally.counts.get(name, 0) + count
            won_level = None if game.level_winner is None else game.level_winner == key
            outcome = _outcome(scored, conceded, game.overtime, won_level)
            setattr(tally, outcome, getattr(tally, outcome) + 1)
            tally.score_for += scored
            tally.score_against += conceded
            tally.points += points[outcome]
    return tallies


def _check_games(teams: Mapping[str, str], games: Iterable[TableGame]) -> None:
    for game in games:
        if game.level_winner is not None and (
            game.level_winner not in (game.home, game.away) or game.home_score != game.away_score
        ):
            raise ValueError("Only a level game has a tie-break winner, one of its two teams.")
        for key in (game.home, game.away):
            if key not in teams:
                raise ValueError(f"A game names team {key!r}, which is not in the table.")
        if game.home == game.away:
            raise ValueError(f"Team {game.home!r} cannot play itself.")


def _row(key: str, *, position: int, tally: _Tally, explanation: str) -> TableRow:
    return TableRow(
        team=key,
        position=position,
        played=tally.played,
        won=tally.won,
        won_overtime=tally.won_overtime,
        drawn=tally.drawn,
        lost_overtime=tally.lost_overtime,
        lost=tally.lost,
        score_for=tally.score_for,
        score_against=tally.score_against,
        points=tally.points,
        explanation=explanation,
    )


# --- M-L2: the order ---------------------------------------------------------------------------


def _effective_breakers(configured: Sequence[Breaker]) -> tuple[Breaker, ...]:
    # Valid settings end with team name already; appending it keeps any other input total.
    if TieBreaker.NAME in configured:
        return tuple(configured)
    return (*configured, TieBreaker.NAME)


@dataclass(frozen=True, slots=True)
class _Split:
    """Where two neighbours were told apart: the tie-breaker's index (len(breakers) when only
    the team key did) and the upper and lower team's values at that step."""

    step: int
    upper_value: int
    lower_value: int


class _Ranking:
    """The recursive ordering of compute_table, remembering where each neighbour pair split."""

    def __init__(
        self,
        *,
        teams: Mapping[str, str],
        games: _Games,
        tallies: Mapping[str, _Tally],
        breakers: tuple[Breaker, ...],
        settings: TableSettings,
    ) -> None:
        self.teams = teams
        self.games = games
        self.tallies = tallies
        self.breakers = breakers
        self.settings = settings
        self.splits: dict[tuple[str, str], _Split] = {}
        # A head-to-head step's group of three or more, by step and team: the explanation
        # names the teams whose games among them it compared.
        self.mini_tables: dict[tuple[int, str], tuple[str, ...]] = {}

    def order(self, group: list[str], *, step: int) -> list[str]:
        """`group` (teams level on every tie-breaker before `step`) in table order."""
        if len(group) == 1:
            return group
        if step == len(self.breakers):
            # Level on everything, names included (equal names only): the key decides.
            values = dict.fromkeys(group, 0)
            subgroups = [[key] for key in sorted(group)]
        else:
            values = self._values(group, self.breakers[step])
            if self.breakers[step] is TieBreaker.HEAD_TO_HEAD and self._met(group):
                for key in group:
                    self.mini_tables[step, key] = tuple(group)
            by_value = sorted(group, key=lambda key: (-values[key], key))
            subgroups = [list(keys) for _, keys in groupby(by_value, key=values.__getitem__)]
        ordered = [self.order(subgroup, step=step + 1) for subgroup in subgroups]
        for upper, lower in pairwise(ordered):
            self.splits[upper[-1], lower[0]] = _Split(step, values[upper[-1]], values[lower[0]])
        return [key for subgroup in ordered for key in subgroup]

    def _values(self, group: list[str], breaker: Breaker) -> dict[str, int]:
        """Each team's value by `breaker`; higher is better."""
        if isinstance(breaker, CountBreaker):
            sign = -1 if breaker.fewer_is_better else 1
            if self.games.counted:
                return {key: sign * self.tallies[key].counts.get(breaker.key, 0) for key in group}
            return {key: sign * self.games.counts(key).get(breaker.key, 0) for key in group}
        if breaker is TieBreaker.HEAD_TO_HEAD:
            return self._head_to_head_points(group)
        if breaker is TieBreaker.NAME:
            return self._name_places(group)
        return {key: _tally_value(self.tallies[key], breaker) for key in group}

    def _met(self, group: list[str]) -> bool:
        """Whether `group` is three or more teams that have played one another (a mini-table
        worth naming)."""
        members = set(group)
        return len(group) > 2 and any(
            game.home in members and game.away in members for game in self.games.all()
        )

    def _head_to_head_points(self, group: list[str]) -> dict[str, int]:
        """M-L2: points from the games among exactly the teams of `group`."""
        members = set(group)
        among = [game for game in self.games.all() if game.home in members and game.away in members]
        mini_table = _tally(group, among, self.settings)
        return {key: mini_table[key].points for key in group}

    def _name_places(self, group: list[str]) -> dict[str, int]:
        # Alphabetical first is best; equal names share a place and fall through to the key.
        names = sorted({self.teams[key].casefold() for key in group})
        return {key: -names.index(self.teams[key].casefold()) for key in group}

    def explain(self, order: list[str], index: int) -> str:
        """Why the team at `index` stands below its upper and above its lower neighbour."""
        key = order[index]
        clauses = []
        if index > 0:
            above = order[index - 1]
            split = self.splits[above, key]
            clauses.append(
                self._clause(above, split, split.lower_value, split.upper_value, "behind")
            )
        if index + 1 < len(order):
            below = order[index + 1]
            split = self.splits[key, below]
            clauses.append(
                self._clause(below, split, split.upper_value, split.lower_value, "ahead")
            )
        return ". ".join(clause for clause in clauses if clause)

    def _clause(self, neighbour: str, split: _Split, own: int, theirs: int, side: str) -> str:
        """One neighbour's clause, "" when the first tie-breaker alone decided; e.g. "Level on
        points with Lisbon Ironclads; ahead on head-to-head points 3-0" (en dash in the text).

        When a head-to-head step compared three or more teams and left these two level, the
        clause names the teams of that mini-table, and a later tie-breaker says it counts all
        games (not the mini-table's): "Level on points and head-to-head points with Elko (2
        each in the games among Boise, Dayton and Elko); ahead on score difference in all
        games -1 to -3" (minus signs in the text)."""
        name = self.teams[neighbour]
        if split.step == 0:
            return ""
        if split.step == len(self.breakers):
            return f"Level with {name} on every tie-breaker"
        level_on = _join([_label(breaker) for breaker in self.breakers[: split.step]])
        among = self._mini_table_note(neighbour, split.step)
        breaker = self.breakers[split.step]
        decided = f"{side} on {_label(breaker)}"
        if among and breaker is not TieBreaker.NAME and breaker is not TieBreaker.HEAD_TO_HEAD:
            decided += " in all games"
        if breaker is not TieBreaker.NAME:
            decided += " " + _compare(breaker, own, theirs)
        return f"Level on {level_on} with {name}{among}; {decided}"

    def _mini_table_note(self, key: str, before: int) -> str:
        """ " (2 each in the games among A, B and C)": the last head-to-head step before
        `before` that compared three or more teams, `key` among them; "" if none did."""
        for step in range(before - 1, -1, -1):
            group = self.mini_tables.get((step, key))
            if group is not None:
                points = self._head_to_head_points(list(group))[key]
                names = sorted(self.teams[member] for member in group)
                return f" ({points} each in the games among {_join(names)})"
        return ""


def _tally_value(tally: _Tally, breaker: TieBreaker) -> int:
    if breaker is TieBreaker.POINTS:
        return tally.points
    if breaker is TieBreaker.SCORE_DIFFERENCE:
        return tally.score_for - tally.score_against
    if breaker is TieBreaker.SCORE_FOR:
        return tally.score_for
    if breaker is TieBreaker.WINS:
        return tally.won + tally.won_overtime
    raise ValueError(f"{breaker} is not a count of the team's own line.")


def _label(breaker: Breaker) -> str:
    return breaker.label.lower()


def _join(words: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " and " + words[-1]


def _compare(breaker: Breaker, own: int, theirs: int) -> str:
    if isinstance(breaker, CountBreaker) and breaker.fewer_is_better:
        return f"{-own}–{-theirs}"  # the values were negated so that fewer ranks higher
    if breaker is TieBreaker.SCORE_DIFFERENCE:
        return f"{_signed(own)} to {_signed(theirs)}"
    return f"{own}–{theirs}"


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"
