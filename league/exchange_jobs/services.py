"""Export and import jobs: asking for one, running it on a worker, and letting its file go
after a day (docs/data.md, "Export and import jobs").

An export job is stored *queued* and its id sent to the worker once the request commits
(``transaction.on_commit``). The worker claims it with a conditional ``UPDATE`` (a queued
job, or a running one whose heartbeat is stale: its worker died), builds the file with the
format's function, stores it through Django's storage and marks it *done*, with
``expires_at`` a day later; anything the format refuses or breaks on marks it *failed* with
the reason. A finished job is a no-op, so a message delivered twice does nothing. The sweep
(``exchange_jobs_sweep``, Celery beat) sends again the ids of queued jobs whose message was
lost and deletes the files of expired jobs.

Imports run in the request (a dry run answers at once with every problem); each is kept
as a finished job with its report, so the admin's list shows who imported what.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import BinaryIO

from celery import current_app as app
from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from league.access import Actor, is_commissioner, require_commissioner
from league.audit import audit_record
from league.broker.waiting import ids_not_waiting
from league.errors import DomainError, PermissionRefused
from league.exchange import document_import
from league.exchange.csv_import import ImportReport, csv_results_import, csv_teams_import
from league.exchange.problems import ImportRefused
from league.exchange_jobs.events import export_ready_publish
from league.exchange_jobs.formats import export_format_get
from league.exchange_jobs.models import ExchangeJob
from league.models import League, Season, Team

logger = logging.getLogger(__name__)

#: The task that runs an export, sent by name (the tasks module imports this one).
RUN_TASK = "league.exchange_jobs.tasks.run_exchange_job"
#: A running job whose heartbeat is older than this has lost its worker and may be claimed.
STALE_AFTER = timedelta(minutes=10)
#: A queued job not started this long after it was asked for is sent again (lost message).
RESEND_AFTER = timedelta(minutes=2)

#: A file the admin's import page checked waits here for its "Import" button; the sweep
#: deletes what was never imported after a day.
PENDING_DIR = "exchange/pending"

#: Exports of one league queued or running at once; one more is refused (too_many_jobs).
MAX_LIVE_EXPORTS = 5

#: The CSV imports by the name the admin and the API use.
CSV_IMPORTS: dict[str, Callable[..., ImportReport]] = {
    "csv-teams": csv_teams_import,
    "csv-results": csv_results_import,
}


def file_lifetime() -> timedelta:
    return timedelta(seconds=int(settings.EXCHANGE_FILE_LIFETIME_SECONDS))


# --- who may -----------------------------------------------------------------------------------


def can_export(*, user: Actor, league: League) -> bool:
    """A league's commissioners and the coaches of its teams may export its tables: a coach
    can read all of them on the league's pages anyway."""
    if user is None:
        return True
    if is_commissioner(user=user, league=league):
        return True
    return bool(user.is_authenticated and Team.objects.filter(league=league, coach=user).exists())


def require_export(*, user: Actor, league: League) -> None:
    if not can_export(user=user, league=league):
        raise PermissionRefused(
            f"Only a commissioner of {league} or a coach in it may export its data."
        )


def can_see_job(*, user: Actor, job: ExchangeJob) -> bool:
    """Who may export the league may follow its jobs and fetch their files, but a job of a
    commissioners-only format (the JSON document) is for its commissioners only."""
    if not can_export(user=user, league=job.league):
        return False
    try:
        commissioners_only = export_format_get(job.format).commissioners_only
    except DomainError:  # an import's job (csv-teams, …): not an export format
        commissioners_only = False
    return not commissioners_only or user is None or is_commissioner(user=user, league=job.league)


# --- exports -----------------------------------------------------------------------------------


def exchange_export_request(
    *, league: League, season: Season | None, format_key: str, actor: Actor
) -> ExchangeJob:
    """Queue an export of `league` (its `season` when the format needs one); the worker
    builds it once this commits."""
    require_export(user=actor, league=league)
    export_format = export_format_get(format_key)
    if (
        export_format.commissioners_only
        and actor is not None
        and not is_commissioner(user=actor, league=league)
    ):
        raise PermissionRefused(
            f"Only a commissioner of {league} may export {export_format.label.lower()}: it "
            "holds people's e-mails and the audit log. Coaches may export the CSV tables."
        )
    if export_format.needs_season and season is None:
        raise DomainError("Name the season to export.", code="season_required", field="season")
    if season is not None and season.league_id != league.pk:
        raise DomainError(f"{season} is not a season of {league}.", field="season")
    user = actor if actor is not None and actor.is_authenticated else None
    with transaction.atomic():
        # Locks the league: two requests at once count its live exports one after the other.
        League.objects.select_for_update().filter(pk=league.pk).first()
        live = ExchangeJob.objects.filter(league=league, status__in=ExchangeJob.LIVE).count()
        if live >= MAX_LIVE_EXPORTS:
            raise DomainError(
                f"{league} has {live} exports under way: wait for one to finish.",
                code="too_many_jobs",
            )
        job = ExchangeJob.objects.create(
            kind=ExchangeJob.Kind.EXPORT,
            format=export_format.key,
            league=league,
            season=season if export_format.needs_season else None,
            requested_by=user,
        )
        audit_record(
            actor=actor,
            action="export.request",
            obj=job,
            league=league,
            message=f"Export {export_format.key} of {season or league} requested",
            after={"job": job.pk, "format": job.format},
        )
        transaction.on_commit(lambda: exchange_jobs_send([job.pk]))
    return job


