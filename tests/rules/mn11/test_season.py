"""E-D3 over a season (discipline, suspensions) and E-L1's points and tie-breaker inputs."""

from __future__ import annotations

from rules.mn11 import (
    DisciplineLine,
    Event,
    Goal,
    GoalKind,
    MatchReport,
    Mn11Settings,
    PlayedMatch,
    SendOff,
    ShootoutKick,
    Side,
    VarCard,
    VarDecision,
    discipline_table,
    magic_number_goals,
    match_points,
    red_cards,
    report_errors,
    suspended_cards,
    table_game,
)
from rules.standings import TableGame, compute_table

HOME, AWAY = Side.HOME, Side.AWAY
SUSPENSION = Mn11Settings(sent_off_suspension=True)


def strong(attacker: Side) -> VarDecision:
    return VarDecision(attacker, 1, strength=3, card=VarCard.PENALTY_KICK, warning=True)


# Lions (home) get two warnings and lose card l4; Tigers one warning.
RED_MATCH = PlayedMatch(
    home="lions",
    away="tigers",
    report=MatchReport(
        home_score=1,
        away_score=0,
        events=(
            strong(AWAY),
            strong(HOME),
            strong(AWAY),
            SendOff(HOME, 1, "l4"),
            Goal(HOME, 2, "l9", GoalKind.MAGIC_NUMBER),
        ),
    ),
)
QUIET_MATCH = PlayedMatch(
    home="tigers",
    away="lions",
    report=MatchReport(
        home_score=2,
        away_score=2,
        events=tuple(
            Goal(side, 1, "x", GoalKind.MAGIC_NUMBER if side is AWAY else GoalKind.OPEN_PLAY)
            for side in (HOME, HOME, AWAY, AWAY)
        ),
    ),
)
THREE_WARNINGS = PlayedMatch(
    home="bears",
    away="lions",
    report=MatchReport(
        home_score=0,
        away_score=0,
        events=(
            strong(AWAY),
            strong(AWAY),
            SendOff(HOME, 1, "b1"),
            strong(AWAY),
            SendOff(HOME, 2, "b2"),
        ),
    ),
)


def test_e_d3_discipline_table_per_team_and_card_over_a_season() -> None:
    table = discipline_table([RED_MATCH, QUIET_MATCH, THREE_WARNINGS], teams=["wolves"])
    assert table == [
        DisciplineLine(team="bears", warnings=3, yellows=1, reds=2, sent_off=("b1", "b2")),
        DisciplineLine(team="lions", warnings=2, yellows=1, reds=1, sent_off=("l4",)),
        DisciplineLine(team="tigers", warnings=1, yellows=1, reds=0, sent_off=()),
        DisciplineLine(team="wolves", warnings=0, yellows=0, reds=0, sent_off=()),
    ]
    assert table[0].sent_off_count("b1") == 1


def test_e_d3_suspension_setting_off_suspends_nobody() -> None:
    assert (
        suspended_cards(team="lions", matches=[RED_MATCH], settings=Mn11Settings()) == frozenset()
    )


def test_e_d3_with_suspensions_a_sent_off_card_misses_the_teams_next_match() -> None:
    assert suspended_cards(team="lions", matches=[RED_MATCH], settings=SUSPENSION) == {"l4"}
    assert suspended_cards(team="tigers", matches=[RED_MATCH], settings=SUSPENSION) == frozenset()
    # served once the team has played its next match (other teams' matches do not count)
    later = [RED_MATCH, THREE_WARNINGS]
    assert suspended_cards(team="lions", matches=later, settings=SUSPENSION) == frozenset()
    assert suspended_cards(team="bears", matches=later, settings=SUSPENSION) == {"b1", "b2"}
    assert (
        suspended_cards(team="tigers", matches=[RED_MATCH, THREE_WARNINGS], settings=SUSPENSION)
        == frozenset()
    )
    assert suspended_cards(team="lions", matches=[QUIET_MATCH, RED_MATCH], settings=SUSPENSION) == {
        "l4"
    }
    assert suspended_cards(team="wolves", matches=later, settings=SUSPENSION) == frozenset()


def test_e_l1_tie_breaker_inputs_magic_number_goals_and_red_cards_per_team() -> None:
    matches = [RED_MATCH, QUIET_MATCH, THREE_WARNINGS]
    assert magic_number_goals(matches) == {"lions": 3}
    assert red_cards(matches) == {"lions": 1, "bears": 2}


def shootout_match(*, home_wins: bool) -> PlayedMatch:
    home_kick = [ShootoutKick(HOME, True), ShootoutKick(AWAY, False)] * 3
    away_kick = [ShootoutKick(HOME, False), ShootoutKick(AWAY, True)] * 3
    return PlayedMatch(
        home="lions",
        away="tigers",
        report=MatchReport(
            home_score=0, away_score=0, shootout=tuple(home_kick if home_wins else away_kick)
        ),
    )


