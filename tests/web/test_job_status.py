"""/jobs/<id>/status/ answers only for jobs of leagues the user may see, like the API's
/api/v1/jobs/<id>/: a private league's job is a 404 for an outsider."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import SimulationJob
from league.models import League
from tests.world import sign_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def job(world, match_day) -> SimulationJob:
    return SimulationJob.objects.create(
        fixture=match_day, state=SimulationJob.State.RUNNING, progress=40, seed=3
    )


def _make_private(league: League) -> None:
    League.objects.filter(pk=league.pk).update(is_public=False)


def test_a_public_leagues_job_status_is_shown_to_anyone(client: Client, job):
    response = client.get(reverse("job-status", args=[job.pk]))

    assert response.status_code == 200
    assert response.json()["progress"] == 40


@pytest.mark.parametrize("who", ["anonymous", "outsider"])
def test_a_private_leagues_job_is_not_found_for_outsiders(client: Client, world, job, who):
    _make_private(world.league)
    if who == "outsider":
        sign_in(client, world.outsider)

    response = client.get(reverse("job-status", args=[job.pk]))
    api = client.get(f"/api/v1/jobs/{job.pk}/")

    assert response.status_code == api.status_code == 404
    assert b"progress" not in response.content


@pytest.mark.parametrize("who", ["commissioner", "home_coach"])
def test_a_private_leagues_job_is_shown_to_its_people(client: Client, world, job, who):
    _make_private(world.league)
    sign_in(client, getattr(world, who))

    response = client.get(reverse("job-status", args=[job.pk]))

    assert response.status_code == 200
    assert response.json()["state"] == "running"


def test_an_unknown_job_is_not_found(client: Client, db):
    assert client.get(reverse("job-status", args=[987654])).status_code == 404
