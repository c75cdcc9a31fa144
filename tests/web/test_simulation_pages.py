"""The match page and its job: a waiting simulation says what it waits for, the page polls
its status, and a finished season offers no simulation (games/views.py)."""

from __future__ import annotations

from unittest import mock

import pytest
from django.test import Client
from django.urls import reverse

from games.models import SimulationJob
from games.services import simulation_request_rest_of_season
from league.models import Fixture, Season
from tests.world import sign_in

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_broker():
    with mock.patch("games.services.job_queue.app.send_task"):
        yield


def test_a_waiting_simulation_says_what_it_waits_for(world, match_day):
    simulation_request_rest_of_season(season=world.season, actor=None)
    later = Fixture.objects.get(round__season=world.season, round__number=2)
    job = SimulationJob.objects.get(fixture=later)
    client = Client()
    sign_in(client, world.commissioner)

    page = client.get(reverse("fixture", args=[later.pk])).content.decode()
    status = client.get(reverse("job-status", args=[job.pk])).json()

    assert "Simulation waiting" in page
    assert f"Waits for {match_day}, round 1, which is being simulated." in page
    assert "Simulate this match" not in page  # it has its job already
    assert status["state"] == "waiting"
    assert status["waiting_reason"] == job.waiting_reason
    assert status["finished"] is False


def test_the_simulate_button_is_for_a_running_seasons_commissioner(world, match_day):
    client = Client()
    sign_in(client, world.commissioner)
    url = reverse("fixture", args=[match_day.pk])
    assert "Simulate this match" in client.get(url).content.decode()
    Season.objects.filter(pk=world.season.pk).update(status=Season.Status.FINISHED)
    assert "Simulate this match" not in client.get(url).content.decode()


def test_asking_from_the_page_says_the_job_waits_when_it_must(world, match_day):
    later = Fixture.objects.get(round__season=world.season, round__number=2)
    simulation_request_rest_of_season(season=world.season, actor=None)
    SimulationJob.objects.filter(fixture=later).update(state=SimulationJob.State.CANCELLED)
    client = Client()
    sign_in(client, world.commissioner)
    response = client.post(reverse("fixture-simulate", args=[later.pk]), follow=True)
    [message] = [str(m) for m in response.context["messages"]]
    assert message.startswith(f"The simulation of {later} waits and starts on its own: Waits for")
