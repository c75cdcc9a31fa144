"""Table dice (M-E2, M-I1/M-I2, M-I3, M-P4/M-P8): a season whose coaches roll at the table
runs a match day on entered faces only, each in the dice ledger as entered by its user."""

from __future__ import annotations

from unittest import mock

import pytest

from games.errors import GamesError
from games.models import Inspection, SimulationJob, TableInspection
from games.selectors import SeasonQueue
from games.services import (
    PlayerLine,
    ResultReport,
    TableRoll,
    inspection_decide,
    result_record,
    round_open,
    simulation_request,
    table_inspection_enter,
)
from injuries.models import Injury
from injuries.services import injury_force_heal
from league.errors import DomainError, PermissionRefused
from league.models import Fixture, Round, Season
from league.selectors.coaching import coach_teams
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from rosters.models import DiceRoll, Enhancement
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import EnhancementKind

pytestmark = pytest.mark.django_db


def _table_dice(season: Season) -> None:
    rules = season.rules
    for name in rules.TABLE_DICE.values():
        setattr(rules, name, True)
    rules.save()


@pytest.fixture
def table_round(world):
    """Round 1 scheduled in a table-dice season; the home forward carries an EM Coil and the
    away goalie a Deflector Field. Returns (round, fixture, home forward, away goalie)."""
    _table_dice(world.season)
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    first = Round.objects.get(season=world.season, number=1)
    fixture = first.fixtures.select_related("home_team", "away_team").get()
    if fixture.home_team_id != world.home.pk:
        world.home, world.away = world.away, world.home
        world.home_coach, world.away_coach = world.away_coach, world.home_coach
    forward = world.home.players.get(shirt_number=1)
    goalie = world.away.players.get(shirt_number=11)
    Enhancement.objects.create(player=forward, kind=EnhancementKind.EM_COIL)
    Enhancement.objects.create(player=goalie, kind=EnhancementKind.DEFLECTOR_FIELD)
    return first, fixture, forward, goalie


def _enter(ti_player, side, faces, actor):
    table_inspection = TableInspection.objects.get(player=ti_player)
    return table_inspection_enter(
        table_inspection=table_inspection, side=side, faces=faces, actor=actor
    )


def _report(world, *, incapacitated=(), table_rolls=None) -> ResultReport:
    lines = [
        PlayerLine(world.home.players.get(shirt_number=1).pk, 1, {"scoring": (2, 1)}),
        PlayerLine(world.away.players.get(shirt_number=1).pk, 0, {"tackles": (2, 1)}),
        PlayerLine(world.away.players.get(shirt_number=11).pk, 0, {"saves": (2, 1)}),
    ]
    return ResultReport(
        1, 0, lines=lines, incapacitated=incapacitated, table_rolls=table_rolls or {}
    )


def test_a_table_dice_match_day_runs_entirely_on_entered_rolls(world, table_round):
    first, fixture, forward, goalie = table_round
    server_rolls = DiceRoll.objects.filter(source=DiceRoll.Source.SERVER).count()
    # Opening rolls nothing: empty scripted dice would raise if the server rolled.
    round_open(round_=first, actor=world.commissioner, dice=ScriptedDice([]))
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.INSPECTIONS
    assert TableInspection.objects.filter(fixture=fixture).count() == 2
    assert not Inspection.objects.exists()

    # The owner's coach rolls 3 for his forward, the opposing coach 8: detected (M-E2).
    _enter(forward, "owner", [3], world.home_coach)
    _enter(forward, "inspector", [8], world.away_coach)
    # The away goalie: 5 against 5, a tie does not detect.
    _enter(goalie, "owner", [5], world.away_coach)
    _enter(goalie, "inspector", 5, world.home_coach)
    decisions = dict(Inspection.objects.values_list("enhancement__player", "decision"))
    assert decisions == {forward.pk: "pending", goalie.pk: "undetected"}
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.INSPECTIONS  # the detection awaits its decision
    inspection_decide(
        inspection=Inspection.objects.get(decision="pending"), allow=True, actor=world.away_coach
    )
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.READY

    # The away forward is Incapacitated; the reporting coach enters his injury rolls.
    victim = world.away.players.get(shirt_number=1)
    report = _report(
        world,
        incapacitated=(victim.pk,),
        table_rolls={victim.pk: TableRoll(duration=9, permanent=4)},
    )
    result_record(fixture=fixture, report=report, actor=world.home_coach)
    injury = Injury.objects.get(player=victim)
    assert (injury.games_out, injury.permanent) == (4, False)

    # His coach force-heals him at the table: d20 15 against the d10's 3 heals (M-I3).
    attempt = injury_force_heal(injury=injury, actor=world.away_coach, faces=[15, 3])
    assert attempt.succeeded

    assert DiceRoll.objects.filter(source=DiceRoll.Source.SERVER).count() == server_rolls
    ledger = DiceRoll.objects.filter(season=world.season).exclude(
        purpose__in=["status", "superstar"]
    )
    entered = sorted(
        ((r.purpose, r.result, r.entered_by) for r in ledger),
        key=lambda row: (row[0], row[1], row[2].username),
    )
    home, away = world.home_coach, world.away_coach
    assert entered == sorted(
        [
            ("force_heal", 3, away),
            ("force_heal", 15, away),
            ("injury_duration", 9, home),
            ("inspection", 3, home),
            ("inspection", 5, away),
            ("inspection", 5, home),
            ("inspection", 8, away),
            ("permanent_injury", 4, home),
        ],
        key=lambda row: (row[0], row[1], row[2].username),
    )
    assert {r.source for r in ledger} == {DiceRoll.Source.TABLE}


