"""A season run from the admin: each step's confirmation page says what will happen, its "yes"
calls one service (which audits it), and a refusal shows the service's message."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import Group, User
from django.test import Client
from django.urls import reverse

from games.models import Appearance, Inspection, SimulationJob, TableInspection
from games.services import (
    PlayerLine,
    ResultReport,
    TableRoll,
    result_record,
    round_open,
    simulation_run,
)
from injuries.models import ForceHealingAttempt, Injury
from league.models import AuditEntry, Fixture, Result, Round, Season, StandingRow
from league.roles import COMMISSIONERS_GROUP
from league.services.schedule import season_generate_schedule
from league.services.seasons import season_transition
from rosters.models import DiceRoll, Enhancement, Player
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import EnhancementKind, Position, StatCategory

pytestmark = pytest.mark.django_db


def step_url(obj: Any, step: str) -> str:
    opts = obj._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_step", args=[obj.pk, step])


def change_url(obj: Any) -> str:
    opts = obj._meta
    return reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])


def shown(response) -> list[str]:
    return [str(message) for message in response.context["messages"]]


def report_for(fixture: Fixture, home: int, away: int) -> ResultReport:
    """The home team's first forward scores `home`, the away team's `away`; both goalies
    play too."""
    lines = []
    for team, points in ((fixture.home_team, home), (fixture.away_team, away)):
        forward = team.players.filter(position=Position.FORWARD).order_by("shirt_number").first()
        goalie = team.players.get(position=Position.GOALIE, string=Player.String.FIRST)
        lines.append(PlayerLine(forward.pk, points, {"scoring": (points + 2, points)}))
        lines.append(PlayerLine(goalie.pk, 0, {"saves": (4, 3)}))
    return ResultReport(home_score=home, away_score=away, lines=tuple(lines))


def play(fixture: Fixture, world, home: int = 2, away: int = 1) -> Result:
    fixture.refresh_from_db()
    return result_record(
        fixture=fixture, report=report_for(fixture, home, away), actor=world.commissioner
    )


# --- Set-up ------------------------------------------------------------------------------------


def test_schedule_step_says_what_will_happen_then_generates_it(chief: Client, world):
    url = step_url(world.season, "schedule")

    page = chief.get(url).content.decode()
    assert "What will happen" in page
    assert "2 teams: Away Arrows, Home Hammers" in page
    assert "double round robin" in page
    assert not world.season.rounds.exists()

    response = chief.post(url, {"shuffle": ""}, follow=True)

    assert world.season.rounds.count() == 2
    assert shown(response) == ["2 rounds scheduled."]
    entry = AuditEntry.objects.get(action="season.schedule")
    assert entry.actor == world.commissioner


def test_regenerating_the_schedule_after_a_result_is_refused_with_the_rules_reason(
    chief: Client, world, match_day
):
    play(match_day, world)
    rounds = list(world.season.rounds.values_list("pk", flat=True))

    response = chief.post(step_url(world.season, "schedule"), {"shuffle": "on"}, follow=True)

    # Said once, on the step's form (not again as a message above it).
    assert shown(response) == []
    refusal = "The schedule cannot be regenerated: results have been recorded."
    assert response.content.decode().count(refusal) == 1
    assert list(world.season.rounds.values_list("pk", flat=True)) == rounds
    assert Result.objects.filter(fixture=match_day).exists()


def test_start_step_freezes_the_rules(chief: Client, world):
    season_generate_schedule(season=world.season, actor=None, shuffle=False)

    confirm = chief.get(step_url(world.season, "start")).content.decode()
    response = chief.post(step_url(world.season, "start"), follow=True)

    assert "Its rules are frozen" in confirm
    world.season.refresh_from_db()
    assert world.season.status == Season.Status.ACTIVE
    assert shown(response) == [f"{world.season} is now active."]
    assert "These rules are frozen" in response.content.decode()


def test_a_draft_seasons_page_offers_its_set_up_steps(chief: Client, world):
    page = chief.get(change_url(world.season)).content.decode()

    for label in ("Add a team", "Generate the schedule", "Start the season"):
        assert label in page
    assert "Open round" not in page


# --- Match day ---------------------------------------------------------------------------------


def test_open_round_step_rolls_the_inspections_and_readies_the_fixtures(chief: Client, world):
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    url = step_url(world.season, "open-round")

    assert "Round 1 opens: 1 fixture" in chief.get(url).content.decode()
    response = chief.post(url, follow=True)

    first = world.season.rounds.get(number=1)
    assert first.status == Round.Status.OPEN
    assert shown(response) == ["Round 1 is open."]
    assert first.fixtures.get().status == Fixture.Status.READY
    assert AuditEntry.objects.filter(action="round.open", actor=world.commissioner).exists()


def test_opening_a_round_out_of_order_is_refused(chief: Client, world):
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    second = world.season.rounds.get(number=2)

    response = chief.post(step_url(second, "open"), follow=True)

    assert shown(response) == ["Rounds open in order: open the earlier rounds first."]
    second.refresh_from_db()
    assert second.status == Round.Status.SCHEDULED


def test_simulate_round_queues_its_fixtures_and_the_control_room_shows_their_progress(
    chief: Client, world, match_day, django_capture_on_commit_callbacks
):
    with (
        mock.patch("games.services.job_queue.app.send_task") as send,
        django_capture_on_commit_callbacks(execute=True),
    ):
        response = chief.post(step_url(world.season, "simulate-round"), follow=True)
    job = SimulationJob.objects.get()
    send.assert_called_once_with("games.tasks.simulate_fixture", args=[job.pk])
    assert shown(response) == ["1 simulation of Round 1 requested, 1 queued now."]
    assert response.redirect_chain[-1][0].endswith("#simulations")
    page = response.content.decode()
    assert 'data-live="1"' in page
    assert '<progress max="100" value="0"' in page
    poll = reverse("admin:league_season_control_room", args=[world.season.pk])
    assert poll in page

    simulation_run(job_id=job.pk, worker="test")  # What a Celery worker does.

    room = chief.get(poll)
    panel = room.content.decode()
    result = Result.objects.get(fixture=match_day)
    assert 'data-live="0"' in panel
    assert '<progress max="100" value="100"' in panel
    assert "Succeeded" in panel
    assert f"{result.home_score}–{result.away_score}" in panel
    assert "<script>" not in panel  # The fragment replaces the room, not its poller.
    played = {row.team: row.played for _, rows in room.context["room"]["tables"] for row in rows}
    assert played == {world.home: 1, world.away: 1}  # The table in the room follows.


def test_the_jobs_list_shows_progress_bars_and_reloads_while_a_job_is_live(
    chief: Client, world, match_day
):
    with mock.patch("games.services.job_queue.app.send_task"):
        chief.post(step_url(match_day, "simulate"))
    url = reverse("admin:games_simulationjob_changelist")

    live = chief.get(url).content.decode()
    simulation_run(job_id=SimulationJob.objects.get().pk, worker="test")
    done = chief.get(url).content.decode()

    assert 'http-equiv="refresh"' in live
    assert '<progress max="100" value="0"' in live
    assert 'http-equiv="refresh"' not in done
    assert '<progress max="100" value="100"' in done


def test_simulating_a_fixture_that_is_not_ready_is_refused(chief: Client, world, match_day):
    later = Fixture.objects.get(round__season=world.season, round__number=2)

    response = chief.post(step_url(later, "simulate"), follow=True)

    assert "only a fixture that is ready to play" in shown(response)[0]
    assert not SimulationJob.objects.exists()


def _detected(world, match_day) -> Inspection:
    """A pending detection: the away forward's enhancement, found by the home coach."""
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.select_related("round").get(
        round__season=world.season, round__number=1
    )
    forward = fixture.away_team.players.filter(position=Position.FORWARD).first()
    assert forward is not None
    Enhancement.objects.create(player=forward, kind=EnhancementKind.PULSE_MAGNET)
    round_open(round_=fixture.round, actor=None, dice=ScriptedDice([2, 9]))
    return Inspection.objects.get(fixture=fixture)


