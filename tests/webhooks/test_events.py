"""Every service that the brief names publishes its event, with the data a script needs and
absolute URLs: each game's results recorded, corrected and voided (MagnoBall, Arenaball,
Magic Number Eleven), an injury (M-I1), an inspection awaiting its decision (M-E2), a round
opened and a season finished."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from arenaball.services import report_correct as arena_correct
from arenaball.services import report_void as arena_void
from games.services import PlayerLine, ResultReport, result_record, round_open
from league.models import Round, Season
from league.services.schedule import season_generate_schedule
from league.services.season_end import season_close
from league.services.seasons import season_transition
from league.webhooks.models import Delivery, Subscription
from mn11.services import report_correct as mn11_correct
from mn11.services import report_void as mn11_void
from rosters.models import Enhancement
from rules.magnoball.dice import ScriptedDice
from rules.magnoball.vocabulary import EnhancementKind
from tests.arenaball.world import arena_world, win_report
from tests.arenaball.world import play as arena_play
from tests.mn11.world import mn11_world, report
from tests.mn11.world import play as mn11_play
from tests.webhooks.conftest import subscribe

RESULTS = ("result.recorded", "result.corrected", "result.voided")
HOOK = "https://hooks.example.com/in"


def sent(subscription):
    return list(subscription.deliveries.order_by("sequence"))


@pytest.mark.django_db
def test_arenaball_results_recorded_corrected_and_voided_are_published(allow_private):
    world = arena_world()
    hook = subscribe(world.league, world.commissioner, HOOK, events=RESULTS)
    fixture = world.fixture()
    arena_play(fixture)
    arena_correct(fixture=fixture, data=win_report(fixture), actor=world.commissioner)
    arena_void(fixture=fixture, actor=world.commissioner)
    recorded, corrected, voided = sent(hook)
    assert [d.event_type for d in (recorded, corrected, voided)] == list(RESULTS)
    assert recorded.payload["data"]["result"]["home_score"] == 5
    assert corrected.payload["data"]["result"]["source"] == "corrected"
    assert voided.payload["data"]["result"] is None
    assert voided.payload["data"]["fixture"]["status"] == "ready"
    assert recorded.payload["league"]["url"] == "https://league.example/leagues/arena-league/"


@pytest.mark.django_db
def test_magic_number_eleven_results_are_published_to_the_teams_coaches(allow_private):
    world = mn11_world()
    fixture = world.fixture()
    home_coach = world.coach_of(fixture.home_team)
    hook = subscribe(world.league, home_coach, HOOK, events=RESULTS, team=fixture.home_team)
    mn11_play(fixture)
    mn11_correct(fixture=fixture, data=report(), actor=world.commissioner)
    mn11_void(fixture=fixture, actor=world.commissioner)
    assert [d.event_type for d in sent(hook)] == list(RESULTS)
    assert sent(hook)[0].payload["data"]["fixture"]["home_team"]["id"] == fixture.home_team_id


def test_m_i1_an_injury_is_published_to_the_injured_players_team_only(
    world, match_day, allow_private
):
    away_hook = subscribe(
        world.league, world.away_coach, HOOK, events=("injury.recorded",), team=world.away
    )
    home_hook = subscribe(
        world.league, world.home_coach, HOOK, events=("injury.recorded",), team=world.home
    )
    forward = world.away.players.get(shirt_number=1)
    line = PlayerLine(forward.pk, 0, {"scoring": (1, 0)})  # he played, and was hurt
    report = ResultReport(0, 0, lines=[line], incapacitated=[forward.pk])
    result_record(fixture=match_day, report=report, actor=None, dice=ScriptedDice([7, 5]))
    (injury,) = sent(away_hook)
    assert sent(home_hook) == []
    data = injury.payload["data"]
    assert data["player"]["id"] == forward.pk
    assert data["player"]["url"] == f"https://league.example/players/{forward.pk}/"
    assert (data["injury"]["games_out"], data["injury"]["permanent"]) == (3, False)


def test_m_e2_a_detection_awaiting_its_decision_is_published(world, allow_private):
    hook = subscribe(world.league, world.commissioner, HOOK, events=("inspection.pending",))
    season_generate_schedule(season=world.season, actor=None, shuffle=False)
    season_transition(season=world.season, to=Season.Status.ACTIVE, actor=None)
    first = Round.objects.get(season=world.season, number=1)
    fixture = first.fixtures.get()
    forward = fixture.home_team.players.get(shirt_number=1)
    goalie = fixture.home_team.players.get(shirt_number=11)
    Enhancement.objects.create(player=forward, kind=EnhancementKind.EM_COIL)
    Enhancement.objects.create(player=goalie, kind=EnhancementKind.DEFLECTOR_FIELD)
    # The coil is detected (3 < 8), the field is not (5 = 5).
    round_open(round_=first, actor=None, dice=ScriptedDice([3, 8, 5, 5]))
    (pending,) = sent(hook)
    data = pending.payload["data"]
    assert data["player"]["id"] == forward.pk
    assert data["deciding_team"]["id"] == fixture.away_team_id
    (inspection,) = data["inspections"]
    assert inspection["enhancement"] == EnhancementKind.EM_COIL
    assert inspection["decide_api_url"].endswith(f"/inspections/{inspection['id']}/decision/")


def test_a_round_opened_and_a_season_finished_are_published(world, match_day, allow_private):
    hook = subscribe(world.league, world.commissioner, HOOK, events=("season.finished",))
    # Play out the season: every round opened and its fixture recorded.
    for round_ in Round.objects.filter(season=world.season).order_by("number"):
        if round_.status == Round.Status.SCHEDULED:
            round_open(round_=round_, actor=None)
        for fixture in round_.fixtures.exclude(status="played"):
            result_record(fixture=fixture, report=ResultReport(0, 0), actor=None)
    season_close(season=world.season, actor=world.commissioner)
    (finished,) = sent(hook)
    data = finished.payload["data"]
    assert data["season"]["status"] == "finished"
    assert data["champion"]["id"] == Season.objects.get(pk=world.season.pk).champion_id
    assert {row["team"]["id"] for row in data["standings"]} == {world.home.pk, world.away.pk}
    assert Delivery.objects.filter(event_type="round.opened").count() == 0  # not chosen


def _subscription_reads(queries):
    return [q["sql"] for q in queries if q["sql"].startswith('SELECT "webhooks_subscription"')]


def test_a_result_in_a_league_without_webhooks_reads_no_subscriptions(world, match_day):
    """Issue #16: whether the league has an active webhook comes with the fixture's lock
    (league.services.result_steps.fixture_lock), so a league without one pays no read for the
    event."""
    # A switched-off one does not count.
    subscribe(world.league, world.commissioner, HOOK)
    Subscription.objects.update(active=False)
    with CaptureQueriesContext(connection) as queries:
        result_record(fixture=match_day, report=ResultReport(0, 0), actor=None)
    assert _subscription_reads(queries) == []
    assert not Delivery.objects.exists()


def test_a_result_in_a_league_with_a_webhook_writes_its_delivery_in_the_same_transaction(
    world, match_day, allow_private, django_capture_on_commit_callbacks
):
    """The outbox: the delivery is written by the result's transaction (so a rollback takes
    it away with the result), its subscriptions read there after the fixture's lock."""
    hook = subscribe(world.league, world.commissioner, HOOK)
    seen = []

    def record_and_fail() -> None:
        with transaction.atomic():
            result_record(fixture=match_day, report=ResultReport(0, 0), actor=None)
            seen.append(len(sent(hook)))
            raise RuntimeError("rolled back")

    with pytest.raises(RuntimeError):
        record_and_fail()
    assert seen == [1]
    assert sent(hook) == []
    with CaptureQueriesContext(connection) as queries:
        result_record(fixture=match_day, report=ResultReport(0, 0), actor=None)
    assert _subscription_reads(queries)
    assert [d.event_type for d in sent(hook)] == ["result.recorded"]
