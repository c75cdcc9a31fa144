"""The webhooks' Celery tasks: thin, ids in; league/webhooks/services/sending.py does the work."""

from __future__ import annotations

import logging

from celery import shared_task
from celery.signals import worker_ready

from league.webhooks.services.sending import deliveries_sweep, delivery_send

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True, acks_late=True)
def send_delivery(delivery_id: int) -> str:
    """Send webhook delivery ``delivery_id`` if it is due and its subscription's turn; safe
    to run twice or at once (the delivery is claimed by a conditional update)."""
    return delivery_send(delivery_id=delivery_id)


@shared_task(ignore_result=True)
def sweep_deliveries() -> str:
    """Queue due retries and lost messages, take back deliveries of dead workers. Celery
    beat runs it every WEBHOOKS_SWEEP_SECONDS."""
    return str(deliveries_sweep())


@worker_ready.connect
def _sweep_on_start(**_: object) -> None:
    """A worker that starts (or restarts after a crash) sends what waits at once."""
    try:
        logger.info("webhook sweep at worker start: %s", deliveries_sweep())
    except Exception:  # the database may still be starting: beat sweeps again soon
        logger.exception("webhook sweep at worker start failed")
