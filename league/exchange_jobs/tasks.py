"""Celery tasks of the export and import jobs: thin, ids in (services.py does the work)."""

from __future__ import annotations

from celery import shared_task

from league.exchange_jobs.services import exchange_job_run, exchange_jobs_sweep


@shared_task(ignore_result=True, acks_late=True)
def run_exchange_job(job_id: int) -> None:
    """Build export job ``job_id``'s file; safe to run twice (a finished job is a no-op)."""
    exchange_job_run(job_id=job_id)


@shared_task(ignore_result=True)
def sweep_exchange_jobs() -> str:
    """Send lost jobs again and delete expired files; Celery beat runs it every few minutes."""
    return str(exchange_jobs_sweep())
