"""CSV export and import in a MagnoBall league (docs/data.md, "CSV"): the tables, the teams
rolled by M-P2 with the file's names, past results through the one result service, the dry
run that writes nothing and the all-or-nothing write."""

from __future__ import annotations

import csv
import io

import pytest

from league.exchange.csv_export import csv_table_export
from league.exchange.csv_import import csv_results_import, csv_teams_import
from league.exchange.problems import ImportRefused
from league.models import AuditEntry, Fixture, Result, Season, Team
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from rosters.models import Player
from rules.magnoball.creation import roster_template
from tests.world import World


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def _problems(refused: pytest.ExceptionInfo[ImportRefused]) -> list[str]:
    return [str(problem) for problem in refused.value.problems]


def _counts() -> tuple[int, int, int, int]:
    return (
        Team.objects.count(),
        Player.objects.count(),
        Result.objects.count(),
        AuditEntry.objects.count(),
    )


def _running(world: World) -> Season:
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    return world.season


def _results_file(world: World, *lines: str) -> bytes:
    """Rows of round, home, away, scores and overtime; each side's points go to its shirt 1."""
    rows = []
    for line in lines:
        cells = line.split(",")
        points = []
        for name, score in ((cells[1], cells[3]), (cells[2], cells[4])):
            team = Team.objects.filter(name=name).first()
            scorer = team.players.get(shirt_number=1).name if team else "Nobody"
            points.append(f"{scorer}:{score}" if score.isdigit() and score != "0" else "")
        rows.append(",".join([*cells, *points]))
    heads = "round,home,away,home_score,away_score,overtime,home_points,away_points\n"
    return (heads + "\n".join(rows)).encode()


def _pairings(season: Season) -> list[tuple[int, str, str]]:
    return [
        (f.round.number, f.home_team.name, f.away_team.name)
        for f in Fixture.objects.filter(round__season=season)
        .select_related("round", "home_team", "away_team")
        .order_by("round__number")
    ]


# --- export -------------------------------------------------------------------------------------


def test_the_three_tables_after_an_imported_result(world: World) -> None:
    season = _running(world)
    (number, home, away), *_ = _pairings(season)
    csv_results_import(
        season=season,
        data=_results_file(world, f"{number},{home},{away},3,1,no"),
        actor=world.commissioner,
        dry_run=False,
    )
    standings = _rows(csv_table_export(season=season, table="standings"))
    assert [(r["position"], r["team"], r["played"], r["won"], r["points"]) for r in standings] == [
        ("1", home, "1", "1", "3"),
        ("2", away, "1", "0", "0"),
    ]
    fixtures = _rows(csv_table_export(season=season, table="fixtures"))
    assert (fixtures[0]["home"], fixtures[0]["home_score"], fixtures[0]["away_score"]) == (
        home,
        "3",
        "1",
    )
    assert fixtures[0]["status"] == "played"
    assert fixtures[1]["home_score"] == ""
    players = _rows(csv_table_export(season=season, table="players"))
    assert len(players) == 36
    assert {"team", "player", "position", "games_played", "points", "scoring_successes"} <= set(
        players[0]
    )


def test_an_unknown_table_is_refused(world: World) -> None:
    from league.errors import DomainError

    with pytest.raises(DomainError, match="No table 'goals'"):
        csv_table_export(season=world.season, table="goals")


# --- teams and rosters ----------------------------------------------------------------------------


def _roster_lines(team: str, short: str, coach: str = "") -> list[str]:
    lines = []
    for index, (position, _first) in enumerate(roster_template()):
        lines.append(
            f"{team},{short if index == 0 else ''},{coach if index == 0 else ''},"
            f"{team.split()[0]} Player {index + 1},{position.value}"
        )
    return lines


def _teams_file(*lines: str) -> bytes:
    return ("team,short_name,coach,player,position\n" + "\n".join(lines) + "\n").encode()


def test_teams_are_rolled_with_the_files_names(world: World) -> None:
    data = _teams_file(*_roster_lines("Lisbon Lynx", "LIS", "outsider"))
    report = csv_teams_import(
        season=world.season, data=data, actor=world.commissioner, dry_run=False
    )
    assert report.created == ["Lisbon Lynx"]
    team = Team.objects.get(name="Lisbon Lynx")
    assert team.coach == world.outsider
    assert team.short_name == "LIS"
    assert team.standings.filter(season=world.season).exists()
    goalies = team.players.filter(position="goalie").order_by("shirt_number")
    assert [(p.name, p.string) for p in goalies] == [
        ("Lisbon Player 11", "first"),
        ("Lisbon Player 18", "second"),
    ]
    assert AuditEntry.objects.filter(action="import.csv_teams").count() == 1


def test_the_teams_dry_run_writes_nothing(world: World) -> None:
    before = _counts()
    data = _teams_file(*_roster_lines("Lisbon Lynx", "LIS"), *_roster_lines("Porto Pumas", "POR"))
    report = csv_teams_import(
        season=world.season, data=data, actor=world.commissioner, dry_run=True
    )
    assert report.created == ["Lisbon Lynx", "Porto Pumas"]
    assert report.dry_run
    assert _counts() == before


def test_unknown_coaches_duplicate_players_and_taken_names_are_each_named(world: World) -> None:
    lines = _roster_lines("Lisbon Lynx", "LIS", "nobody")
    lines[5] = lines[5].replace("Lisbon Player 6", "Lisbon Player 5")
    lines += [f"{world.home.name},HH2,,,"]
    before = _counts()
    with pytest.raises(ImportRefused) as refused:
        csv_teams_import(
            season=world.season, data=_teams_file(*lines), actor=world.commissioner, dry_run=False
        )
    assert _problems(refused) == [
        "row 2, coach: No user “nobody”.",
        "row 7, player: “Lisbon Player 5” is twice on “Lisbon Lynx”'s roster.",
        f"row 20, team: Test League already has a team “{world.home.name}”.",
    ]
    assert _counts() == before


