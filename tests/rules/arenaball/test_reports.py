"""A-G1 to A-G5: result reports and their validation; A-L1's figures from reports."""

from __future__ import annotations

from dataclasses import replace

from rules.arenaball import (
    ArenaballSettings,
    Casualty,
    CrewState,
    Goal,
    Kill,
    KillHow,
    LeftBecause,
    MatchLineup,
    MatchReport,
    Plate,
    Problem,
    Substitution,
    report_errors,
    table_game,
    team_kills,
    took_part,
)
from rules.standings import TableGame, compute_table

from .helpers import AWAY, HOME, report


def errors(match: MatchReport, settings: ArenaballSettings | None = None) -> list[Problem]:
    return report_errors(match, home=HOME, away=AWAY, settings=settings)


def fields(match: MatchReport, settings: ArenaballSettings | None = None) -> list[tuple[str, str]]:
    return [(p.code, p.field) for p in errors(match, settings)]


def test_a_g5_a_valid_report_has_no_errors() -> None:
    assert errors(report()) == []


# --- A-G1 ---------------------------------------------------------------------------------------


def test_a_g1_plates_score_three_and_one() -> None:
    assert Plate.CENTRE.points == 3
    assert Plate.OUTER.points == 1
    assert Goal("red", "red-d1", Plate.CENTRE).points == 3


def test_a_g1_first_to_five_wins_and_the_last_goal_took_it_there() -> None:
    extra = report(
        home_score=6,
        goals=(*report().goals, Goal("red", "red-d3", Plate.OUTER)),
    )
    assert fields(extra) == [("goal_after_end", "goals.4")]
    short = report(home_score=4, goals=report().goals[:3])
    assert ("not_finished", "goals") in fields(short)
    assert ("target_not_once", "home_score") in fields(short)


def test_a_g1_the_winner_is_the_team_that_reached_the_target() -> None:
    [problem] = errors(report(winner="green"))
    assert (problem.code, problem.rule, problem.field) == ("winner_wrong", "A-G1", "winner")
    assert "red won" in problem.message
    assert fields(report(winner=None)) == [("winner_wrong", "winner")]
    assert fields(report(winner="blue")) == [("team_not_in_game", "winner")]


def test_a_g1_target_points_is_a_setting() -> None:
    three = report(home_score=3, away_score=0, goals=(Goal("red", "red-d1", Plate.CENTRE),))
    assert errors(three, ArenaballSettings(target_points=3)) == []
    assert ("not_finished", "goals") in fields(three)


def test_a_g1_time_limit_games_higher_score_wins_level_is_a_draw() -> None:
    settings = ArenaballSettings(time_limit_games=True)
    draw = report(
        home_score=1,
        away_score=1,
        winner=None,
        time_limit=True,
        goals=(Goal("red", "red-d1", Plate.OUTER), Goal("green", "green-d3", Plate.OUTER)),
    )
    assert errors(draw, settings) == []
    assert fields(replace(draw, winner="red"), settings) == [("winner_wrong", "winner")]
    win = replace(draw, home_score=7, goals=(*draw.goals, *report().goals[:1] * 2))
    assert fields(replace(win, winner="red"), settings) == []
    assert fields(draw) == [("time_limit_not_allowed", "time_limit")]


# --- A-G5: goals and score ----------------------------------------------------------------------


def test_a_g5_goals_add_up_to_the_score() -> None:
    problems = errors(report(away_score=2))
    assert [(p.code, p.rule, p.field) for p in problems] == [
        ("score_mismatch", "A-G5", "away_score")
    ]
    assert "add up to 1, not 2" in problems[0].message
    assert ("negative", "home_score") in fields(report(home_score=-1))


def test_a_g5_the_scorer_drove_a_car_of_his_team_that_took_part() -> None:
    goals = list(report().goals)
    goals[2] = Goal("red", "red-g", Plate.OUTER)  # the goalkeeper's gunner
    assert fields(report(goals=tuple(goals))) == [("scorer_not_driver", "goals.2.scorer")]
    goals[2] = Goal("red", "red-d4", Plate.OUTER)  # car 4 never left the pits
    assert fields(report(goals=tuple(goals))) == [("scorer_not_driver", "goals.2.scorer")]
    goals[2] = Goal("red", "green-d1", Plate.OUTER)
    assert fields(report(goals=tuple(goals))) == [("scorer_not_driver", "goals.2.scorer")]
    goals[2] = Goal("blue", "red-d2", Plate.OUTER)
    assert ("team_not_in_game", "goals.2.team") in fields(report(goals=tuple(goals)))


