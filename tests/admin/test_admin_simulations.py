"""The season's simulations in the admin: waiting jobs say what they wait for, a failed job
is retried or dismissed from the season's page, a waiting job can be cancelled, and a
finished season offers no simulation and shows no failure (games/admin.py)."""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from games.models import SimulationJob
from games.services import job_runner, simulation_request_rest_of_season, simulation_run
from league.models import AuditEntry, Fixture, Season
from tests.admin.test_admin_steps import shown, step_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_broker():
    with mock.patch("games.services.job_queue.app.send_task"):
        yield


def _room(client: Client, season: Season) -> str:
    url = reverse("admin:league_season_control_room", args=[season.pk])
    return client.get(url).content.decode()


def test_the_rest_of_the_season_says_what_waits_and_the_room_shows_the_reason(
    chief: Client, world, match_day
):
    response = chief.post(step_url(world.season, "simulate-rest"), follow=True)
    [message] = shown(response)
    assert message.startswith("2 simulations of the rest of")
    assert "1 queued now. 1 wait and start on their own" in message
    room = _room(chief, world.season)
    assert "Waiting" in room
    assert f"Waits for {match_day}, round 1, which is being simulated." in room
    # Nothing left to ask for: the step is no longer offered.
    page = chief.get(reverse("admin:league_season_change", args=[world.season.pk]))
    assert "Simulate the rest of the season" not in page.content.decode()


def test_a_failed_job_is_retried_from_the_seasons_page(chief: Client, world, match_day):
    chief.post(step_url(match_day, "simulate"))
    job = SimulationJob.objects.get()
    with mock.patch.object(job_runner, "simulate_match", side_effect=ValueError("bad sheet")):
        simulation_run(job_id=job.pk, worker="w1")
    room = _room(chief, world.season)
    retry = step_url(job, "retry")
    assert "ValueError: bad sheet" in room
    assert retry in room
    assert step_url(job, "dismiss") in room

    confirm = chief.get(retry)
    assert "simulated again with a new seed" in confirm.content.decode()
    done = chief.post(retry, follow=True)
    assert "is queued" in shown(done)[0]
    new = SimulationJob.objects.exclude(pk=job.pk).get()
    assert (new.fixture_id, new.state) == (match_day.pk, SimulationJob.State.QUEUED)
    assert retry not in _room(chief, world.season)  # the failure is dealt with


def test_a_failed_job_is_dismissed_and_leaves_the_page(chief: Client, world, match_day):
    chief.post(step_url(match_day, "simulate"))
    job = SimulationJob.objects.get()
    with mock.patch.object(job_runner, "simulate_match", side_effect=ValueError("bad sheet")):
        simulation_run(job_id=job.pk, worker="w1")
    chief.post(step_url(job, "dismiss"), follow=True)
    assert "bad sheet" not in _room(chief, world.season)
    assert AuditEntry.objects.filter(action="simulation.dismiss").exists()
    assert Fixture.objects.get(pk=match_day.pk).status == Fixture.Status.READY


def test_a_waiting_job_is_cancelled(chief: Client, world, match_day):
    simulation_request_rest_of_season(season=world.season, actor=None)
    waiting = SimulationJob.objects.get(state=SimulationJob.State.WAITING)
    chief.post(step_url(waiting, "cancel"), follow=True)
    waiting.refresh_from_db()
    assert waiting.state == SimulationJob.State.CANCELLED


def test_a_finished_season_offers_no_simulation_and_shows_no_failure(
    chief: Client, world, match_day
):
    chief.post(step_url(match_day, "simulate"))
    job = SimulationJob.objects.get()
    with mock.patch.object(job_runner, "simulate_match", side_effect=ValueError("bad sheet")):
        simulation_run(job_id=job.pk, worker="w1")
    Season.objects.filter(pk=world.season.pk).update(status=Season.Status.FINISHED)
    page = chief.get(reverse("admin:league_season_change", args=[world.season.pk]))
    html = page.content.decode()
    assert "Simulate" not in html
    assert "bad sheet" not in html
    assert step_url(job, "retry") not in html
    fixture_page = chief.get(reverse("admin:league_fixture_change", args=[match_day.pk]))
    assert "Simulate this fixture" not in fixture_page.content.decode()
