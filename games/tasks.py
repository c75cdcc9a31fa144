"""Celery tasks of the games app: thin, ids in; games/services/job_runner.py and
games/services/job_queue.py do the work."""

from __future__ import annotations

import logging
import os

from celery import Task, shared_task
from celery.signals import worker_ready

from games.models import SimulationJob
from games.services import TRANSIENT_DB_ERRORS, jobs_sweep, simulation_run
from league.task_rows import gone_means_done

logger = logging.getLogger(__name__)


@shared_task(
    bind=True,
    acks_late=True,
    autoretry_for=TRANSIENT_DB_ERRORS,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=10,
)
def simulate_fixture(self: Task[[int], None], job_id: int) -> None:
    """Play the fixture of simulation job ``job_id``; safe to run twice or at once. Out of
    retries (the database away for minutes), the job stays running until the sweep takes
    it back: nothing is failed for an outage."""
    with gone_means_done(SimulationJob, job_id, "simulation job"):
        simulation_run(job_id=job_id, worker=f"{self.request.hostname}:{os.getpid()}")


@shared_task(ignore_result=True)
def sweep_simulation_jobs() -> str:
    """Send lost messages again, take jobs back from dead workers and queue waiting jobs
    that can run (games/services/job_queue.py). Celery beat runs it every few seconds."""
    return str(jobs_sweep())


@worker_ready.connect
def _sweep_on_start(**_: object) -> None:
    """A worker that starts (or restarts after a crash) repairs what it can at once."""
    try:
        logger.info("simulation sweep at worker start: %s", jobs_sweep())
    except Exception:  # the database may still be starting: beat sweeps again soon
        logger.exception("simulation sweep at worker start failed")