def test_a_commissioner_decides_a_pending_detection_for_the_coach(chief: Client, world):
    inspection = _detected(world, None)
    assert inspection.fixture.status == Fixture.Status.INSPECTIONS

    confirm = chief.get(step_url(inspection, "ban")).content.decode()
    response = chief.post(step_url(inspection, "ban"), follow=True)

    assert f"You decide for {inspection.fixture.home_team}" in confirm
    assert "banned: removed from the player for good" in confirm
    inspection.refresh_from_db()
    assert inspection.decision == Inspection.Decision.BANNED
    assert inspection.decided_by == world.commissioner
    assert inspection.fixture.status == Fixture.Status.READY
    assert shown(response)[0].endswith("Banned.")
    again = chief.post(step_url(inspection, "allow"), follow=True)
    assert shown(again) == ["This inspection is already decided: banned."]


def test_pending_detections_can_be_allowed_in_bulk_after_a_confirmation(chief: Client, world):
    inspection = _detected(world, None)
    url = reverse("admin:games_inspection_changelist")
    chosen = {"action": "allow", "_selected_action": [inspection.pk]}

    confirm = chief.post(url, chosen)
    inspection.refresh_from_db()
    assert inspection.decision == Inspection.Decision.PENDING
    assert "allowed for this match only" in confirm.content.decode()
    chief.post(url, {**chosen, "confirmed": "yes"})

    inspection.refresh_from_db()
    assert inspection.decision == Inspection.Decision.ALLOWED