def exchange_jobs_send(job_ids: list[int]) -> bool:
    """Hand the jobs to the broker; never raises (the sweep sends what could not be)."""
    for job_id in job_ids:
        try:
            app.send_task(RUN_TASK, args=[job_id])
        except Exception:  # any broker failure: the job is safe in the database
            logger.warning("could not send exchange job %s; the sweep will", job_id)
            return False
    return True


def exchange_job_run(*, job_id: int) -> ExchangeJob:
    """Claim, build and store the export; a finished or live job is left as it is."""
    now = timezone.now()
    claimed = (
        ExchangeJob.objects.filter(pk=job_id, kind=ExchangeJob.Kind.EXPORT)
        .filter(
            Q(status=ExchangeJob.Status.QUEUED)
            | Q(status=ExchangeJob.Status.RUNNING, heartbeat_at__lt=now - STALE_AFTER)
        )
        .update(
            status=ExchangeJob.Status.RUNNING,
            attempts=F("attempts") + 1,
            started_at=now,
            heartbeat_at=now,
        )
    )
    job = ExchangeJob.objects.select_related("league", "season").get(pk=job_id)
    if not claimed:
        return job
    attempt = job.attempts  # the fencing token: a run that lost its claim writes nothing

    def progress(done: int, total: int) -> None:
        ExchangeJob.objects.filter(pk=job_id, attempts=attempt).update(
            progress_done=done, progress_total=total, heartbeat_at=timezone.now()
        )

    export_format = export_format_get(job.format)
    try:
        content = export_format.build(job.league, job.season, progress)
    except DomainError as error:
        return _finish(job_id, attempt, reason=error.message)
    except Exception as error:
        logger.exception("exchange job %s failed", job_id)
        return _finish(job_id, attempt, reason=f"{type(error).__name__}: {error}")
    # The season's slug when there is one (a league-wide export is named by the league's).
    where = f"{job.league.slug}-{job.season.slug}" if job.season else job.league.slug
    stamp = timezone.now().strftime("%Y%m%d-%H%M")
    filename = f"{where}-{job.format}-{stamp}.{export_format.extension}"
    return _finish(
        job_id,
        attempt,
        content=content,
        filename=filename,
        content_type=export_format.content_type,
    )


def _finish(
    job_id: int,
    attempt: int,
    *,
    reason: str = "",
    content: bytes | None = None,
    filename: str = "",
    content_type: str = "",
) -> ExchangeJob:
    with transaction.atomic():
        # Locks the job: only the run holding the current claim finishes it, once.
        job = ExchangeJob.objects.select_for_update().get(pk=job_id)
        if job.status != ExchangeJob.Status.RUNNING or job.attempts != attempt:
            return job
        now = timezone.now()
        fields = ["status", "reason", "finished_at", "heartbeat_at"]
        job.finished_at = job.heartbeat_at = now
        if content is None:
            job.status, job.reason = ExchangeJob.Status.FAILED, reason[:500]
        else:
            job.file.save(filename, ContentFile(content), save=False)
            job.status, job.reason = ExchangeJob.Status.DONE, ""
            job.filename, job.content_type = filename, content_type
            job.expires_at = now + file_lifetime()
            job.progress_done = job.progress_total = max(job.progress_total, 1)
            fields += [
                "file",
                "filename",
                "content_type",
                "expires_at",
                "progress_done",
                "progress_total",
            ]
        job.save(update_fields=fields)
        if job.status == ExchangeJob.Status.DONE:
            export_ready_publish(job=job)
    return job


# --- imports -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ImportOutcome:
    """An import's answer: its job, and the report or the problems."""

    job: ExchangeJob
    report: ImportReport | None
    refused: ImportRefused | None