def test_e_l1_points_win_3_draw_1_loss_0_shootout_2_and_1() -> None:
    settings = Mn11Settings(shootout_league=True)
    assert match_points(RED_MATCH, "lions", settings=settings) == 3
    assert match_points(RED_MATCH, "tigers", settings=settings) == 0
    assert match_points(QUIET_MATCH, "lions", settings=settings) == 1
    assert match_points(shootout_match(home_wins=True), "lions", settings=settings) == 2
    assert match_points(shootout_match(home_wins=True), "tigers", settings=settings) == 1
    assert match_points(shootout_match(home_wins=False), "tigers", settings=settings) == 2


def test_e_l1_table_games_and_the_shared_table_without_shootouts() -> None:
    assert table_game(RED_MATCH) == TableGame(
        "lions",
        "tigers",
        1,
        0,
        overtime=False,
        home_counts=(("magic_number_goals", 1), ("red_cards", 1)),
        away_counts=(("magic_number_goals", 0), ("red_cards", 0)),
    )
    assert table_game(shootout_match(home_wins=True)).overtime
    settings = Mn11Settings()
    rows = compute_table(
        teams={"lions": "Lions", "tigers": "Tigers"},
        games=[table_game(RED_MATCH), table_game(QUIET_MATCH)],
        settings=settings.table(),
    )
    assert [(row.team, row.points) for row in rows] == [("lions", 4), ("tigers", 1)]
    assert [row.points for row in rows] == [
        sum(match_points(m, row.team, settings=settings) for m in (RED_MATCH, QUIET_MATCH))
        for row in rows
    ]


def test_e_l1_a_shootout_earns_the_shootout_points_in_the_shared_table() -> None:
    """A shootout's winner takes 2 and its loser 1 (the table's overtime win and loss), as
    match_points says; without the winner the table would give both a draw."""
    settings = Mn11Settings(shootout_league=True)
    matches = [shootout_match(home_wins=True), shootout_match(home_wins=False)]
    assert table_game(matches[0]).level_winner == "lions"
    rows = compute_table(
        teams={"lions": "Lions", "tigers": "Tigers"},
        games=[table_game(match) for match in matches],
        settings=settings.table(),
    )
    assert {row.team: (row.won_overtime, row.lost_overtime, row.drawn) for row in rows} == {
        "lions": (1, 1, 0),
        "tigers": (1, 1, 0),
    }
    for row in rows:
        assert row.points == sum(match_points(m, row.team, settings=settings) for m in matches)


def test_season_fixtures_are_valid_reports() -> None:
    no_gk = Mn11Settings(gk_expansion=False)
    for match in (RED_MATCH, QUIET_MATCH, THREE_WARNINGS):
        assert report_errors(match.report, settings=no_gk) == []
    with_shootouts = Mn11Settings(gk_expansion=False, shootout_league=True)
    assert report_errors(shootout_match(home_wins=False).report, settings=with_shootouts) == []


def level_match(home: str, away: str, *, magic: int = 0, home_off: int = 0) -> PlayedMatch:
    """A 1-1 between `home` and `away`, `magic` of Home's goal a Magic Number one, Home having
    `home_off` cards sent off."""
    kind = GoalKind.MAGIC_NUMBER if magic else GoalKind.OPEN_PLAY
    events: list[Event] = [Goal(HOME, 1, "h1", kind), Goal(AWAY, 1, "a1")]
    if home_off:
        events += [strong(AWAY) for _ in range(home_off + 1)]
        events += [SendOff(HOME, 2, f"h{n + 2}") for n in range(home_off)]
    return PlayedMatch(home, away, MatchReport(home_score=1, away_score=1, events=tuple(events)))


def test_e_l1_magic_number_goals_then_fewer_red_cards_break_ties_in_the_shared_table() -> None:
    settings = Mn11Settings(gk_expansion=False)
    teams = {"ash": "Ash", "birch": "Birch", "cedar": "Cedar", "dale": "Dale"}
    # Everyone draws 1-1 twice: level on points, head-to-head, goal difference, goals for.
    matches = [
        level_match("ash", "birch", magic=1),
        level_match("cedar", "dale", home_off=2),
        level_match("birch", "cedar"),
        level_match("dale", "ash", home_off=1),
    ]
    for match in matches:
        assert report_errors(match.report, settings=settings) == []
    assert magic_number_goals(matches) == {"ash": 1}
    assert red_cards(matches) == {"cedar": 2, "dale": 1}
    rows = compute_table(
        teams=teams, games=[table_game(m) for m in matches], settings=settings.table()
    )
    assert [row.team for row in rows] == ["ash", "birch", "dale", "cedar"]
    # Their head-to-head was among all four (2 each): the counts are over all games.
    assert rows[0].explanation.endswith(
        "(2 each in the games among Ash, Birch, Cedar and Dale); ahead on magic number goals "
        "in all games 1–0"
    )
    assert "ahead on red cards (fewer first) in all games 0–1" in rows[1].explanation
    assert "ahead on red cards (fewer first) in all games 1–2" in rows[2].explanation
