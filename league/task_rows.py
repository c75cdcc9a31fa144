"""What a Celery task does when the row its message names is gone."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import models

logger = logging.getLogger(__name__)


@contextmanager
def gone_means_done(model: type[models.Model], pk: int, what: str) -> Iterator[None]:
    """Around a task's work on `model`'s row `pk`: if that row is gone (deleted after the
    message was sent, or the message came from another database sharing the broker), the
    task has nothing to do. It is logged and the task ends, neither failed nor retried. A
    missing row of the same model that is not this one is still an error."""
    try:
        yield
    except model.DoesNotExist:  # type: ignore[attr-defined]  # every concrete model has it
        if model._default_manager.filter(pk=pk).exists():
            raise
        logger.info("%s %s no longer exists; nothing to do", what, pk)