def exchange_import_run(
    *,
    season: Season,
    format_key: str,
    data: bytes | BinaryIO,
    actor: Actor,
    dry_run: bool,
) -> ImportOutcome:
    """Import `data` into `season` by the CSV import `format_key` (a dry run writes nothing
    at all); a real import is kept as a finished job with its report or its problems."""
    require_commissioner(user=actor, league=season.league)
    try:
        run = CSV_IMPORTS[format_key]
    except KeyError:
        raise DomainError(
            f"No import format {format_key!r}: choose one of {', '.join(CSV_IMPORTS)}.",
            code="unknown_format",
            field="format",
        ) from None
    report: ImportReport | None = None
    refused: ImportRefused | None = None
    try:
        report = run(season=season, data=data, actor=actor, dry_run=dry_run)
    except ImportRefused as error:
        refused = error
    job = ExchangeJob(
        kind=ExchangeJob.Kind.IMPORT,
        format=format_key,
        league=season.league,
        season=season,
        requested_by=actor if actor is not None and actor.is_authenticated else None,
        status=ExchangeJob.Status.FAILED if refused else ExchangeJob.Status.DONE,
        reason=str(refused)[:500] if refused else "",
        progress_done=report.rows if report else 0,
        progress_total=report.rows if report else 0,
        report=report.as_dict()
        if report
        else {"problems": [p.as_dict() for p in refused.problems]}
        if refused
        else None,
        finished_at=timezone.now(),
    )
    if not dry_run:
        job.save()
    return ImportOutcome(job=job, report=report, refused=refused)


@dataclass(frozen=True)
class LeagueImported:
    """A league import's answer: the league's name in the file, and what was made."""

    name: str
    outcome: document_import.ImportOutcome


def league_document_import_run(*, data: bytes, actor: Actor, dry_run: bool) -> LeagueImported:
    """Import the league's JSON document `data` as a new league (docs/data.md, "Importing"),
    or only check it when `dry_run`. Refused → ImportRefused with every problem; nothing is
    written. A real import is kept as a finished import job of the new league, so its job
    list shows who imported it (a refused one has no league to keep it under)."""
    if actor is not None and not actor.has_perm("league.add_league"):
        # Before reading the file: someone who may not create leagues learns nothing of it.
        raise PermissionRefused("Only someone who may create leagues may import one.")
    document = document_import.document_parse(data=data)
    with transaction.atomic():  # the league and its job, or neither
        outcome = document_import.league_document_import(
            document=document, actor=actor, dry_run=dry_run
        )
        if outcome.league_id is not None:
            rows = sum(outcome.counts.values())
            ExchangeJob.objects.create(
                kind=ExchangeJob.Kind.IMPORT,
                format="json-document",
                league_id=outcome.league_id,
                requested_by=actor if actor is not None and actor.is_authenticated else None,
                status=ExchangeJob.Status.DONE,
                progress_done=rows,
                progress_total=rows,
                report={"rows": rows, "counts": outcome.counts},
                finished_at=timezone.now(),
            )
    return LeagueImported(name=str(document["league"]["name"]), outcome=outcome)


# --- the sweep ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SweepReport:
    resent: int
    expired: int


def exchange_jobs_sweep(*, now: datetime | None = None) -> SweepReport:
    """Send again the queued jobs whose message was lost and the running ones whose worker
    died (the worker's claim takes them back), and delete the files of jobs past their
    ``expires_at`` (the job stays, saying its file has expired). Safe to run twice."""
    now = now or timezone.now()
    lost = Q(status=ExchangeJob.Status.QUEUED, created_at__lt=now - RESEND_AFTER) | Q(
        status=ExchangeJob.Status.RUNNING, heartbeat_at__lt=now - STALE_AFTER
    )  # a message never delivered, or a worker that died holding the job
    stuck = list(
        ExchangeJob.objects.filter(lost, kind=ExchangeJob.Kind.EXPORT)
        .order_by("created_at")
        .values_list("pk", flat=True)[:100]
    )
    stuck = ids_not_waiting(RUN_TASK, stuck)  # a message waiting its turn is not lost
    if stuck:
        exchange_jobs_send(stuck)
    expired = 0
    for job in ExchangeJob.objects.filter(expires_at__lt=now).exclude(file=""):
        name = job.file.name
        job.file.storage.delete(name)  # deleting a missing file is no error
        ExchangeJob.objects.filter(pk=job.pk, file=name).update(file="")
        expired += 1
    expired += _pending_sweep(now=now)
    return SweepReport(resent=len(stuck), expired=expired)


def _pending_sweep(*, now: datetime) -> int:
    """Delete the checked files of the admin's import page never imported within a day."""
    if not default_storage.exists(PENDING_DIR):
        return 0
    deleted = 0
    for name in default_storage.listdir(PENDING_DIR)[1]:
        path = f"{PENDING_DIR}/{name}"
        if default_storage.get_modified_time(path) < now - file_lifetime():
            default_storage.delete(path)
            deleted += 1
    return deleted
