"""Celery tasks of the games app: thin, ids in, the services in games/jobs.py do the work."""

from __future__ import annotations

import logging
import os
from typing import Any

from celery import Task, shared_task
from kombu.exceptions import OperationalError as BrokerOperationalError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from games.jobs import (
    TRANSIENT_DB_ERRORS,
    SimulationJobBusy,
    SimulationJobWaiting,
    simulation_give_up,
    simulation_run,
)

logger = logging.getLogger(__name__)

#: Retried with backoff: the database or the broker away for a moment, or a duplicate
#: delivery of a job a live worker is still running. Anything else is recorded as failed
#: by the service and acknowledged.
TRANSIENT_ERRORS: tuple[type[Exception], ...] = (
    *TRANSIENT_DB_ERRORS,
    BrokerOperationalError,
    RedisConnectionError,
    RedisTimeoutError,
    SimulationJobBusy,
)


#: How long a job waiting for its teams' earlier fixtures sleeps before it looks again.
WAIT_SECONDS = 2


class _SimulationTask(Task):
    def on_failure(
        self,
        exc: Exception,
        task_id: str,
        args: tuple[Any, ...],
        kwargs: dict[str, Any],
        einfo: Any,
    ) -> None:
        """Out of retries: fail the job so its fixture is ready again (unless a live worker
        holds it, which then finishes it)."""
        if isinstance(exc, SimulationJobBusy):
            return
        job_id = kwargs.get("job_id", args[0] if args else None)
        if not isinstance(job_id, int):
            return
        try:
            simulation_give_up(job_id=job_id, error=f"{type(exc).__name__}: {exc}")
        except Exception:
            logger.exception("could not fail simulation job %s after its retries", job_id)


@shared_task(
    base=_SimulationTask,
    bind=True,
    acks_late=True,
    autoretry_for=TRANSIENT_ERRORS,
    retry_backoff=2,
    retry_backoff_max=60,
    retry_jitter=True,
    max_retries=8,
)
def simulate_fixture(self: Task, job_id: int) -> None:
    """Play the fixture of simulation job ``job_id``; safe to run twice or at once."""
    try:
        simulation_run(job_id=job_id, worker=f"{self.request.hostname}:{os.getpid()}")
    except SimulationJobWaiting as waiting:
        # Not a failure: the job waits its turn for as long as earlier fixtures take.
        raise self.retry(exc=waiting, countdown=WAIT_SECONDS, max_retries=None) from waiting
