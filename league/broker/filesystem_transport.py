"""kombu's filesystem transport (the embedded broker of ``./dev run``) with atomic writes.

kombu creates a message file, then locks it and writes it; its reader takes the file without
the lock. A worker polling the folder while the web server or beat wrote a message could
read the file empty or half-written and stopped for good ("Unrecoverable error:
JSONDecodeError"). Here a message is written to a hidden file in the same folder and renamed
into place: ``rename`` is atomic on one file system, so a reader sees the whole message or
none. A message file that cannot be read all the same (written by another program, or a disk
that filled) is set aside as ``<name>.unreadable`` in the processed folder and logged, and
the worker goes on: the sweeps send again whatever it asked for. The exchange tables are
rewritten the same way.
"""

from __future__ import annotations

import logging
import os
import tempfile
import uuid
from collections.abc import Callable
from pathlib import Path
from queue import Empty
from time import monotonic_ns
from typing import Any, cast

from kombu.exceptions import ChannelError  # type: ignore[attr-defined]
from kombu.transport import filesystem  # type: ignore[attr-defined]
from kombu.utils import json as kombu_json
from kombu.utils.encoding import bytes_to_str, str_to_bytes

logger = logging.getLogger(__name__)

#: kombu's own JSON (with its types), as its transport reads and writes messages.
dumps = cast(Callable[[Any], str], kombu_json.dumps)
loads = cast(Callable[[str], Any], kombu_json.loads)

#: How a message file's name ends, for `queue`.
_SUFFIX = ".{queue}.msg"


def write_atomically(folder: str | Path, name: str, data: bytes) -> None:
    """`data` as `folder`/`name`, appearing whole or not at all: written to a hidden file of
    the folder (a name no reader takes), flushed, then renamed into place."""
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".", suffix=".part")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, os.path.join(folder, name))
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class Channel(filesystem.Channel):  # type: ignore[misc]
    """The filesystem channel, its messages and exchange tables written atomically."""

    def _put(self, queue: str, payload: Any, **kwargs: Any) -> None:
        # Named by the clock every process shares, in nanoseconds and of fixed width, so the
        # reader's sorted listing is the order they were sent in (kombu's milliseconds, not
        # padded, left a millisecond's messages in any order).
        name = f"{monotonic_ns():020d}_{uuid.uuid4()}" + _SUFFIX.format(queue=queue)
        try:
            write_atomically(self.data_folder_out, name, str_to_bytes(dumps(payload)))
        except OSError as error:
            raise ChannelError(f"Cannot add message {name!r} to the queue: {error}") from None

    def _get(self, queue: str) -> Any:
        """The oldest message of `queue`: taken by a rename into the processed folder (one
        reader wins it), read, and deleted unless the transport keeps processed messages."""
        suffix = _SUFFIX.format(queue=queue)
        inbox, taken_to = self.data_folder_in, self.processed_folder
        for name in sorted(os.listdir(inbox)):
            if not name.endswith(suffix) or name.startswith("."):
                continue
            taken = os.path.join(taken_to, name)
            try:
                os.rename(os.path.join(inbox, name), taken)
            except OSError:
                continue  # another reader took it first
            try:
                with open(taken, "rb") as message_file:
                    payload = message_file.read()
            except OSError as error:
                raise ChannelError(f"Cannot read message {name!r}: {error}") from None
            try:
                message = loads(bytes_to_str(payload))
            except ValueError:
                os.replace(taken, f"{taken}.unreadable")
                logger.error(
                    "the broker message %s could not be read (%d bytes); set aside as "
                    "%s.unreadable, the sweeps send again what it asked for",
                    name,
                    len(payload),
                    taken,
                )
                continue
            if not self.store_processed:
                os.remove(taken)
            return message
        raise Empty()

    def _queue_bind(self, exchange: str, routing_key: str, pattern: str, queue: str) -> None:
        """Add `queue` to `exchange`'s table: read and rewritten whole, under a lock file of
        the exchange's own, so two processes binding at once both keep their queue."""
        folder = self.control_folder
        folder.mkdir(parents=True, exist_ok=True)
        entry = filesystem.exchange_queue_t(routing_key or "", pattern or "", queue or "")
        with open(folder / f".{exchange}.lock", "wb") as lock_file:
            filesystem.lock(lock_file, filesystem.LOCK_EX)
            try:
                table = [filesystem.exchange_queue_t(*row) for row in self._table_rows(exchange)]
                if entry not in table:
                    table.insert(0, entry)
                    write_atomically(folder, f"{exchange}.exchange", str_to_bytes(dumps(table)))
            finally:
                filesystem.unlock(lock_file)

    def _table_rows(self, exchange: str) -> list[Any]:
        try:
            text = (self.control_folder / f"{exchange}.exchange").read_bytes()
        except FileNotFoundError:
            return []
        rows: list[Any] = loads(bytes_to_str(text))
        return rows

    def get_table(self, exchange: str) -> list[Any]:
        """The exchange's table, read without a lock: it is only ever replaced whole."""
        try:
            return [filesystem.exchange_queue_t(*row) for row in self._table_rows(exchange)]
        except OSError:
            raise ChannelError(f"Cannot read the table of exchange {exchange!r}") from None

    def waiting_payloads(self, queue: str, *, limit: int) -> list[dict[str, Any]]:
        """The messages of `queue` no worker has taken yet, oldest first (at most `limit`)."""
        suffix = _SUFFIX.format(queue=queue)
        payloads: list[dict[str, Any]] = []
        for name in sorted(os.listdir(self.data_folder_in)):
            if len(payloads) >= limit:
                break
            if not name.endswith(suffix) or name.startswith("."):
                continue
            try:
                payloads.append(loads(bytes_to_str(Path(self.data_folder_in, name).read_bytes())))
            except (OSError, ValueError):
                continue  # taken meanwhile, or unreadable (the reader sets it aside)
        return payloads


class Transport(filesystem.Transport):  # type: ignore[misc]
    Channel = Channel

    def drain_events(self, connection: Any, timeout: float | None = None) -> Any:
        """Wait for a message, only briefly while the worker's prefetch window is full.

        Celery's loop for a polled transport acknowledges finished tasks between its calls
        here, and each call waits up to two seconds for a message: with both places of a
        two-process worker taken, a finished task's place was freed only when the wait
        ended, and the embedded worker ran about one task a second however short its tasks
        (200 messages took 185 s to drain). While a consuming channel has no place free,
        a call polls once (the worker's control channel too) and returns after one polling
        interval, so the loop acknowledges and the next message is taken at once."""
        interval = self.polling_interval or 0.05
        if any(channel._consumers and not channel.qos.can_consume() for channel in self.channels):
            timeout = interval if timeout is None else min(timeout, interval)
        return super().drain_events(connection, timeout=timeout)
