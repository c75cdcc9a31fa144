"""Magic Number Eleven's match reports (E-R1, E-D1 … E-D5) through the services: stored as
rows beside the core's result, refused with every fault beside its field and nothing
changed, permissions, correction and void recomputing the table (E-L1)."""

from __future__ import annotations

import pytest

from league.errors import LeagueError, PermissionRefused
from league.models import AuditEntry, Fixture, Result, StandingRow
from mn11.errors import Mn11Error
from mn11.models import Report, ReportEvent, ReportKick
from mn11.services import report_correct, report_record, report_void
from tests.mn11.world import (
    goal,
    mn11_world,
    play,
    raw_report,
    red_card_level_shootout,
    report,
    send_off,
    var,
)

pytestmark = pytest.mark.django_db


def _refused(fixture: Fixture, actor, **values) -> Mn11Error:
    with pytest.raises(Mn11Error) as refused:
        report_record(fixture=fixture, data=report(**values), actor=actor)
    assert not Result.objects.filter(fixture=fixture).exists()
    assert not Report.objects.exists()
    return refused.value


def test_a_report_is_stored_as_rows_beside_the_result_and_audited():
    """E-R1: goals per half with the scoring card and kind; the Away set and GK picks."""
    world = mn11_world()
    fixture = world.fixture()
    result = play(fixture, world.coaches[0])
    stored = Report.objects.get(result=result)
    assert (stored.away_set, stored.gk_home, stored.gk_away) == (
        "base",
        "defence_cover",
        "build_up",
    )
    goals = list(stored.events.values_list("half", "card", "goal_kind"))
    assert goals == [(1, "home-9", "open_play"), (2, "base-01", "magic_number")]
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.PLAYED
    assert AuditEntry.objects.filter(action="result.reported").count() == 1


def test_goals_must_add_up_to_the_score():
    """E-R1: goals add up to the score, the error beside the score."""
    world = mn11_world()
    refusal = _refused(world.fixture(), world.coaches[0], home_score=3)
    assert "home_score" in refusal.fields
    assert "add up to 2" in refusal.fields["home_score"]


def test_a_strong_tackle_always_gives_a_penalty_and_a_warning():
    """E-D1, E-D2: a tackle of 3 or more is Strong: Penalty Kick and a Warning."""
    world = mn11_world()
    events = [var("home", 1, 3, "free_kick"), goal("home", 1, "home-9"), goal("home", 2, "home-8")]
    refusal = _refused(world.fixture(), world.coaches[0], events=events)
    assert "Penalty Kick" in refusal.fields["events.0.card"]
    assert "Warning" in refusal.fields["events.0.warning"]


def test_a_weak_tackle_never_gives_no_foul():
    """E-D2: a Weak tackle (1 to 2) draws a Penalty Kick or a Free Kick."""
    world = mn11_world()
    events = [var("away", 1, 2, "no_foul"), goal("home", 1, "home-9"), goal("home", 2, "home-8")]
    refusal = _refused(world.fixture(), world.coaches[0], events=events)
    assert "never No Foul" in refusal.fields["events.0.card"]


def test_a_second_warning_must_send_a_card_off_and_the_card_plays_no_more():
    """E-D3: the second Warning is the Red Card and sends off a Player Card; a card sent off
    scores no more."""
    world = mn11_world()
    twice = [
        var("home", 1, 5, "penalty_kick", warning=True),
        var("home", 1, 4, "penalty_kick", warning=True),
        goal("home", 2, "home-9"),
        goal("home", 2, "home-8"),
    ]
    refusal = _refused(world.fixture(), world.coaches[0], events=twice)
    assert "sends off" in refusal.fields["events.1.warning"]
    after = [
        *twice[:2],
        send_off("away", 1, "away-base-4"),
        goal("home", 2, "home-9"),
        goal("away", 2, "away-base-4"),
    ]
    refusal = _refused(world.fixture(), world.coaches[0], events=after, away_score=1)
    assert "plays no more" in refusal.fields["events.4.card"]


def test_a_send_off_without_two_warnings_is_refused():
    """E-R1, E-D3: a red needs a prior yellow (a first Warning sends nobody off)."""
    world = mn11_world()
    events = [*raw_report()["events"], send_off("away", 2, "away-base-4")]
    refusal = _refused(world.fixture(), world.coaches[0], events=events)
    assert "events.2" in refusal.fields


def test_a_shootout_only_after_a_level_score_and_with_a_winner():
    """E-D5: refused after a decided match, and refused without a winner."""
    world = mn11_world(shootout_league=True)
    shootout = [{"side": "home", "scored": True}]
    refusal = _refused(world.fixture(), world.coaches[0], shootout=shootout)
    assert "level score" in refusal.fields["shootout"]
    level = red_card_level_shootout()
    refusal = _refused(
        world.fixture(), world.coaches[0], **{**level, "shootout": level["shootout"][:6]}
    )
    assert "winner" in refusal.fields["shootout"]


