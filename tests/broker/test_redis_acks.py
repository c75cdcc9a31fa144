"""A worker on Redis keeps consuming after an acknowledgement fails (issue #44: Redis frozen
30 s, each worker logged "Couldn't ack … TimeoutError" and never consumed again): the place
the finished task held in the worker's prefetch window is freed whatever Redis answers.
The whole story with real workers is tests/broker/test_redis_faults.py."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
import redis
from kombu.transport import resolve_transport, virtual

from tests.broker.conftest import settings_transport


def _qos_of_the_settings_transport() -> Any:
    transport = resolve_transport(settings_transport(redis_url="redis://127.0.0.1:1/0") or "redis")
    return transport.Channel.QoS


@pytest.mark.parametrize(
    "failure",
    [redis.exceptions.TimeoutError("Timeout reading from socket"), ConnectionResetError(104)],
    ids=["stalled", "reset"],
)
@pytest.mark.parametrize("settle", ["ack", "reject"])
def test_a_failed_acknowledgement_still_frees_the_workers_place(failure, settle):
    QoS = _qos_of_the_settings_transport()
    qos = QoS.__new__(QoS)
    virtual.QoS.__init__(qos, mock.MagicMock(), prefetch_count=1)
    qos.restore_at_shutdown = False  # a stand-in channel: nothing to give back at exit
    virtual.QoS.append(qos, mock.MagicMock(), "tag-1")  # the task the worker ran
    assert not qos.can_consume()  # its one place is taken

    broken = mock.MagicMock()
    broken.execute.side_effect = failure
    with (
        mock.patch.object(QoS, "_remove_from_indices", return_value=broken),
        mock.patch.object(QoS, "restore_by_tag", side_effect=failure),
    ):
        try:
            getattr(qos, settle)("tag-1")
        except Exception as error:  # kombu's own let it through, and kept the place
            assert error is failure  # noqa: PT017
        qos._flush()

    assert qos.can_consume(), "the worker would never ask Redis for a message again"
