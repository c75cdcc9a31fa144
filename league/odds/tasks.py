"""Celery tasks of the odds: thin, ids in; league/odds/services/runs.py does the work, safe to run
twice (each step claims by a conditional update)."""

from __future__ import annotations

import logging

from celery import shared_task
from celery.signals import worker_ready
from django.db import InterfaceError, OperationalError

from league.models import Season
from league.odds.models import OddsChunk, OddsRun
from league.odds.services.ratings import ratings_refresh
from league.odds.services.runs import (
    odds_after_refresh,
    odds_chunk_run,
    odds_run_simulate,
    odds_run_start,
    odds_sweep,
    ratings_refresh_started,
)
from league.task_rows import gone_means_done

logger = logging.getLogger(__name__)
_TRANSIENT = (OperationalError, InterfaceError)


@shared_task(acks_late=True, autoretry_for=_TRANSIENT, retry_backoff=2, max_retries=10)
def odds_start(run_id: int) -> None:
    """Split odds run ``run_id``'s engine pairings into chunks for the workers."""
    with gone_means_done(OddsRun, run_id, "odds run"):
        odds_run_start(run_id=run_id)


@shared_task(acks_late=True, autoretry_for=_TRANSIENT, retry_backoff=2, max_retries=10)
def odds_chunk(chunk_id: int) -> None:
    """Simulate and cache the engine pairings of chunk ``chunk_id``."""
    with gone_means_done(OddsChunk, chunk_id, "odds chunk"):
        odds_chunk_run(chunk_id=chunk_id)


@shared_task(acks_late=True, autoretry_for=_TRANSIENT, retry_backoff=2, max_retries=10)
def odds_simulate(run_id: int) -> None:
    """Play odds run ``run_id``'s season out and store its figures."""
    with gone_means_done(OddsRun, run_id, "odds run"):
        odds_run_simulate(run_id=run_id)


@shared_task(acks_late=True, autoretry_for=_TRANSIENT, retry_backoff=2, max_retries=10)
def ratings_refresh_task(
    season_id: int, replay: bool = False, odds_round: int | None = None, trigger: str = ""
) -> None:
    """Rate season ``season_id``'s new results (all of them again with ``replay``), then
    queue the odds run after round ``odds_round`` that ``trigger`` names, once."""
    ratings_refresh_started(season_id)
    with gone_means_done(Season, season_id, "season"):
        ratings_refresh(season_id=season_id, replay=replay)
        odds_after_refresh(season_id=season_id, odds_round=odds_round, trigger=trigger)


@shared_task(ignore_result=True)
def odds_sweep_task() -> str:
    """Send lost odds messages again and take work back from dead workers."""
    return odds_sweep()


@worker_ready.connect
def _sweep_on_start(**_: object) -> None:
    try:
        logger.info("odds sweep at worker start: %s", odds_sweep())
    except Exception:  # the database may still be starting: beat sweeps again soon
        logger.exception("odds sweep at worker start failed")