def test_a_level_league_match_without_shootouts_is_a_draw_and_refuses_one():
    """E-D5 (setting): league shootouts off by default."""
    world = mn11_world()
    refusal = _refused(world.fixture(), world.coaches[0], **red_card_level_shootout())
    assert "no shootouts" in refusal.fields["shootout"]


def test_only_a_coach_of_either_team_or_a_commissioner_reports():
    world = mn11_world(teams=4)
    fixture = world.fixture()
    strangers = [
        c
        for c in world.coaches
        if c.pk not in (fixture.home_team.coach_id, fixture.away_team.coach_id)
    ]
    for stranger in (*strangers, world.outsider):
        with pytest.raises(PermissionRefused):
            play(fixture, stranger)
    assert not Result.objects.filter(fixture=fixture).exists()
    play(fixture, fixture.away_team.coach)
    with pytest.raises(LeagueError):
        play(fixture, world.commissioner)


def test_a_shootout_win_is_an_overtime_win_in_the_table_with_counts():
    """E-L1: shootout win 2, loss 1 (shootouts on); the red card and Magic Number goals are
    the table's counts."""
    world = mn11_world(shootout_league=True)
    fixture = world.fixture()
    result = report_record(
        fixture=fixture, data=report(**red_card_level_shootout()), actor=world.coaches[0]
    )
    assert (result.home_score, result.away_score, result.overtime) == (1, 1, True)
    stored = Report.objects.get(result=result)
    assert stored.shootout_winner == "home"
    assert ReportKick.objects.filter(report=stored).count() == 7
    assert ReportEvent.objects.filter(report=stored, kind="send_off").count() == 1
    rows = {row.team_id: row for row in StandingRow.objects.filter(season=world.season)}
    home, away = rows[fixture.home_team_id], rows[fixture.away_team_id]
    assert (home.won_overtime, home.points) == (1, 2)
    assert (away.lost_overtime, away.points) == (1, 1)
    from mn11.ruleset import MN11

    counts = MN11.table_counts(season=world.season)[fixture.pk]
    assert counts == (
        (("magic_number_goals", 0), ("red_cards", 0)),
        (("magic_number_goals", 0), ("red_cards", 1)),
    )


def test_magic_number_goals_then_fewer_red_cards_break_a_tie():
    """E-L1: level on points, goal difference and goals for: Magic Number goals decide."""
    world = mn11_world(teams=2, rounds=2)
    first, second = world.fixture(1), world.fixture(2)
    play(first, world.commissioner)  # 2-0 Home, one Magic Number goal
    flipped = raw_report(
        events=[goal("home", 1, "home-9"), goal("home", 2, "home-8")],
    )
    play(second, world.commissioner, **flipped)  # 2-0 to the other team, none
    rows = list(StandingRow.objects.filter(season=world.season).order_by("position"))
    assert rows[0].team_id == first.home_team_id
    assert "ahead on magic number goals 1–0" in rows[0].explanation


def test_correction_and_void_recompute_the_table_and_are_audited():
    world = mn11_world(shootout_league=True)
    fixture = world.fixture()
    play(fixture, world.coaches[0])
    with pytest.raises(PermissionRefused):
        report_correct(
            fixture=fixture, data=report(**red_card_level_shootout()), actor=world.coaches[0]
        )
    report_correct(
        fixture=fixture, data=report(**red_card_level_shootout()), actor=world.commissioner
    )
    home = StandingRow.objects.get(season=world.season, team=fixture.home_team)
    assert (home.won, home.won_overtime, home.points) == (0, 1, 2)
    assert Result.objects.get(fixture=fixture).source == Result.Source.CORRECTED
    with pytest.raises(PermissionRefused):
        report_void(fixture=fixture, actor=world.coaches[1])
    report_void(fixture=fixture, actor=world.commissioner)
    home.refresh_from_db()
    assert (home.played, home.points) == (0, 0)
    assert not Report.objects.exists()
    actions = set(AuditEntry.objects.values_list("action", flat=True))
    assert {"result.reported", "result.corrected", "result.void"} <= actions


def test_a_bad_correction_changes_nothing():
    world = mn11_world()
    fixture = world.fixture()
    play(fixture, world.coaches[0])
    with pytest.raises(Mn11Error):
        report_correct(fixture=fixture, data=report(home_score=5), actor=world.commissioner)
    assert Result.objects.get(fixture=fixture).home_score == 2
    assert ReportEvent.objects.count() == 2
