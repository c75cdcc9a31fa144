"""M-L1 points and M-L2 tie-breakers: the pure standings table, with hypothesis properties."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.standings import (
    CountBreaker,
    TableGame,
    TableRow,
    TableSettings,
    TieBreaker,
    compute_table,
)

DEFAULTS = TableSettings()


def game(home: str, away: str, score: str, *, overtime: bool = False) -> TableGame:
    home_score, away_score = (int(part) for part in score.split("-"))
    return TableGame(home, away, home_score, away_score, overtime)


def table(
    teams: dict[str, str], games: list[TableGame], settings: TableSettings = DEFAULTS
) -> list[TableRow]:
    return compute_table(teams=teams, games=games, settings=settings)


def by_team(rows: list[TableRow]) -> dict[str, TableRow]:
    return {row.team: row for row in rows}


def order(rows: list[TableRow]) -> list[str]:
    return [row.team for row in rows]


# --- M-L1 --------------------------------------------------------------------------------------


def test_m_l1_a_win_earns_three_and_a_loss_nothing():
    rows = by_team(table({"a": "A", "b": "B"}, [game("a", "b", "2-1")]))
    assert (rows["a"].won, rows["a"].points) == (1, 3)
    assert (rows["b"].lost, rows["b"].points) == (1, 0)


def test_m_l1_an_overtime_win_earns_two_and_an_overtime_loss_one():
    rows = by_team(table({"a": "A", "b": "B"}, [game("a", "b", "1-2", overtime=True)]))
    assert (rows["b"].won_overtime, rows["b"].won, rows["b"].points) == (1, 0, 2)
    assert (rows["a"].lost_overtime, rows["a"].lost, rows["a"].points) == (1, 0, 1)


@pytest.mark.parametrize("overtime", [False, True])
def test_m_l1_a_level_score_is_a_draw_even_after_overtime(overtime):
    rows = by_team(table({"a": "A", "b": "B"}, [game("a", "b", "2-2", overtime=overtime)]))
    for key in "ab":
        assert (rows[key].drawn, rows[key].won_overtime, rows[key].lost_overtime) == (1, 0, 0)
        assert rows[key].points == 1


def test_m_l1_points_come_from_the_settings():
    settings = replace(
        DEFAULTS,
        points_win=4,
        points_overtime_win=3,
        points_draw=2,
        points_overtime_loss=1,
        points_loss=1,
    )
    games = [game("a", "b", "1-0"), game("a", "b", "2-1", overtime=True), game("a", "b", "0-0")]
    rows = by_team(table({"a": "A", "b": "B"}, games, settings))
    assert rows["a"].points == 4 + 3 + 2
    assert rows["b"].points == 1 + 1 + 2


def test_m_l1_counts_and_scores_add_up_for_each_team():
    games = [game("a", "b", "3-1"), game("c", "a", "2-2"), game("b", "c", "1-0", overtime=True)]
    row = by_team(table({"a": "A", "b": "B", "c": "C"}, games))["a"]
    assert (row.played, row.won, row.drawn, row.score_for, row.score_against) == (2, 1, 1, 5, 3)
    assert row.score_difference == 2


# --- M-L2 --------------------------------------------------------------------------------------


def test_m_l2_points_decide_first_and_need_no_explanation():
    rows = table({"a": "A", "b": "B", "c": "C"}, [game("c", "a", "1-0"), game("b", "c", "0-0")])
    assert order(rows) == ["c", "b", "a"]
    assert [row.position for row in rows] == [1, 2, 3]
    assert [row.explanation for row in rows] == ["", "", ""]


PORTUGAL = {
    "por": "Porto Pistons",
    "lis": "Lisbon Ironclads",
    "mad": "Madrid Magnets",
    "val": "Valencia Volts",
}


def test_m_l2_head_to_head_points_break_a_two_way_tie_before_score_difference():
    games = [
        game("por", "lis", "1-0"),
        game("lis", "mad", "6-0"),
        game("val", "por", "1-0"),
        game("val", "mad", "1-0"),
    ]
    rows = table(PORTUGAL, games)
    assert order(rows) == ["val", "por", "lis", "mad"]
    explanations = {row.team: row.explanation for row in rows}
    assert explanations == {
        "val": "",
        "por": "Level on points with Lisbon Ironclads; ahead on head-to-head points 3–0",
        "lis": "Level on points with Porto Pistons; behind on head-to-head points 0–3",
        "mad": "",
    }


def test_m_l2_three_way_head_to_head_among_exactly_the_tied_teams():
    # A, B and C finish on 4 points. Among the three: A 4, B 3, C 1. Their games against D
    # (who tops the table) must not count, or all three would be level and C's score
    # difference (+4, against B's 0 and A's -4) would put the order upside down.
    teams = {"a": "Aveiro", "b": "Braga", "c": "Coimbra", "d": "Dublin", "e": "Evora"}
    games = [
        game("a", "b", "1-0"),
        game("b", "c", "1-0"),
        game("a", "c", "0-0"),
        game("d", "a", "5-0"),
        game("b", "d", "0-0"),
        game("c", "d", "5-0"),
        game("d", "e", "1-0"),
    ]
    rows = table(teams, games)
    assert order(rows) == ["d", "a", "b", "c", "e"]
    assert {row.team: row.points for row in rows} == {"d": 7, "a": 4, "b": 4, "c": 4, "e": 0}
    explanations = {row.team: row.explanation for row in rows}
    assert explanations["a"] == "Level on points with Braga; ahead on head-to-head points 4–3"
    assert explanations["b"] == (
        "Level on points with Aveiro; behind on head-to-head points 3–4. "
        "Level on points with Coimbra; ahead on head-to-head points 3–1"
    )
    assert explanations["c"] == "Level on points with Braga; behind on head-to-head points 1–3"


def test_m_l2_when_head_to_head_splits_three_the_other_two_go_on_to_score_difference():
    # Among A, B and C: A 4, B 2, C 2, though B beat C in overtime. The procedure goes on
    # from the next tie-breaker (score difference) and does not restart head-to-head.
    teams = {"a": "Aveiro", "b": "Braga", "c": "Coimbra", "d": "Dublin"}
    games = [
        game("a", "b", "4-0"),
        game("a", "c", "0-0"),
        game("b", "c", "1-0", overtime=True),
        game("d", "a", "1-0"),
        game("b", "d", "1-0", overtime=True),
        game("c", "d", "1-0", overtime=True),
    ]
    rows = table(teams, games)
    assert {row.team: row.points for row in rows} == {"d": 5, "a": 4, "b": 4, "c": 4}
    assert order(rows) == ["d", "a", "c", "b"]
    assert by_team(rows)["c"].explanation == (
        "Level on points with Aveiro; behind on head-to-head points 2–4. "
        "Level on points and head-to-head points with Braga (2 each in the games among "
        "Aveiro, Braga and Coimbra); ahead on score difference in all games 0 to −2"
    )


def test_m_l2_a_later_head_to_head_counts_only_the_games_among_the_teams_still_tied():
    # With score difference before head-to-head, A leaves the tie of three first. B and C then
    # compare only their own game (B won it in overtime, 2-1), not their games against A
    # (which would give C 4 and B 2), nor their names (Coimbra would go first).
    settings = replace(
        DEFAULTS,
        tie_breakers=(
            TieBreaker.POINTS,
            TieBreaker.SCORE_DIFFERENCE,
            TieBreaker.HEAD_TO_HEAD,
            TieBreaker.NAME,
        ),
    )
    teams = {"a": "Aveiro", "b": "Zamora", "c": "Coimbra", "d": "Dublin"}
    games = [
        game("a", "b", "3-0"),
        game("c", "a", "1-0"),
        game("b", "c", "1-0", overtime=True),
        game("a", "d", "0-0"),
        game("b", "d", "1-0", overtime=True),
        game("d", "c", "1-0"),
    ]
    rows = table(teams, games, settings)
    assert {row.team: (row.points, row.score_difference) for row in rows} == {
        "d": (5, 0),
        "a": (4, 2),
        "b": (4, -1),
        "c": (4, -1),
    }
    assert order(rows) == ["d", "a", "b", "c"]
    assert by_team(rows)["c"].explanation == (
        "Level on points and score difference with Zamora; behind on head-to-head points 1–2"
    )


def test_m_l2_score_difference_breaks_a_tie_when_head_to_head_is_level():
    teams = {"a": "Aveiro", "b": "Braga", "x": "Xativa", "y": "Ypres"}
    rows = table(teams, [game("a", "x", "3-0"), game("b", "y", "1-0")])
    assert order(rows)[:2] == ["a", "b"]
    assert rows[0].explanation == (
        "Level on points and head-to-head points with Braga; ahead on score difference +3 to +1"
    )


def test_m_l2_score_for_breaks_a_tie_when_score_difference_is_level():
    teams = {"a": "Aveiro", "b": "Braga", "x": "Xativa", "y": "Ypres"}
    rows = table(teams, [game("a", "x", "3-1"), game("y", "b", "0-2")])
    assert order(rows)[:2] == ["a", "b"]
    assert rows[1].explanation == (
        "Level on points, head-to-head points and score difference with Aveiro; "
        "behind on score for 2–3"
    )


def test_m_l2_wins_break_a_tie_when_score_for_is_level_and_overtime_wins_count():
    # A: an overtime win (2) and an overtime loss (1). B: three draws (3). Both score 3, concede 3.
    teams = {"a": "Aveiro", "b": "Braga", "x": "Xativa", "y": "Ypres", "z": "Zamora"}
    games = [
        game("a", "x", "2-1", overtime=True),
        game("y", "a", "2-1", overtime=True),
        game("b", "x", "1-1"),
        game("b", "y", "1-1"),
        game("z", "b", "1-1"),
    ]
    rows = by_team(table(teams, games))
    assert (rows["a"].points, rows["b"].points) == (3, 3)
    assert rows["a"].position < rows["b"].position
    assert rows["a"].explanation.endswith(
        "Level on points, head-to-head points, score difference and score for with Braga (1 "
        "each in the games among Aveiro, Braga and Ypres); ahead on wins in all games 1–0"
    )


def test_m_l2_team_name_is_the_last_resort():
    rows = table({"z": "Aveiro", "a": "Braga"}, [])
    assert order(rows) == ["z", "a"]
    assert rows[0].explanation == (
        "Level on points, head-to-head points, score difference, score for and wins with "
        "Braga; ahead on team name"
    )


def test_m_l2_team_name_ignores_letter_case():
    rows = table({"a": "braga", "b": "Aveiro"}, [])
    assert order(rows) == ["b", "a"]


def test_m_l2_tie_breakers_apply_in_the_configured_order():
    settings = replace(DEFAULTS, tie_breakers=(TieBreaker.SCORE_FOR, TieBreaker.NAME))
    teams = {"a": "Aveiro", "b": "Braga", "c": "Coimbra"}
    rows = table(teams, [game("a", "b", "1-0"), game("c", "b", "0-4")], settings)
    assert order(rows) == ["b", "a", "c"]
    assert [row.explanation for row in rows] == ["", "", ""]


def test_m_l2_team_name_still_decides_when_the_settings_leave_it_out():
    settings = replace(DEFAULTS, tie_breakers=(TieBreaker.POINTS,))
    rows = table({"a": "Coimbra", "b": "Braga"}, [], settings)
    assert order(rows) == ["b", "a"]
    assert rows[0].explanation == "Level on points with Coimbra; ahead on team name"


def test_m_l2_teams_level_on_everything_are_still_in_a_fixed_order():
    rows = table({"b": "Braga", "a": "braga"}, [])
    assert order(rows) == ["a", "b"]
    assert rows[0].explanation == "Level with Braga on every tie-breaker"


def test_a_game_with_a_team_outside_the_table_is_refused():
    with pytest.raises(ValueError, match="'x'"):
        table({"a": "A"}, [game("a", "x", "1-0")])


def test_a_team_cannot_play_itself():
    with pytest.raises(ValueError, match="itself"):
        table({"a": "A"}, [game("a", "a", "1-0")])


def test_an_empty_table_is_empty():
    assert table({}, []) == []


# --- properties --------------------------------------------------------------------------------

NAMES = ["Aveiro", "Braga", "braga", "Coimbra", "Dublin", "Evora", "Faro"]
OPTIONAL_BREAKERS = [b for b in TieBreaker if b is not TieBreaker.NAME]


@st.composite
def seasons(draw):
    size = draw(st.integers(min_value=1, max_value=7))
    teams = {f"t{i}": draw(st.sampled_from(NAMES)) for i in range(size)}
    keys = sorted(teams)
    games = []
    if size > 1:
        pairs = st.tuples(st.sampled_from(keys), st.sampled_from(keys)).filter(
            lambda p: p[0] != p[1]
        )
        score = st.integers(min_value=0, max_value=6)
        for home, away in draw(st.lists(pairs, max_size=30)):
            games.append(TableGame(home, away, draw(score), draw(score), draw(st.booleans())))
    breakers = draw(st.permutations(OPTIONAL_BREAKERS))
    kept = breakers[: draw(st.integers(min_value=0, max_value=len(breakers)))]
    loss = draw(st.integers(0, 2))
    draw_points = draw(st.integers(loss, 3))
    overtime_win = draw(st.integers(draw_points, 4))
    settings = replace(
        DEFAULTS,
        points_win=draw(st.integers(overtime_win, 5)),
        points_overtime_win=overtime_win,
        points_draw=draw_points,
        points_overtime_loss=draw(st.integers(loss, overtime_win)),
        points_loss=loss,
        tie_breakers=(*kept, TieBreaker.NAME),
    )
    return teams, games, settings


def awarded(game: TableGame, settings: TableSettings) -> int:
    if game.home_score == game.away_score:
        return 2 * settings.points_draw
    if game.overtime:
        return settings.points_overtime_win + settings.points_overtime_loss
    return settings.points_win + settings.points_loss


@given(seasons())
def test_positions_are_a_permutation_of_one_to_n(season):
    teams, games, settings = season
    rows = table(teams, games, settings)
    assert [row.position for row in rows] == list(range(1, len(teams) + 1))
    assert sorted(order(rows)) == sorted(teams)


@given(seasons())
def test_points_sum_to_what_the_games_awarded(season):
    teams, games, settings = season
    rows = table(teams, games, settings)
    assert sum(row.points for row in rows) == sum(awarded(g, settings) for g in games)
    assert sum(row.score_for for row in rows) == sum(row.score_against for row in rows)


@given(seasons())
def test_played_adds_up(season):
    teams, games, settings = season
    rows = table(teams, games, settings)
    for row in rows:
        counts = row.won + row.won_overtime + row.drawn + row.lost_overtime + row.lost
        assert row.played == counts
    assert sum(row.played for row in rows) == 2 * len(games)


@given(seasons(), st.randoms(use_true_random=False))
def test_order_is_deterministic_whatever_the_input_order(season, rng: random.Random):
    teams, games, settings = season
    shuffled_games = rng.sample(games, len(games))
    shuffled_teams = dict(rng.sample(list(teams.items()), len(teams)))
    assert table(shuffled_teams, shuffled_games, settings) == table(teams, games, settings)


@given(seasons())
def test_order_follows_the_first_tie_breaker_and_explains_only_ties_on_it(season):
    teams, games, settings = season
    others = [b for b in settings.tie_breakers if b is not TieBreaker.POINTS]
    settings = replace(settings, tie_breakers=(TieBreaker.POINTS, *others))
    rows = table(teams, games, settings)
    points = [row.points for row in rows]
    assert points == sorted(points, reverse=True)
    for index, row in enumerate(rows):
        neighbours = rows[max(index - 1, 0) : index] + rows[index + 1 : index + 2]
        level = [n for n in neighbours if n.points == row.points]
        assert (row.explanation == "") == (not level)
        for neighbour in level:
            assert teams[neighbour.team] in row.explanation


# --- A game's own tie-breakers (A-L1 kills, E-L1 Magic Number goals and red cards) ----------

KILLS = CountBreaker("kills", "Kills")
RED_CARDS = CountBreaker("red_cards", "Red cards (fewer first)", fewer_is_better=True)


def counted(home: str, away: str, score: str, home_counts: dict, away_counts: dict) -> TableGame:
    plain = game(home, away, score)
    return replace(
        plain,
        home_counts=tuple(home_counts.items()),
        away_counts=tuple(away_counts.items()),
    )


def test_a_games_count_breaker_orders_level_teams_by_their_total_and_says_so():
    """A-L1: teams level on points are told apart by kills, summed over their games."""
    settings = TableSettings(tie_breakers=(TieBreaker.POINTS, KILLS, TieBreaker.NAME))
    games = [
        counted("a", "c", "1-0", {"kills": 1}, {"kills": 2}),
        counted("b", "c", "1-0", {"kills": 3}, {}),
        counted("a", "b", "0-0", {"kills": 1}, {"kills": 0}),
    ]
    rows = table({"a": "Alpha", "b": "Beta", "c": "Gamma"}, games, settings)

    assert [row.team for row in rows] == ["b", "a", "c"]
    assert rows[0].explanation == "Level on points with Alpha; ahead on kills 3–2"
    assert rows[1].explanation == "Level on points with Beta; behind on kills 2–3"


def test_a_fewer_is_better_count_ranks_the_team_with_fewer_first_and_shows_true_counts():
    """E-L1: fewer red cards ranks higher; the explanation shows the counts, not negatives."""
    settings = TableSettings(tie_breakers=(TieBreaker.POINTS, RED_CARDS, TieBreaker.NAME))
    games = [
        counted("a", "b", "1-1", {"red_cards": 2}, {"red_cards": 1}),
    ]
    rows = table({"a": "Alpha", "b": "Beta"}, games, settings)

    assert [row.team for row in rows] == ["b", "a"]
    assert rows[0].explanation == "Level on points with Alpha; ahead on red cards (fewer first) 1–2"


def test_a_count_a_team_never_gathered_counts_zero():
    settings = TableSettings(tie_breakers=(KILLS, TieBreaker.NAME))
    rows = table(
        {"a": "Alpha", "b": "Beta"}, [counted("a", "b", "0-1", {"kills": 1}, {})], settings
    )
    assert [row.team for row in rows] == ["a", "b"]


def test_a_level_game_won_by_a_tie_break_is_an_overtime_win_and_loss():
    """E-L1's shootout: level on score, the tie-break winner takes the overtime-win points."""
    won = replace(game("a", "b", "1-1"), level_winner="b")
    rows = by_team(table({"a": "Alpha", "b": "Beta"}, [won]))
    assert (rows["b"].won_overtime, rows["b"].points) == (1, DEFAULTS.points_overtime_win)
    assert (rows["a"].lost_overtime, rows["a"].points) == (1, DEFAULTS.points_overtime_loss)


def test_only_a_level_game_has_a_tie_break_winner():
    with pytest.raises(ValueError, match="level game"):
        table({"a": "Alpha", "b": "Beta"}, [replace(game("a", "b", "2-1"), level_winner="a")])