def test_a_roster_the_game_refuses_late_in_the_file_rolls_back_every_team(world: World) -> None:
    second = _roster_lines("Porto Pumas", "POR")[:-1]  # 17 players: M-P2 wants 18
    before = _counts()
    with pytest.raises(ImportRefused) as refused:
        csv_teams_import(
            season=world.season,
            data=_teams_file(*_roster_lines("Lisbon Lynx", "LIS"), *second),
            actor=world.commissioner,
            dry_run=False,
        )
    (problem,) = _problems(refused)
    assert problem.startswith("row 20, position: A MagnoBall roster is 18 players (M-P2)")
    assert _counts() == before


def test_teams_go_only_into_a_draft_season(world: World) -> None:
    season = _running(world)
    with pytest.raises(ImportRefused) as refused:
        csv_teams_import(
            season=season,
            data=_teams_file("Lisbon Lynx,LIS,,,"),
            actor=world.commissioner,
            dry_run=True,
        )
    assert _problems(refused) == [
        "file: Test League · 2026 has started: teams are imported into a draft season."
    ]


# --- past results ---------------------------------------------------------------------------------


def test_results_are_recorded_round_by_round_opening_the_rounds(world: World) -> None:
    season = _running(world)
    (r1, h1, a1), (r2, h2, a2), *_ = _pairings(season)
    data = _results_file(world, f"{r2},{h2},{a2},1,1,no", f"{r1},{h1},{a1},2,0,")
    report = csv_results_import(season=season, data=data, actor=world.commissioner, dry_run=False)
    assert len(report.created) == 2
    assert Result.objects.filter(fixture__round__season=season).count() == 2
    assert season.rounds.get(number=r2).status != "scheduled"


def test_the_results_dry_run_writes_nothing(world: World) -> None:
    season = _running(world)
    (r1, h1, a1), *_ = _pairings(season)
    before = _counts()
    report = csv_results_import(
        season=season,
        data=_results_file(world, f"{r1},{h1},{a1},2,0,no"),
        actor=world.commissioner,
        dry_run=True,
    )
    assert len(report.created) == 1
    assert _counts() == before
    assert season.rounds.get(number=r1).status == "scheduled"


def test_every_bad_cell_is_named_by_row_and_column(world: World) -> None:
    season = _running(world)
    (r1, h1, a1), *_ = _pairings(season)
    data = _results_file(
        world,
        f"{r1},{h1},Nowhere Rovers,2,0,no",
        f"x,{h1},{a1},2,0,no",
        f"{r1},{h1},{a1},100,0,no",
        f"{r1},{h1},{a1},1,1,yes",
        f"{r1},{a1},{h1},1,0,no",
        f"{r1},{h1},{a1},1,0,no",
        f"{r1},{h1},{a1},2,0,no",
    )
    before = _counts()
    with pytest.raises(ImportRefused) as refused:
        csv_results_import(season=season, data=data, actor=world.commissioner, dry_run=False)
    assert _problems(refused) == [
        "row 2, away: No team “Nowhere Rovers” plays in Test League · 2026.",
        "row 3, round: “x” is not a whole number.",
        "row 4, home_score: Give a number from 0 to 99.",
        "row 5, overtime: A game won in overtime cannot end level.",
        f"row 6, round: Test League · 2026 has no fixture {a1} v {h1} in round {r1}.",
        f"row 8, home: {Fixture.objects.get(round__season=season, round__number=r1)} is already "
        "on row 7.",
    ]
    assert _counts() == before


def test_points_that_do_not_add_up_late_in_the_file_roll_back_every_row(world: World) -> None:
    season = _running(world)
    (r1, h1, a1), (r2, h2, a2), *_ = _pairings(season)
    good = _results_file(world, f"{r1},{h1},{a1},2,0,no").decode().splitlines()[1]
    scorer = Team.objects.get(name=h2).players.get(shirt_number=1).name
    data = _results_file(world).decode() + good + f"\n{r2},{h2},{a2},3,0,no,{scorer}:2,\n"
    before = _counts()
    with pytest.raises(ImportRefused) as refused:
        csv_results_import(
            season=season, data=data.encode(), actor=world.commissioner, dry_run=False
        )
    assert _problems(refused) == [
        f"row 3, home_score: {h2}'s players scored 2 points in their stat lines, not 3."
    ]
    assert _counts() == before
    assert season.rounds.get(number=r1).status == "scheduled"  # its opening rolled back too


def test_an_unknown_scorer_is_named_by_his_column(world: World) -> None:
    season = _running(world)
    (r1, h1, a1), *_ = _pairings(season)
    data = _results_file(world).decode() + f"{r1},{h1},{a1},1,0,no,Ghost:1,\n"
    with pytest.raises(ImportRefused) as refused:
        csv_results_import(
            season=season, data=data.encode(), actor=world.commissioner, dry_run=True
        )
    assert _problems(refused) == [f"row 2, home_points: {h1} has no player “Ghost”."]


def test_only_a_commissioner_imports(world: World) -> None:
    from league.errors import PermissionRefused

    season = _running(world)
    for user in (world.home_coach, world.outsider):
        with pytest.raises(PermissionRefused):
            csv_results_import(season=season, data=b"round\n1\n", actor=user, dry_run=True)
