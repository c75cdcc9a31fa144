"""M-L1, M-L2 through the models: standings_recompute and the standings_for_season selector."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.text import slugify

from league.models import Fixture, Result, Round, Season, StandingRow, Team
from league.selectors.standings import standings_for_season
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_create
from league.services.standings import standings_recompute
from rosters.models import SeasonRules


def add_team(season: Season, name: str) -> Team:
    """A team entered into the season; no players, which the standings never look at."""
    count = Team.objects.filter(league=season.league).count()
    team = Team.objects.create(
        league=season.league, name=name, short_name=f"T{count:02d}", slug=slugify(name)
    )
    StandingRow.objects.create(season=season, team=team)
    return team


def fixture(
    season: Season, home: Team, away: Team, *, number: int, stage: str = Round.Stage.REGULAR
) -> Fixture:
    round_, _ = Round.objects.get_or_create(season=season, number=number, defaults={"stage": stage})
    return Fixture.objects.create(round=round_, home_team=home, away_team=away)


def play(match: Fixture, score: str, *, overtime: bool = False) -> Result:
    home_score, away_score = (int(part) for part in score.split("-"))
    match.status = Fixture.Status.PLAYED
    match.save(update_fields=["status"])
    return Result.objects.create(
        fixture=match,
        home_score=home_score,
        away_score=away_score,
        overtime=overtime,
        source=Result.Source.REPORTED,
    )


def rows_by_name(season: Season) -> dict[str, StandingRow]:
    return {row.team.name: row for row in standings_for_season(season=season)}


def test_m_l1_recompute_stores_counts_points_and_positions(world):
    play(fixture(world.season, world.away, world.home, number=1), "2-1", overtime=True)
    play(fixture(world.season, world.home, world.away, number=2), "3-0")

    rows = standings_recompute(season=world.season)

    assert [row.team for row in rows] == [world.home, world.away]
    home = StandingRow.objects.get(season=world.season, team=world.home)
    away = StandingRow.objects.get(season=world.season, team=world.away)
    assert (home.position, home.played, home.won, home.lost_overtime, home.points) == (
        1,
        2,
        1,
        1,
        4,
    )
    assert (away.position, away.won_overtime, away.lost, away.points) == (2, 1, 1, 2)
    assert (home.score_for, home.score_against, away.score_for, away.score_against) == (4, 2, 2, 4)
    assert home.explanation == away.explanation == ""


def test_m_l1_points_follow_the_season_rules(world):
    SeasonRules.objects.filter(season=world.season).update(points_draw=2)
    play(fixture(world.season, world.home, world.away, number=1), "1-1")

    standings_recompute(season=world.season)

    assert {row.points for row in standings_for_season(season=world.season)} == {2}


def test_m_l2_recompute_stores_the_head_to_head_explanation(world):
    porto = add_team(world.season, "Porto Pistons")
    lisbon = add_team(world.season, "Lisbon Ironclads")
    play(fixture(world.season, porto, lisbon, number=1), "1-0")
    play(fixture(world.season, world.home, world.away, number=1), "1-0")
    play(fixture(world.season, lisbon, world.away, number=2), "6-0")
    play(fixture(world.season, world.home, porto, number=2), "1-0")

    standings_recompute(season=world.season)

    table = list(standings_for_season(season=world.season))
    assert [row.team.name for row in table] == [
        "Home Hammers",
        "Porto Pistons",
        "Lisbon Ironclads",
        "Away Arrows",
    ]
    assert table[1].explanation == (
        "Level on points with Lisbon Ironclads; ahead on head-to-head points 3–0"
    )
    assert table[2].explanation == (
        "Level on points with Porto Pistons; behind on head-to-head points 0–3"
    )


def test_playoff_results_do_not_count(world):
    play(fixture(world.season, world.home, world.away, number=1), "1-0")
    final = fixture(world.season, world.away, world.home, number=2, stage=Round.Stage.PLAYOFF)
    play(final, "5-0")

    standings_recompute(season=world.season)

    rows = rows_by_name(world.season)
    assert (rows["Home Hammers"].played, rows["Home Hammers"].points) == (1, 3)
    assert (rows["Away Arrows"].played, rows["Away Arrows"].score_for) == (1, 0)


def test_only_played_fixtures_count(world):
    play(fixture(world.season, world.home, world.away, number=1), "1-0")
    pending = fixture(world.season, world.away, world.home, number=2)
    Result.objects.create(
        fixture=pending, home_score=4, away_score=0, source=Result.Source.REPORTED
    )  # status still scheduled: say, a result being replaced
    fixture(world.season, world.home, world.away, number=3)

    standings_recompute(season=world.season)

    assert rows_by_name(world.season)["Away Arrows"].played == 1


def test_results_of_another_season_do_not_count(world):
    other = season_create(league=world.league, name="2027", actor=world.commissioner)
    for team in (world.home, world.away):
        StandingRow.objects.create(season=other, team=team)
    play(fixture(other, world.home, world.away, number=1), "1-0")
    play(fixture(world.season, world.away, world.home, number=1), "2-0")

    standings_recompute(season=world.season)

    assert rows_by_name(world.season)["Away Arrows"].points == 3
    assert rows_by_name(world.season)["Home Hammers"].points == 0


def test_a_corrected_result_is_recomputed_from_scratch(world):
    result = play(fixture(world.season, world.home, world.away, number=1), "3-0")
    standings_recompute(season=world.season)
    result.home_score, result.away_score = 0, 1
    result.save(update_fields=["home_score", "away_score"])

    standings_recompute(season=world.season)
    standings_recompute(season=world.season)  # running again changes nothing

    rows = rows_by_name(world.season)
    assert (rows["Away Arrows"].position, rows["Away Arrows"].won, rows["Away Arrows"].points) == (
        1,
        1,
        3,
    )
    assert (rows["Home Hammers"].played, rows["Home Hammers"].won, rows["Home Hammers"].lost) == (
        1,
        0,
        1,
    )


def test_a_season_without_results_is_ordered_by_name_and_explained(world):
    rows = standings_recompute(season=world.season)

    assert [row.team for row in rows] == [world.away, world.home]
    assert rows[0].explanation.endswith("with Home Hammers; ahead on team name")
    assert all(row.played == 0 for row in rows)


def test_the_longest_team_names_fit_whole_in_an_explanation(world):
    for letter in "XYZ":
        add_team(world.season, letter + "x" * 59)

    standings_recompute(season=world.season)

    # Fourth of five teams level on everything: two clauses naming 60-letter teams.
    middle = StandingRow.objects.get(season=world.season, position=4)
    limit = StandingRow._meta.get_field("explanation").max_length
    assert limit is not None
    assert len(middle.explanation) <= limit
    assert not middle.explanation.endswith("…")
    assert middle.explanation.startswith("Level on points, head-to-head points")
    assert "X" + "x" * 59 in middle.explanation


def test_an_explanation_too_long_for_its_column_is_cut_at_a_word():
    from league.services.standings import _fit

    limit = StandingRow._meta.get_field("explanation").max_length
    assert limit is not None
    cut = _fit("Level on points with " + "Longname " * 100)
    assert len(cut) <= limit
    assert cut.endswith("…")
    assert cut.startswith("Level on points")


# --- queries -----------------------------------------------------------------------------------


def season_of(world, size: int) -> Season:
    """A season of `size` teams whose first round is played, every home team winning 1-0."""
    season = season_create(league=world.league, name=f"Size {size}", actor=world.commissioner)
    for index in range(size):
        add_team(season, f"Team {size:02d}-{index:02d}")
    season_generate_schedule(season=season, actor=world.commissioner, shuffle=False)
    for match in Fixture.objects.filter(round__season=season, round__number=1):
        play(match, "1-0")
    return season


@pytest.mark.parametrize("size", [4, 12])
def test_standings_for_season_reads_the_table_in_one_query(world, size, django_assert_num_queries):
    season = season_of(world, size)
    standings_recompute(season=season)

    with django_assert_num_queries(1):
        table = [
            (row.position, row.team.name, row.points) for row in standings_for_season(season=season)
        ]

    assert [position for position, _, _ in table] == list(range(1, size + 1))
    assert [points for _, _, points in table] == [3] * (size // 2) + [0] * (size // 2)


def test_standings_for_season_costs_the_same_for_4_and_12_teams(world):
    small, large = season_of(world, 4), season_of(world, 12)

    with CaptureQueriesContext(connection) as reading_small:
        list(standings_for_season(season=small))
    with CaptureQueriesContext(connection) as reading_large:
        [row.team.name for row in standings_for_season(season=large)]

    assert len(reading_small) == len(reading_large) == 1


def test_standings_recompute_costs_the_same_for_4_and_12_teams(world):
    small, large = season_of(world, 4), season_of(world, 12)

    with CaptureQueriesContext(connection) as recomputing_small:
        standings_recompute(season=small)
    with CaptureQueriesContext(connection) as recomputing_large:
        standings_recompute(season=large)

    assert len(recomputing_small) == len(recomputing_large)


def test_unranked_rows_come_last_then_by_team_name(world):
    add_team(world.season, "Cork Comets")
    StandingRow.objects.filter(team=world.home).update(position=1)

    names = [row.team.name for row in standings_for_season(season=world.season)]

    assert names == ["Home Hammers", "Away Arrows", "Cork Comets"]
