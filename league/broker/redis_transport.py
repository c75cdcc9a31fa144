"""kombu's Redis transport, its acknowledgements safe to fail.

A worker acknowledges a finished task by removing it from Redis's index of unacknowledged
messages, then frees the task's place in its prefetch window. kombu frees the place only once
Redis answered: when Redis stalled or reset the connection at that moment (``Couldn't ack …
TimeoutError``), the place was never freed, and a worker whose places were all lost so never
asked Redis for a message again, however long Redis had been back (issue #44: 4.5 minutes and
more, until restarted by hand). Here the place is freed whatever Redis answers; a message
whose removal failed stays in Redis's index and is handed out again after the visibility
timeout, which the job's claim makes harmless (docs/operations.md, "The broker").
"""

from __future__ import annotations

import logging
from typing import Any

from kombu.transport import redis, virtual  # type: ignore[attr-defined]
from kombu.utils.encoding import bytes_to_str

from league.broker.filesystem_transport import loads

logger = logging.getLogger(__name__)


class QoS(redis.QoS):  # type: ignore[misc]
    def ack(self, delivery_tag: str) -> None:
        self._settle(delivery_tag, requeue=False, verb="acknowledge")

    def reject(self, delivery_tag: str, requeue: bool = False) -> None:
        self._settle(delivery_tag, requeue=requeue, verb="reject")

    def _settle(self, delivery_tag: str, *, requeue: bool, verb: str) -> None:
        try:
            if requeue:
                self.restore_by_tag(delivery_tag, leftmost=True)
            else:
                self._remove_from_indices(delivery_tag).execute()
        except Exception as error:  # Redis stalled, reset or gone: never the worker's end
            logger.warning(
                "could not %s message %s in Redis (%s: %s); Redis hands it out again after "
                "the visibility timeout (harmless: the job's claim), and the worker goes on",
                verb,
                delivery_tag,
                type(error).__name__,
                error,
            )
        finally:
            virtual.QoS.ack(self, delivery_tag)  # the worker's place is freed in any case


class Channel(redis.Channel):  # type: ignore[misc]
    QoS = QoS

    def waiting_payloads(self, queue: str, *, limit: int) -> list[dict[str, Any]]:
        """The messages of `queue` no worker has taken yet (every priority's list), at most
        `limit`."""
        payloads: list[dict[str, Any]] = []
        with self.conn_or_acquire() as client:
            for priority in self.priority_steps:
                key = self._q_for_pri(queue, priority)
                for raw in client.lrange(key, 0, max(0, limit - len(payloads) - 1)):
                    payloads.append(loads(bytes_to_str(raw)))
                if len(payloads) >= limit:
                    break
        return payloads


class Transport(redis.Transport):  # type: ignore[misc]
    Channel = Channel