def test_a_pending_inspection_roll_blocks_the_fixture_and_names_who_must_roll(
    world, table_round, django_capture_on_commit_callbacks
):
    first, fixture, forward, goalie = table_round
    round_open(round_=first, actor=world.commissioner)
    with mock.patch("games.services.job_queue.app.send_task"):
        job = simulation_request(fixture=fixture, actor=world.commissioner)
    assert job.state == SimulationJob.State.WAITING
    reason = SeasonQueue(world.season.pk).blocker(fixture.pk)
    home, away = world.home_coach.username, world.away_coach.username
    assert f"{home}'s inspection roll for {forward}" in reason
    assert f"{away}'s inspection roll for {forward}" in reason
    assert f"{away}'s inspection roll for {goalie}" in reason
    # The home coach's to-do: his own roll for his forward and the opposing one for the goalie.
    (mine,) = [t for t in coach_teams(user=world.home_coach) if t.team == world.home]
    rolls = [item.text for item in mine.todos if item.kind == "inspection_roll"]
    assert len(rolls) == 2
    with pytest.raises(GamesError):
        result_record(fixture=fixture, report=_report(world), actor=world.home_coach)
    # Once every roll is in and nothing is detected, the waiting job is queued.
    with (
        mock.patch("games.services.job_queue.app.send_task"),
        django_capture_on_commit_callbacks(execute=True),
    ):
        _enter(forward, "owner", [9], world.home_coach)
        _enter(forward, "inspector", [2], world.away_coach)
        _enter(goalie, "owner", [7], world.away_coach)
        _enter(goalie, "inspector", [7], world.commissioner)
    fixture.refresh_from_db()
    job.refresh_from_db()
    assert fixture.status == Fixture.Status.SIMULATING
    assert job.state == SimulationJob.State.QUEUED


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        ([0], "not on a d10"),
        ([11], "not on a d10"),
        ([4, 5], "exactly 1 face for the inspection roll (a d10), not 2"),
        ([], "whole numbers"),
        (["7"], "whole numbers"),
    ],
)
def test_bad_inspection_faces_are_refused_and_change_nothing(world, table_round, faces, message):
    first, _fixture, forward, _goalie = table_round
    round_open(round_=first, actor=world.commissioner)
    rolls = DiceRoll.objects.count()
    with pytest.raises(DomainError) as refused:
        _enter(forward, "owner", faces, world.home_coach)
    assert message in refused.value.message
    assert refused.value.fields.keys() == {"faces"}
    table_inspection = TableInspection.objects.get(player=forward)
    assert table_inspection.owner_roll is None
    assert DiceRoll.objects.count() == rolls


@pytest.mark.parametrize(
    ("who", "side", "allowed"),
    [
        ("home_coach", "owner", True),
        ("away_coach", "owner", False),  # the other coach
        ("away_coach", "inspector", True),
        ("home_coach", "inspector", False),
        ("commissioner", "owner", True),
        ("commissioner", "inspector", True),
        ("outsider", "owner", False),
    ],
)
def test_each_coach_enters_only_his_own_inspection_roll(world, table_round, who, side, allowed):
    first, _fixture, forward, _goalie = table_round
    round_open(round_=first, actor=world.commissioner)
    user = getattr(world, who)
    if allowed:
        entered = _enter(forward, side, [6], user)
        assert getattr(entered, f"{side}_roll") == 6
        assert getattr(entered, f"{side}_entered_by") == user
    else:
        with pytest.raises(PermissionRefused):
            _enter(forward, side, [6], user)
        assert getattr(TableInspection.objects.get(player=forward), f"{side}_roll") is None


def test_a_roll_is_entered_once(world, table_round):
    first, _fixture, forward, _goalie = table_round
    round_open(round_=first, actor=world.commissioner)
    _enter(forward, "owner", [6], world.home_coach)
    with pytest.raises(GamesError) as refused:
        _enter(forward, "owner", [2], world.commissioner)
    assert refused.value.code == "already_entered"
    assert TableInspection.objects.get(player=forward).owner_roll == 6
