"""``export.ready`` (docs/data.md, "Webhooks"): an export job that finishes with its file
tells the league's commissioners' subscriptions, with the job, its format, expiry and
absolute download URL; a coach's team subscription never hears of it, and a failed job or a
job run twice announces nothing more."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest

from league.errors import DomainError
from league.exchange_jobs import formats
from league.exchange_jobs.models import ExchangeJob
from league.exchange_jobs.services import exchange_export_request, exchange_job_run
from league.models import League, Season
from league.webhooks.models import Delivery
from tests.webhooks.conftest import subscribe
from tests.world import World

SITE = "https://league.example"


@pytest.fixture(autouse=True)
def _media(settings: Any, tmp_path: Any) -> None:
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture(autouse=True)
def _exchange_broker() -> Any:
    # Not app.send_task, which the webhooks' broker fixture patches too: the two undone in
    # the wrong order left a stand-in on the app for every later test.
    with mock.patch("league.exchange_jobs.services.exchange_jobs_send"):
        yield


def _export(world: World, format_key: str, season: Season | None) -> ExchangeJob:
    return exchange_export_request(
        league=world.league, season=season, format_key=format_key, actor=world.commissioner
    )


def test_a_finished_export_reaches_the_commissioners_receiver(
    world: World, receiver: Any, broker: Any, allow_private: None
) -> None:
    subscribe(world.league, world.commissioner, receiver.url, events=["export.ready"])
    coach_hook = subscribe(
        world.league, world.home_coach, receiver.url, events=["result.recorded"], team=world.home
    )
    job = _export(world, "json-document", None)
    with broker.capture(execute=True):
        exchange_job_run(job_id=job.pk)
    assert broker.drain() == ["delivered (200)"]
    (request,) = receiver.received
    assert request.headers["MagnoBall-Event"] == "export.ready"
    job.refresh_from_db()
    payload = request.payload
    assert payload["league"]["slug"] == "test-league"
    export = payload["data"]["export"]
    base = f"{SITE}/api/v1/leagues/test-league/exports/{job.pk}/"
    assert export == {
        "id": job.pk,
        "format": "json-document",
        "label": "JSON: the whole league",
        "season": None,
        "filename": job.filename,
        "finished_at": job.finished_at.isoformat(),
        "expires_at": job.expires_at.isoformat(),
        "api_url": base,
        "download_url": f"{base}file/",
    }
    assert not coach_hook.deliveries.exists()


def test_a_season_export_names_its_season(world: World, allow_private: None) -> None:
    hook = subscribe(
        world.league, world.commissioner, "https://hooks.example.com/in", events=["export.ready"]
    )
    job = _export(world, "csv-standings", world.season)
    exchange_job_run(job_id=job.pk)
    (delivery,) = hook.deliveries.all()
    season = delivery.payload["data"]["export"]["season"]
    assert (season["id"], season["name"]) == (world.season.pk, "2026")
    assert season["api_url"] == f"{SITE}/api/v1/seasons/{world.season.pk}/"


def test_the_job_run_twice_announces_it_once(world: World, allow_private: None) -> None:
    subscribe(
        world.league, world.commissioner, "https://hooks.example.com/in", events=["export.ready"]
    )
    job = _export(world, "csv-fixtures", world.season)
    exchange_job_run(job_id=job.pk)
    exchange_job_run(job_id=job.pk)
    assert Delivery.objects.count() == 1


def test_a_failed_export_announces_nothing(
    world: World, allow_private: None, monkeypatch: Any
) -> None:
    subscribe(
        world.league, world.commissioner, "https://hooks.example.com/in", events=["export.ready"]
    )

    def refuse(league: League, season: Season | None, progress: Any) -> bytes:
        raise DomainError("No.")

    key = "csv-standings"
    monkeypatch.setitem(
        formats._formats,
        key,
        formats.ExportFormat(**{**formats._formats[key].__dict__, "build": refuse}),
    )
    job = _export(world, key, world.season)
    exchange_job_run(job_id=job.pk)
    job.refresh_from_db()
    assert job.status == "failed"
    assert not Delivery.objects.exists()


def test_a_subscription_without_the_event_hears_nothing(world: World, allow_private: None) -> None:
    subscribe(world.league, world.commissioner, "https://hooks.example.com/in")
    exchange_job_run(job_id=_export(world, "json-document", None).pk)
    assert not Delivery.objects.exists()
