"""The sweeps send again only what the broker lost, never a message still waiting its turn
in its queue (issue #44: an odds run's 817 chunks grew to ~1,088 messages by the sweep's
resends while they waited). Each kind: a message waiting long past its resend time is left
alone; the same message lost is sent again, once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import SimulationJob
from games.services import RESEND_AFTER, jobs_sweep, simulation_request
from league.exchange_jobs.models import ExchangeJob
from league.exchange_jobs.services import exchange_export_request, exchange_jobs_sweep
from league.odds.models import OddsChunk, OddsRun
from league.odds.services.runs import CHUNK_TASK, _send, odds_sweep
from league.webhooks.models import Delivery, Subscription
from league.webhooks.services.events import event_publish
from league.webhooks.services.sending import deliveries_sweep

pytestmark = pytest.mark.django_db

LONG_AGO = timedelta(hours=2)


def test_the_simulation_sweep_leaves_a_waiting_job_alone(
    private_broker, world, match_day, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = simulation_request(fixture=match_day, actor=world.commissioner)
    assert private_broker.waiting("simulations") == 1
    SimulationJob.objects.filter(pk=job.pk).update(sent_at=timezone.now() - 2 * RESEND_AFTER)

    assert jobs_sweep().sent == []
    assert private_broker.waiting("simulations") == 1

    private_broker.lose("simulations")
    assert jobs_sweep().sent == [job.pk]
    assert private_broker.waiting("simulations") == 1


def test_the_odds_sweep_leaves_waiting_chunks_alone(private_broker, world):
    long_ago = timezone.now() - LONG_AGO
    run = OddsRun.objects.create(
        season=world.season, after_round=1, seed=1, sample_size=100,
        status=OddsRun.Status.PAIRINGS, chunks_total=30, started_at=long_ago,
        heartbeat_at=long_ago,
    )  # fmt: skip
    chunks = [OddsChunk.objects.create(run=run).pk for _ in range(30)]
    _send(CHUNK_TASK, chunks)  # as the run's start sends them

    for _ in range(3):
        assert odds_sweep().startswith("odds: 0 runs, 0 chunks")
    assert private_broker.waiting("odds") == 30

    private_broker.lose("odds")
    assert odds_sweep().startswith("odds: 0 runs, 30 chunks")
    assert private_broker.waiting("odds") == 30


def test_the_export_sweep_leaves_a_waiting_export_alone(
    private_broker, world, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    with django_capture_on_commit_callbacks(execute=True):
        exchange_export_request(
            league=world.league, season=world.season, format_key="csv-standings",
            actor=world.commissioner,
        )  # fmt: skip
    ExchangeJob.objects.update(created_at=timezone.now() - LONG_AGO)

    assert exchange_jobs_sweep().resent == 0
    assert private_broker.waiting("exports") == 1

    private_broker.lose("exports")
    assert exchange_jobs_sweep().resent == 1
    assert private_broker.waiting("exports") == 1


def test_the_webhook_sweep_leaves_a_waiting_delivery_alone(
    private_broker, world, django_capture_on_commit_callbacks
):
    Subscription.objects.create(
        league=world.league, owner=world.commissioner, url="https://hooks.example/in",
        events=["result.recorded"],
    )  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        event_publish(league_id=world.league.pk, event="result.recorded", data={})
    Delivery.objects.update(next_attempt_at=timezone.now() - LONG_AGO)

    assert deliveries_sweep().queued == 0
    assert private_broker.waiting("webhooks") == 1

    private_broker.lose("webhooks")
    assert deliveries_sweep().queued == 1
    assert private_broker.waiting("webhooks") == 1