def test_a_g5_reports_name_the_two_teams_of_the_game() -> None:
    assert (
        fields(
            report(),
        )
        == []
    )
    problems = report_errors(report(), home=HOME, away=MatchLineup("blue", HOME.cars, HOME.pits))
    assert [p.code for p in problems] == ["lineup_mismatch"]
    same = report_errors(
        report(away="red"), home=HOME, away=MatchLineup("red", HOME.cars, HOME.pits)
    )
    assert "same_team" in [p.code for p in same]


# --- A-G2: kills --------------------------------------------------------------------------------


def test_a_g2_a_kill_names_the_victim_and_where_one_exists_the_killer() -> None:
    no_killer = report(kills=(Kill("green", "2"),))
    assert errors(no_killer) == []
    partial = report(kills=(Kill("green", "2", "red", "1"),))
    assert fields(partial) == [("killer_incomplete", "kills.0.killer")]


def test_a_g2_kills_name_cars_and_characters_of_this_game() -> None:
    pits_car = report(kills=(Kill("green", "5", "red", "1", "red-d1", KillHow.RAM),))
    assert ("car_not_in_game", "kills.0.victim_car") in fields(pits_car)
    wrong_killer = report(kills=(Kill("green", "2", "red", "1", "red-d2", KillHow.WEAPON),))
    assert fields(wrong_killer) == [("killer_not_in_car", "kills.0.killer")]
    benched = report(kills=(Kill("green", "2", "red", "4", "red-d4", KillHow.WEAPON),))
    assert fields(benched) == [("car_not_in_game", "kills.0.killer_car")]
    stranger = report(kills=(Kill("blue", "2"),))
    assert ("team_not_in_game", "kills.0.victim_team") in fields(stranger)


def test_a_g2_a_car_is_killed_once_and_a_ram_is_the_drivers() -> None:
    kill = report().kills[0]
    assert fields(report(kills=(kill, kill))) == [("killed_twice", "kills.1.victim_car")]
    gunner_ram = report(
        kills=(Kill("green", "2", "red", "GK", "red-g", KillHow.RAM),),
    )
    assert fields(gunner_ram) == [("ram_by_gunner", "kills.0.killer")]
    gunner_shot = report(kills=(Kill("green", "2", "red", "GK", "red-g", KillHow.WEAPON),))
    assert errors(gunner_shot) == []


# --- A-G3: casualties ---------------------------------------------------------------------------


def test_a_g3_casualty_states() -> None:
    assert [state.value for state in CrewState] == [
        "unhurt",
        "stunned",
        "injured",
        "unconscious",
        "dead",
    ]
    casualties = (
        Casualty("green", "green-d2", CrewState.DEAD),
        Casualty("green", "green-d4", CrewState.INJURED),  # car 4 came on for car 2
        Casualty("red", "red-g", CrewState.UNCONSCIOUS),
    )
    assert errors(report(casualties=casualties)) == []


def test_a_g5_dead_only_if_present() -> None:
    dead_in_pits = report(casualties=(Casualty("green", "green-d5", CrewState.DEAD),))
    [problem] = errors(dead_in_pits)
    assert (problem.code, problem.rule, problem.field) == (
        "casualty_not_present",
        "A-G5",
        "casualties.0.character",
    )
    assert "only someone in the game can die" in problem.message
    wrong_team = report(casualties=(Casualty("red", "green-d1", CrewState.STUNNED),))
    assert fields(wrong_team) == [("casualty_not_present", "casualties.0.character")]
    twice = (Casualty("red", "red-d1", CrewState.STUNNED),) * 2
    assert fields(report(casualties=twice)) == [("casualty_twice", "casualties.1.character")]


# --- A-G4: substitutes --------------------------------------------------------------------------


def test_a_g4_a_substitute_comes_on_only_after_a_kill_or_a_car_driven_off() -> None:
    no_kill = report(kills=(), substitutions=(Substitution("green", "4", "2", LeftBecause.KILLED),))
    assert fields(no_kill) == [("substitute_without_kill", "substitutions.0.because")]
    driven_off = report(
        kills=(), substitutions=(Substitution("green", "4", "2", LeftBecause.DRIVEN_OFF),)
    )
    assert errors(driven_off) == []


def test_a_g4_substitutes_come_from_the_pits_for_a_car_on_the_track() -> None:
    from_track = report(substitutions=(Substitution("green", "3", "2", LeftBecause.KILLED),))
    assert fields(from_track) == [("substitute_not_in_pits", "substitutions.0.on")]
    for_pits_car = report(substitutions=(Substitution("green", "4", "5", LeftBecause.DRIVEN_OFF),))
    assert fields(for_pits_car) == [("replaced_car_not_on_track", "substitutions.0.off")]


