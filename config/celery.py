"""The Celery application. Workers start with ``celery -A config worker``."""

from __future__ import annotations

import os
from pathlib import Path

from celery import Celery
from celery.signals import worker_process_init, worker_ready

from config.startup_heap import freeze_startup_heap

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("league")
# The apps send through Celery's `current_app` and never import this module (as Celery advises
# for reusable apps). The current app is per thread, so ours is every thread's default too (a
# gthread worker's requests): Celery's Django fix-up does so only if no app was made before.
app.set_default()
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


def ensure_broker_folders() -> None:
    """The filesystem broker needs its folders before a message is sent or read."""
    options = app.conf.broker_transport_options or {}
    for key in ("data_folder_in", "data_folder_out", "processed_folder", "control_folder"):
        folder = options.get(key)
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)


@worker_process_init.connect  # each pool process, once it has loaded the project
@worker_ready.connect  # the worker's own process (where a solo pool runs the tasks)
def _freeze_startup_heap(**_: object) -> None:
    freeze_startup_heap()


if str(app.conf.broker_url).startswith("filesystem"):
    ensure_broker_folders()