def test_the_pending_decisions_list_and_the_season_page_point_to_each_other(chief: Client, world):
    inspection = _detected(world, None)

    season_page = chief.get(change_url(world.season)).content.decode()
    pending = chief.get(
        reverse("admin:games_inspection_changelist"), {"decision__exact": "pending"}
    )

    assert "1 detection awaits a decision" in season_page
    assert list(pending.context["cl"].result_list) == [inspection]


# --- Results -----------------------------------------------------------------------------------


def test_record_step_lists_every_player_who_can_take_the_field(chief: Client, world, match_day):
    url = step_url(match_day, "record")
    page = chief.get(url)
    form = page.context["form"]
    assert len(form.players) == 36
    data = _form_data(form)
    home_forward = world.home.players.get(shirt_number=1)
    data.update({"home_score": "1", f"p{home_forward.pk}-points": "1"})

    response = chief.post(url, data, follow=True)

    result = Result.objects.get(fixture=match_day)
    assert (result.home_score, result.away_score, result.reported_by) == (1, 0, world.commissioner)
    assert shown(response) == [f"{match_day}: 1–0 recorded."]


def test_the_record_step_ticks_the_line_up_and_records_every_starter(
    chief: Client, world, match_day
):
    """Issue #47 (M-P3): the admin's form fixes the starters' ticks on, and a result whose
    starters are all unticked and unnamed still gives each of them his game."""
    url = step_url(match_day, "record")
    form = chief.get(url).context["form"]
    starters = {p.pk for p in form.players if form.fields[f"p{p.pk}-played"].disabled}
    assert len(starters) == 22
    assert all(form[f"p{pk}-played"].value() for pk in starters)
    bench = [p for p in form.players if p.pk not in starters]
    assert not any(form[f"p{p.pk}-played"].value() for p in bench)
    home_forward = world.home.players.get(shirt_number=1)
    data = {"home_score": "1", "away_score": "0", f"p{home_forward.pk}-points": "1"}

    chief.post(url, data, follow=True)

    appeared = Appearance.objects.filter(result__fixture=match_day)
    assert set(appeared.values_list("player", flat=True)) == starters


def _form_data(form) -> dict[str, str]:
    data = {}
    for bound in form:
        value = bound.value()
        if isinstance(value, bool):
            if value:
                data[bound.html_name] = "on"
        elif value is not None:
            data[bound.html_name] = str(value)
    return data


def test_correcting_a_result_recomputes_the_table_and_shows_before_and_after(
    chief: Client, world, match_day
):
    result = play(match_day, world, home=2, away=1)
    home_row = StandingRow.objects.get(season=world.season, team=world.home)
    assert home_row.points == 3
    url = step_url(result, "correct")

    page = chief.get(url)
    form = page.context["form"]
    assert len(form.players) == len(
        result.fixture.lineup.all()
    )  # Every player of the fixed lineup has a row.
    content = page.content.decode()
    assert "Scoring" in content
    assert "blank means zero" in content
    data = _form_data(form)
    away_forward = world.away.players.filter(position=Position.FORWARD).order_by("shirt_number")[0]
    data.update(
        {
            "away_score": "3",
            f"p{away_forward.pk}-points": "3",
            f"p{away_forward.pk}-scoring-a": "5",
            f"p{away_forward.pk}-scoring-s": "3",
        }
    )

    response = chief.post(url, data, follow=True)

    result.refresh_from_db()
    assert (result.home_score, result.away_score, result.source) == (2, 3, "corrected")
    assert shown(response)[0].startswith(f"{match_day} is now 2–3 (was 2–1)")
    home_row.refresh_from_db()
    away_row = StandingRow.objects.get(season=world.season, team=world.away)
    assert (home_row.points, away_row.points) == (0, 3)
    entry = AuditEntry.objects.get(action="result.correct")
    assert entry.actor == world.commissioner
    html = response.content.decode()
    assert "Before and after" in html
    assert "2–1" in html
    assert "2–3" in html
    assert f"{away_forward.name}" in html
    assert "1 pts · Scoring 1/3" in html
    assert "3 pts · Scoring 3/5" in html


