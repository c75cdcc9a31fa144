"""Export jobs on the worker (docs/data.md, "Export and import jobs"): claimed once, safe to
run twice, a job for each table of every installed game, and files deleted after a day."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from django.core.management import call_command
from django.utils import timezone

from league.exchange_jobs import tasks
from league.exchange_jobs.models import ExchangeJob
from league.exchange_jobs.services import exchange_export_request, exchange_jobs_sweep
from league.models import League, Season
from tests.arenaball.world import arena_world
from tests.arenaball.world import play as arena_play
from tests.mn11.world import mn11_world
from tests.mn11.world import play as mn11_play
from tests.world import World, match_day_open

TABLES = ("standings", "fixtures", "players")


@pytest.fixture(autouse=True)
def _media(settings: Any, tmp_path: Path) -> None:
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def sent() -> Iterator[mock.MagicMock]:
    with mock.patch("league.exchange_jobs.services.app.send_task") as send_task:
        yield send_task


def _job(season: Season, table: str = "standings") -> ExchangeJob:
    return exchange_export_request(
        league=season.league, season=season, format_key=f"csv-{table}", actor=None
    )


def _rows(job: ExchangeJob) -> list[dict[str, str]]:
    with job.file.open("rb") as handle:
        return list(csv.DictReader(io.StringIO(handle.read().decode("utf-8-sig"))))


def test_the_task_run_twice_builds_the_file_once(world: World, sent: mock.MagicMock) -> None:
    job = _job(world.season)
    tasks.run_exchange_job(job.pk)
    job.refresh_from_db()
    first = (job.file.name, job.finished_at, job.attempts)
    tasks.run_exchange_job(job.pk)
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", 1)
    assert (job.file.name, job.finished_at, job.attempts) == first
    assert len(list(Path(job.file.path).parent.iterdir())) == 1


def test_a_running_job_whose_worker_died_is_claimed_again(
    world: World, sent: mock.MagicMock
) -> None:
    job = _job(world.season)
    ExchangeJob.objects.filter(pk=job.pk).update(
        status="running", attempts=1, heartbeat_at=timezone.now()
    )
    tasks.run_exchange_job(job.pk)
    assert ExchangeJob.objects.get(pk=job.pk).status == "running"  # a live worker holds it
    ExchangeJob.objects.filter(pk=job.pk).update(
        heartbeat_at=timezone.now() - timedelta(minutes=11)
    )
    tasks.run_exchange_job(job.pk)
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", 2)


def test_a_lost_message_is_sent_again_by_the_sweep(world: World, sent: mock.MagicMock) -> None:
    job = _job(world.season)
    assert exchange_jobs_sweep().resent == 0  # just asked for: its own message may be under way
    report = exchange_jobs_sweep(now=timezone.now() + timedelta(minutes=3))
    assert report.resent == 1
    sent.assert_called_with("league.exchange_jobs.tasks.run_exchange_job", args=[job.pk])


def test_a_job_whose_worker_died_is_sent_again_and_finished(
    world: World, sent: mock.MagicMock
) -> None:
    job = _job(world.season)
    died = timezone.now() - timedelta(minutes=11)
    ExchangeJob.objects.filter(pk=job.pk).update(status="running", attempts=1, heartbeat_at=died)
    assert exchange_jobs_sweep().resent == 1
    tasks.run_exchange_job(job.pk)
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("done", 2)
    assert exchange_jobs_sweep(now=timezone.now() + timedelta(minutes=30)).resent == 0


def test_the_sweep_task_run_twice_deletes_each_file_once(
    world: World, sent: mock.MagicMock
) -> None:
    job = _job(world.season)
    tasks.run_exchange_job(job.pk)
    ExchangeJob.objects.filter(pk=job.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert tasks.sweep_exchange_jobs() == "SweepReport(resent=0, expired=1)"
    assert tasks.sweep_exchange_jobs() == "SweepReport(resent=0, expired=0)"


def test_an_expired_file_is_removed_and_the_job_kept(world: World, sent: mock.MagicMock) -> None:
    job = _job(world.season)
    tasks.run_exchange_job(job.pk)
    job.refresh_from_db()
    path = Path(job.file.path)
    assert path.exists()
    assert job.expires_at is not None
    assert job.finished_at is not None
    assert job.expires_at - job.finished_at == timedelta(days=1)
    assert exchange_jobs_sweep(now=job.expires_at - timedelta(seconds=1)).expired == 0
    assert exchange_jobs_sweep(now=job.expires_at + timedelta(seconds=1)).expired == 1
    job.refresh_from_db()
    assert not path.exists()
    assert not job.file
    assert not job.downloadable
    assert exchange_jobs_sweep(now=job.expires_at + timedelta(seconds=2)).expired == 0


def _played_magnoball(world: World) -> Season:
    from games.services import PlayerLine, ResultReport, result_record

    fixture = match_day_open(world)
    scorer = world.home.players.get(shirt_number=1)
    result_record(
        fixture=fixture,
        report=ResultReport(2, 0, lines=(PlayerLine(player_id=scorer.pk, points=2),)),
        actor=None,
    )
    return world.season


@pytest.mark.parametrize("table", TABLES)
def test_a_job_for_each_magnoball_table(world: World, table: str, sent: mock.MagicMock) -> None:
    season = _played_magnoball(world)
    job = _job(season, table)
    tasks.run_exchange_job(job.pk)
    job.refresh_from_db()
    assert job.status == "done", job.reason
    rows = _rows(job)
    if table == "standings":
        assert rows[0]["team"] == world.home.name
        assert rows[0]["points"] == "3"
    elif table == "fixtures":
        assert (rows[0]["home_score"], rows[0]["away_score"]) == ("2", "0")
    else:
        scorer = next(r for r in rows if r["player"] == world.home.players.get(shirt_number=1).name)
        assert (scorer["points"], scorer["games_played"]) == ("2", "1")


@pytest.mark.django_db
@pytest.mark.parametrize("table", TABLES)
def test_a_job_for_each_arenaball_table(table: str, sent: mock.MagicMock) -> None:
    arena = arena_world()
    arena_play(arena.fixture(1))
    job = _job(arena.season, table)
    tasks.run_exchange_job(job.pk)
    job.refresh_from_db()
    assert job.status == "done", job.reason
    rows = _rows(job)
    if table == "standings":
        assert "kills" in rows[0]
        assert {r["played"] for r in rows} == {"1"}
    elif table == "fixtures":
        assert rows[0]["status"] == "played"
    else:
        from arenaball.models import CharacterGame

        assert {"character", "driver_points", "kills", "goals"} <= set(rows[0])
        played = {(g.character.name, g.team.name) for g in CharacterGame.objects.all()}
        assert played
        assert {(r["character"], r["team"]) for r in rows if r["games"] == "1"} == played


@pytest.mark.django_db
@pytest.mark.parametrize("table", TABLES)
def test_a_job_for_each_mn11_table(table: str, sent: mock.MagicMock) -> None:
    eleven = mn11_world()
    mn11_play(eleven.fixture(1))
    job = _job(eleven.season, table)
    tasks.run_exchange_job(job.pk)
    job.refresh_from_db()
    assert job.status == "done", job.reason
    rows = _rows(job)
    if table == "players":
        with job.file.open("rb") as handle:
            header = handle.read().decode("utf-8-sig").splitlines()[0]
        assert header == "team,star_player,card,pick,goals,sent_off"
        assert rows == []  # this world held no draft: nobody signed a Star Player (E-S2)
    elif table == "standings":
        assert {r["played"] for r in rows} == {"1"}
    else:
        assert rows[0]["status"] == "played"


def test_a_format_that_refuses_fails_the_job_with_its_reason(
    world: World, sent: mock.MagicMock
) -> None:
    from league.exchange_jobs.formats import ExportFormat, _formats, export_format_register

    def refuse(league: League, season: Season | None, progress: Any) -> bytes:
        from league.errors import DomainError

        raise DomainError("Nothing to export.")

    export_format_register(ExportFormat("test-refuse", "t", "csv", "text/csv", True, refuse))
    try:
        job = _job(world.season, "standings")
        ExchangeJob.objects.filter(pk=job.pk).update(format="test-refuse")
        tasks.run_exchange_job(job.pk)
    finally:
        _formats.pop("test-refuse")
    job.refresh_from_db()
    assert (job.status, job.reason, bool(job.file)) == ("failed", "Nothing to export.", False)


def test_the_management_command_writes_a_table(world: World, tmp_path: Path) -> None:
    out = tmp_path / "standings.csv"
    call_command("league_csv_export", "test-league", "2026", "standings", "-o", str(out))
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8-sig"))))
    assert {r["team"] for r in rows} == {world.home.name, world.away.name}


def test_the_sweep_command_runs(world: World, capsys: Any) -> None:
    call_command("exchange_jobs_sweep")
    assert "0 jobs sent again, 0 files deleted." in capsys.readouterr().out


def test_a_checked_import_never_imported_is_deleted_after_a_day(db: None, tmp_path: Path) -> None:
    import os

    from django.core.files.base import ContentFile
    from django.core.files.storage import default_storage

    from league.exchange_jobs.services import PENDING_DIR

    old = default_storage.save(f"{PENDING_DIR}/old.csv", ContentFile(b"team\n"))
    new = default_storage.save(f"{PENDING_DIR}/new.csv", ContentFile(b"team\n"))
    day_ago = (timezone.now() - timedelta(days=1, minutes=1)).timestamp()
    os.utime(default_storage.path(old), (day_ago, day_ago))
    assert exchange_jobs_sweep().expired == 1
    assert not default_storage.exists(old)
    assert default_storage.exists(new)