def test_a_g4_no_re_entry() -> None:
    subs = (
        Substitution("green", "4", "2", LeftBecause.KILLED),
        Substitution("green", "5", "4", LeftBecause.DRIVEN_OFF),
        Substitution("green", "4", "3", LeftBecause.DRIVEN_OFF),
    )
    assert fields(report(substitutions=subs)) == [("re_entry", "substitutions.2.on")]
    back_on = (
        Substitution("green", "4", "2", LeftBecause.KILLED),
        Substitution("green", "5", "2", LeftBecause.DRIVEN_OFF),
    )
    problems = errors(report(substitutions=back_on))
    assert [(p.code, p.field) for p in problems] == [
        ("replaced_car_not_on_track", "substitutions.1.off")
    ]
    assert "already left" in problems[0].message


def test_a_g4_substitutes_is_a_setting() -> None:
    settings = ArenaballSettings(substitutes=False)
    assert fields(report(), settings) == [("substitutes_off", "substitutions.0")]
    assert errors(report(substitutions=()), settings) == []


def test_a_g4_took_part_is_the_starters_and_the_cars_that_came_on() -> None:
    assert took_part(AWAY, report().substitutions) == {"1", "2", "3", "4", "GK"}
    assert took_part(HOME, report().substitutions) == {"1", "2", "3", "GK"}


# --- A-L1: the standings' figures from reports --------------------------------------------------


def test_a_l1_a_report_is_a_table_game_without_overtime_with_its_kills() -> None:
    assert table_game(report()) == TableGame(
        "red", "green", 5, 1, False, home_counts=(("kills", 1),), away_counts=(("kills", 0),)
    )


def test_a_l1_kills_break_a_tie_in_the_shared_table() -> None:
    """Level on points, head-to-head, difference and score for: more kills ranks higher."""
    red_win = report()
    mirrored = {"red": "green", "green": "red"}
    green_win = report(
        home="green",
        away="red",
        winner="green",
        goals=tuple(
            Goal(mirrored[g.team], g.scorer.replace(g.team, mirrored[g.team]), g.plate)
            for g in red_win.goals
        ),
        kills=(),
        substitutions=(),
    )
    assert report_errors(green_win, home=AWAY, away=HOME) == []
    teams = {"red": "Red", "green": "Green"}
    games = [table_game(red_win), table_game(green_win)]
    rows = compute_table(teams=teams, games=games, settings=ArenaballSettings().table())
    assert [row.team for row in rows] == ["red", "green"]
    assert "ahead on kills 1–0" in rows[0].explanation


def test_a_l1_team_kills_count_kills_of_the_other_teams_cars() -> None:
    friendly = Kill("red", "2", "red", "1", "red-d1", KillHow.RAM)
    unclaimed = Kill("green", "3")
    second = report(
        home="green",
        away="red",
        home_score=1,
        away_score=5,
        kills=(Kill("red", "3", "green", "1", "green-d1", KillHow.WEAPON), friendly, unclaimed),
    )
    assert team_kills([report(), second]) == {"red": 1, "green": 1}
    assert team_kills([]) == {}
    assert team_kills([report(kills=())]) == {"red": 0, "green": 0}


def test_a_l1_a_three_way_cycle_goes_to_the_season_difference_and_says_so() -> None:
    """Decided (docs/rules-decisions.md, issue #45): Dayton, Elko and Boise on 2 points, each
    beat one of the others, so the head-to-head among the three leaves them level (2 each);
    points difference over all games splits them, placing Dayton above Elko though Elko beat
    Dayton, and the explanation names the mini-table and the step that split them."""
    teams = {"day": "Dayton", "elk": "Elko", "boi": "Boise", "aus": "Austin"}
    games = [
        TableGame("elk", "day", 5, 3, False),
        TableGame("day", "boi", 5, 0, False),
        TableGame("boi", "elk", 5, 4, False),
        TableGame("aus", "day", 5, 1, False),
        TableGame("aus", "elk", 5, 1, False),
        TableGame("aus", "boi", 5, 1, False),
    ]
    rows = compute_table(teams=teams, games=games, settings=ArenaballSettings().table())
    assert [row.team for row in rows] == ["aus", "day", "elk", "boi"]
    assert rows[1].explanation == (
        "Level on points and head-to-head points with Elko (2 each in the games among Boise, "
        "Dayton and Elko); ahead on score difference in all games −1 to −3"
    )