def test_a_correction_that_does_not_add_up_shows_the_services_reasons_beside_the_fields(
    chief: Client, world, match_day
):
    result = play(match_day, world)
    url = step_url(result, "correct")
    data = _form_data(chief.get(url).context["form"])
    data["home_score"] = "5"

    response = chief.post(url, data)

    assert response.status_code == 200
    assert shown(response) == ["The result was not recorded: 1 problem."]
    errors = response.context["form"].errors
    assert "players scored 2 points in their stat lines, not 5" in errors["home_score"][0]
    result.refresh_from_db()
    assert (result.home_score, result.source) == (2, "reported")


def test_a_correction_shows_the_table_rolls_and_checks_a_new_one_against_the_die(
    chief: Client, world, match_day
):
    """When coaches roll (M-I1), the correction form shows the rolls the result was recorded
    with; a face the player's die does not have is refused beside its box."""
    world.season.rules.coaches_roll_injuries = True
    world.season.rules.save(update_fields=["coaches_roll_injuries"])
    report = report_for(match_day, 2, 1)
    goalie = report.lines[1].player_id  # The home goalie: a d6.
    result = result_record(
        fixture=match_day,
        report=ResultReport(
            2, 1, lines=report.lines, incapacitated=(goalie,), table_rolls={goalie: TableRoll(5, 3)}
        ),
        actor=world.commissioner,
    )
    url = step_url(result, "correct")
    data = _form_data(chief.get(url).context["form"])
    assert (data[f"p{goalie}-incap"], data[f"p{goalie}-roll"]) == ("on", "5")

    data[f"p{goalie}-roll"] = "7"
    response = chief.post(url, data)
    assert response.context["form"].errors[f"p{goalie}-roll"] == ["A whole number from 0 to 6."]

    data[f"p{goalie}-roll"] = "5"
    chief.post(url, data, follow=True)
    result.refresh_from_db()
    assert result.source == "corrected"
    assert Injury.objects.get(player_id=goalie).duration_roll == 5


def test_voiding_a_result_readies_the_fixture_and_the_audit_keeps_the_result(
    chief: Client, world, match_day
):
    result = play(match_day, world)

    confirm = chief.get(step_url(result, "void")).content.decode()
    response = chief.post(step_url(result, "void"), follow=True)

    assert "is deleted, with its stat lines" in confirm
    match_day.refresh_from_db()
    assert match_day.status == Fixture.Status.READY
    assert not Result.objects.exists()
    assert StandingRow.objects.get(season=world.season, team=world.home).points == 0
    assert response.redirect_chain[-1][0] == change_url(match_day)
    page = response.content.decode()
    assert "result.void" in page  # The fixture's result history keeps the voided result.
    assert "2–1" in page


def test_deleting_a_played_fixture_is_refused_with_the_reason(chief: Client, world, match_day):
    play(match_day, world)

    response = chief.post(
        reverse("admin:league_fixture_delete", args=[match_day.pk]), {"post": "yes"}, follow=True
    )

    assert shown(response) == [
        f"{match_day} has been played, so it cannot be deleted: its result, stat lines, "
        "injuries and rolls refer to it. Void its result (on the result's page) if it should "
        "not count; the fixture stays in the schedule."
    ]
    assert Fixture.objects.filter(pk=match_day.pk).exists()


# --- The season's end --------------------------------------------------------------------------


def _play_regular_season(world) -> None:
    for round_ in world.season.rounds.order_by("number"):
        if round_.status == Round.Status.SCHEDULED:
            round_open(round_=round_, actor=None)
        for fixture in round_.fixtures.all():
            play(fixture, world, home=2, away=1)


