"""Writes sent without waiting for their answers: psycopg's pipeline mode, on PostgreSQL.

A result's recording ends in a chain of writes whose answers nobody reads: the season lines,
the players' games, the injured list's count, the standings' rows. One after another, each
waited a round trip and the server's work before this process built the next. In a
pipeline the server works on one while this process builds the next (docs/performance.md,
"Pipelined writes").

Inside :func:`pipelined`:

- a statement run under :func:`unanswered` is sent and not waited for. Its error, if any,
  is raised by the next statement that is waited for, or at the block's end: inside the
  same transaction, which then rolls back whole;
- every other statement is waited for as it is outside, so the ORM works as it always does
  (a ``save()`` reads its UPDATE's row count; a read waits for everything sent before it);
- a COPY cannot run (psycopg refuses it in a pipeline): ``rows_copy`` writes by INSERT.

Elsewhere (SQLite, or outside the block) both are no-ops: every statement is waited for."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db import connection
from psycopg import pq

#: Set while a statement whose answer nobody reads is sent.
_UNANSWERED: ContextVar[bool] = ContextVar("unanswered", default=False)


@contextmanager
def pipelined() -> Iterator[None]:
    """Statements of the block in one pipeline (PostgreSQL; elsewhere nothing changes). Use
    it inside a transaction: a statement not waited for that fails is reported later, and
    only a transaction makes "later" harmless. A block inside another joins it."""
    if connection.vendor != "postgresql" or in_pipeline():
        yield
        return
    connection.ensure_connection()
    with (
        connection.connection.pipeline() as pipeline,
        connection.execute_wrapper(_WaitUnlessUnanswered(pipeline.sync)),
    ):
        yield


@contextmanager
def unanswered() -> Iterator[None]:
    """The block's statements are writes whose answer (a row count, rows back) nobody
    reads: in a pipeline they are sent and not waited for; elsewhere, as ever."""
    token = _UNANSWERED.set(True)
    try:
        yield
    finally:
        _UNANSWERED.reset(token)


def in_pipeline() -> bool:
    """Whether statements now go into a pipeline (a COPY cannot)."""
    if connection.vendor != "postgresql" or connection.connection is None:
        return False
    return bool(connection.connection.pgconn.pipeline_status != pq.PipelineStatus.OFF)


class _WaitUnlessUnanswered:
    """An execute wrapper: after each statement not run under :func:`unanswered`, wait for
    the answers to everything sent so far, so its own (a row count) is there to read."""

    def __init__(self, sync: Callable[[], None]) -> None:
        self._sync = sync

    def __call__(self, execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        answer = execute(sql, params, many, context)
        if not _UNANSWERED.get():
            with connection.wrap_database_errors:
                self._sync()
        return answer
