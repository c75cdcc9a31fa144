"""A long-running process's start-up heap, kept out of the garbage collector's way.

Once a web or Celery worker process has loaded the project (Django, the apps, their modules:
several hundred thousand objects that live as long as the process), ``freeze_startup_heap``
moves them to the collector's permanent generation. Every full collection walked them all
again: a simulated result's recording spent ~0.8 ms a result collecting, ~0.5 ms of it in
full collections, and 0.3 ms with the heap frozen (docs/performance.md, "Start-up heap
frozen"). What a request or a job allocates is collected as before.

gunicorn calls it when a worker has loaded the application (gunicorn.conf.py), Celery when a
worker process is ready (config/celery.py)."""

from __future__ import annotations

import gc


def freeze_startup_heap() -> None:
    """Collect what is garbage already, then freeze everything left (Python's gc.freeze,
    meant for this: objects that live as long as the process)."""
    gc.collect()
    gc.freeze()
