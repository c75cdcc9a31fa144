"""M-L1, M-L2 (and A-L1, E-L1): a table kept game by game (table_after_game, what the core
does for each new result) is exactly the table computed from all the games (compute_table,
what it does for a correction or a void), whatever the games, points and tie-breakers."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.standings import (
    CountBreaker,
    GamesLoader,
    TableGame,
    TableRow,
    TableSettings,
    TieBreaker,
    compute_table,
    table_after_game,
)

KILLS = CountBreaker("kills", "Kills")
CARDS = CountBreaker("cards", "Red cards", fewer_is_better=True)
TEAMS = {"a": "Alpha", "b": "beta", "c": "Gamma", "d": "Delta", "e": "alpha"}

# Each ruleset's tie-breakers: MagnoBall's default (head-to-head second), Arenaball-like and
# MN11-like orders with the game's own counts, and a table with no head-to-head at all.
BREAKERS = st.sampled_from(
    [
        tuple(TieBreaker),
        (TieBreaker.POINTS, KILLS, TieBreaker.HEAD_TO_HEAD, TieBreaker.SCORE_DIFFERENCE),
        (TieBreaker.POINTS, TieBreaker.SCORE_DIFFERENCE, CARDS, KILLS, TieBreaker.NAME),
        (TieBreaker.POINTS, TieBreaker.WINS, TieBreaker.SCORE_FOR),
        (TieBreaker.HEAD_TO_HEAD, TieBreaker.POINTS),
    ]
)
POINTS = st.tuples(*(st.integers(0, 3) for _ in range(5)))


@st.composite
def games(draw: st.DrawFn) -> TableGame:
    home, away = draw(st.permutations(sorted(TEAMS)))[:2]
    home_score, away_score = draw(st.integers(0, 4)), draw(st.integers(0, 4))
    level_winner = None
    if home_score == away_score and draw(st.booleans()):
        level_winner = draw(st.sampled_from([home, away]))  # E-L1: a shootout
    return TableGame(
        home,
        away,
        home_score,
        away_score,
        overtime=draw(st.booleans()),
        home_counts=(("kills", draw(st.integers(0, 2))), ("cards", draw(st.integers(0, 1)))),
        away_counts=(("kills", draw(st.integers(0, 2))),),
        level_winner=level_winner,
    )


@settings(max_examples=300, deadline=None)
@given(st.lists(games(), max_size=14), BREAKERS, POINTS)
def test_a_table_kept_game_by_game_is_the_table_of_all_games(
    played: list[TableGame],
    breakers: tuple[TieBreaker | CountBreaker, ...],
    points: tuple[int, ...],
) -> None:
    win, overtime_win, draw, overtime_loss, loss = points
    table_settings = TableSettings(win, overtime_win, draw, overtime_loss, loss, breakers)
    rows: list[TableRow] = compute_table(teams=TEAMS, games=[], settings=table_settings)
    for count, game in enumerate(played, start=1):
        so_far = played[:count]
        rows = table_after_game(
            teams=TEAMS, rows=rows, game=game, games=_only_asked(so_far), settings=table_settings
        )
        assert rows == compute_table(teams=TEAMS, games=so_far, settings=table_settings)


def _only_asked(games: list[TableGame]) -> GamesLoader:
    """A loader giving exactly the games asked for, no more (the stored standings read only
    those): the table still equals the table of all games."""

    def load(teams: frozenset[str], among: bool) -> list[TableGame]:
        if among:
            return [game for game in games if game.home in teams and game.away in teams]
        return [game for game in games if game.home in teams or game.away in teams]

    return load


def test_the_games_asked_for_are_those_of_the_level_teams() -> None:
    """M-L2 with head-to-head second: only teams level on points need the games, and only
    those among themselves; a game's own count needs every game of each level team."""
    teams = {"a": "Alpha", "b": "Beta", "c": "Gamma", "d": "Delta", "e": "Epsilon"}
    played = [TableGame("a", "b", 1, 0, False), TableGame("c", "d", 1, 0, False)]
    asked: list[tuple[frozenset[str], bool]] = []

    def loader(teams: frozenset[str], among: bool) -> Sequence[TableGame]:
        asked.append((teams, among))
        return _only_asked([*played, game])(teams, among)

    game = TableGame("b", "d", 2, 2, False)  # a and c level on 3 points, b and d on 1; e alone
    for breakers in (tuple(TieBreaker), (TieBreaker.POINTS, KILLS, TieBreaker.NAME)):
        table_settings = TableSettings(tie_breakers=breakers)
        before = compute_table(teams=teams, games=played, settings=table_settings)
        after = table_after_game(
            teams=teams, rows=before, game=game, games=loader, settings=table_settings
        )
        assert after == compute_table(teams=teams, games=[*played, game], settings=table_settings)
    assert asked == [(frozenset("abcd"), True), (frozenset("abcd"), False)]


def test_the_games_are_fetched_only_when_a_tie_breaker_needs_them() -> None:
    """Points alone tell the teams apart: the games are not asked for."""
    table_settings = TableSettings()
    teams = {"a": "Alpha", "b": "Beta"}
    before = compute_table(teams=teams, games=[], settings=table_settings)

    def no_games(teams: frozenset[str], among: bool) -> list[TableGame]:
        raise AssertionError("the games were fetched")

    after = table_after_game(
        teams=teams,
        rows=before,
        game=TableGame("a", "b", 2, 0, False),
        games=no_games,
        settings=table_settings,
    )
    assert [(row.team, row.points) for row in after] == [("a", 3), ("b", 0)]


def test_a_level_table_asks_for_the_games_once() -> None:
    """Level on points, M-L2's head-to-head needs the games between them."""
    table_settings = TableSettings()
    teams = {"a": "Alpha", "b": "Beta", "c": "Gamma"}
    played = [TableGame("a", "b", 1, 1, False)]
    asked = []

    def loader(teams: frozenset[str], among: bool) -> list[TableGame]:
        asked.append(1)
        return played

    after = table_after_game(
        teams=teams,
        rows=compute_table(teams=teams, games=[], settings=table_settings),
        game=played[0],
        games=loader,
        settings=table_settings,
    )
    assert after == compute_table(teams=teams, games=played, settings=table_settings)
    assert asked == [1]


def test_a_game_naming_a_team_outside_the_table_is_refused() -> None:
    table_settings = TableSettings()
    teams = {"a": "A", "b": "B"}
    rows = compute_table(teams=teams, games=[], settings=table_settings)
    with pytest.raises(ValueError, match="'z'"):
        table_after_game(
            teams=teams,
            rows=rows,
            game=TableGame("a", "z", 1, 0, False),
            games=lambda teams, among: [],
            settings=table_settings,
        )
    with pytest.raises(ValueError, match="every team"):
        table_after_game(
            teams=teams,
            rows=rows[:1],
            game=TableGame("a", "b", 1, 0, False),
            games=lambda teams, among: [],
            settings=table_settings,
        )