def test_closing_a_season_with_fixtures_to_play_is_refused(chief: Client, world, match_day):
    Season.objects.filter(pk=world.season.pk).update(playoff_teams=0)

    response = chief.post(step_url(world.season, "close"), follow=True)

    assert shown(response) == ["2 fixtures still to play."]
    world.season.refresh_from_db()
    assert world.season.status == Season.Status.ACTIVE


def test_playoffs_champion_close_and_rollover_from_the_seasons_page(
    chief: Client, world, match_day
):
    Season.objects.filter(pk=world.season.pk).update(playoff_teams=2)
    _play_regular_season(world)
    season = world.season

    assert "Seed 1 meets seed 2" in chief.get(step_url(season, "playoffs-start")).content.decode()
    response = chief.post(step_url(season, "playoffs-start"), follow=True)
    assert shown(response) == ["The playoffs begin with Round 3, the Final: open it to play it."]
    chief.post(step_url(season, "open-round"), follow=True)
    final = Fixture.objects.get(round__season=season, round__number=3)
    play(final, world, home=3, away=0)
    response = chief.post(step_url(season, "playoffs-advance"), follow=True)
    season.refresh_from_db()
    champion = final.home_team
    assert season.champion == champion
    assert shown(response) == [f"{champion} are the champions of {season}. Close the season next."]

    response = chief.post(step_url(season, "close"), follow=True)
    season.refresh_from_db()
    assert season.status == Season.Status.FINISHED
    assert f"Champions: {champion}" in response.content.decode()

    rollover = step_url(season, "rollover")
    assert chief.get(rollover).context["form"].initial == {"name": "2027"}
    response = chief.post(rollover, {"name": "2027"}, follow=True)
    new = Season.objects.get(league=world.league, name="2027")
    assert new.status == Season.Status.DRAFT
    assert set(new.teams.all()) == {world.home, world.away}
    assert response.redirect_chain[-1][0] == change_url(new)
    assert AuditEntry.objects.filter(action="season.rollover", actor=world.commissioner).exists()


# --- Between games -----------------------------------------------------------------------------


def test_force_healing_and_the_injured_list_from_the_injurys_page(chief: Client, world, match_day):
    fixture = match_day
    report = report_for(fixture, 2, 1)
    hurt = report.lines[1].player_id  # The home goalie.
    result_record(
        fixture=fixture,
        report=ResultReport(2, 1, lines=report.lines, incapacitated=(hurt,)),
        actor=world.commissioner,
        dice=ScriptedDice([6, 5]),  # A goalie's d6 (M-I1): out 3 games; no permanent injury.
    )
    injury = Injury.objects.get(player_id=hurt)
    page = chief.get(change_url(injury)).content.decode()
    assert "Attempt force-healing" in page
    assert "Put on the injured list" in page

    chief.post(step_url(injury, "force-heal"))
    chief.post(step_url(injury, "injured-list"))

    assert ForceHealingAttempt.objects.filter(injury=injury).exists()
    assert AuditEntry.objects.filter(action="injury.force_heal").exists()
    injury.refresh_from_db()
    player = Player.objects.get(pk=hurt)
    if injury.state == Injury.State.OUT:
        assert player.roster_state == Player.RosterState.INJURED_LIST


def test_a_rookie_is_called_up_from_the_teams_page_and_a_full_roster_says_so(chief: Client, world):
    url = step_url(world.home, "call-up")

    response = chief.post(url, {"name": "New Kid", "position": "forward"}, follow=True)

    full = (
        f"{world.home} already has 18 active players; put a player on the injured list or "
        "release one first."
    )
    assert shown(response) == []  # said once, on the step's form
    assert response.content.decode().count(full) == 1
    leaver = world.home.players.get(shirt_number=18)
    chief.post(step_url(leaver, "release"), follow=True)
    response = chief.post(url, {"name": "New Kid", "position": "forward"}, follow=True)
    assert shown(response) == [f"New Kid joins {world.home} as a Rookie Forward."]
    assert world.home.players.get(name="New Kid").status == "rookie"


# --- People ------------------------------------------------------------------------------------


def test_a_commissioner_invites_a_coach_who_gets_a_set_password_link(chief: Client, world):
    response = chief.post(
        reverse("admin:auth_user_add"),
        {
            "username": "newcoach",
            "email": "new@example.com",
            "first_name": "Nia",
            "league": world.league.pk,
        },
        follow=True,
    )

    coach = User.objects.get(username="newcoach")
    assert not coach.has_usable_password()
    assert not coach.is_staff
    [message] = shown(response)  # ours only: Django's "was added successfully" would repeat it
    assert message.startswith("Send newcoach this link to choose a password:")
    assert "shown only now" in message
    link = message.split('href="')[1].split('"')[0]
    reset = Client().get(link, follow=True)
    assert reset.status_code == 200
    assert "new password" in reset.content.decode().lower()
    # He can now be picked as a coach of the league he was invited to.
    choices = chief.get(reverse("admin:league_team_add")).context["adminform"].form
    assert coach in choices.fields["coach"].queryset


def test_inviting_a_commissioner_makes_the_commissioners_group_if_it_is_missing(
    chief: Client, world
):
    Group.objects.filter(name=COMMISSIONERS_GROUP).delete()
    data = {
        "username": "deputy",
        "email": "deputy@example.com",
        "commissioner": "on",
        "league": world.league.pk,
    }
    chief.post(reverse("admin:auth_user_add"), data)

    deputy = User.objects.get(username="deputy")
    assert deputy.is_staff
    assert deputy.groups.filter(name=COMMISSIONERS_GROUP).exists()


@pytest.mark.parametrize("category", list(StatCategory), ids=lambda c: c.value)
def test_the_result_form_has_attempts_and_successes_for_every_category(
    chief: Client, world, match_day, category
):
    form = chief.get(step_url(match_day, "record")).context["form"]
    player = form.players[0]

    assert f"p{player.pk}-{category.value}-a" in form.fields  # attempts
    assert f"p{player.pk}-{category.value}-s" in form.fields  # successes


def test_a_commissioner_enters_a_coachs_table_inspection_roll(chief: Client, world):
    """Table dice (M-E2): the commissioner enters each coach's d10 for him; the ledger says
    he entered them, the audit log keeps it, and a bad face is shown beside the field."""
    world.season.rules.coaches_roll_inspections = True
    world.season.rules.save(update_fields=["coaches_roll_inspections"])
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    fixture = Fixture.objects.get(round__season=world.season, round__number=1)
    forward = fixture.away_team.players.get(shirt_number=1)
    Enhancement.objects.create(player=forward, kind=EnhancementKind.PULSE_MAGNET)
    round_open(round_=fixture.round, actor=None, dice=ScriptedDice([]))
    due = TableInspection.objects.get(fixture=fixture)

    page = chief.get(change_url(due)).content.decode()
    assert "Enter the roll of the owner" in page
    confirm = chief.get(step_url(due, "owner")).content.decode()
    assert f"for {fixture.away_team}&#x27;s coach" in confirm
    bad = chief.post(step_url(due, "owner"), {"faces": 11})
    assert "not on a d10" in bad.content.decode()
    due.refresh_from_db()
    assert due.owner_roll is None

    chief.post(step_url(due, "owner"), {"faces": 2}, follow=True)
    response = chief.post(step_url(due, "inspector"), {"faces": 9}, follow=True)

    assert "the inspection is resolved" in " ".join(shown(response))
    rolls = DiceRoll.objects.filter(fixture=fixture, purpose="inspection")
    assert {(r.result, r.source, r.entered_by.username) for r in rolls} == {
        (2, "table", "commissioner"),
        (9, "table", "commissioner"),
    }
    assert AuditEntry.objects.filter(action="inspection.table_roll").count() == 2
    assert Inspection.objects.get(fixture=fixture).decision == Inspection.Decision.PENDING


def test_a_team_is_added_with_table_creation_rolls(chief: Client, world):
    world.season.rules.coaches_roll_creation = True
    world.season.rules.save(update_fields=["coaches_roll_creation"])
    url = reverse("admin:league_team_add")
    body = {
        "season": world.season.pk,
        "name": "Table Titans",
        "short_name": "TAB",
        "colour": "#123456",
        "faces": " ".join(["5 1"] * 17 + ["5"]),
    }
    short = chief.post(url, body)
    assert "Not enough faces" in short.content.decode()

    body["faces"] = " ".join(["12 12"] + ["5 1"] * 17)
    chief.post(url, body)

    titans = world.league.teams.get(name="Table Titans")
    first = titans.players.get(shirt_number=1)
    assert (first.status, first.superstar) == ("veteran", True)
    rolls = DiceRoll.objects.filter(team=titans)
    assert {(r.source, r.entered_by.username) for r in rolls} == {("table", "commissioner")}
