"""``manage.py exchange_jobs_sweep``: what the Celery beat sweep does, once (resend lost
export jobs, delete expired files), for an installation without beat."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from league.exchange_jobs.services import exchange_jobs_sweep


class Command(BaseCommand):
    help = "Send lost export jobs again and delete the files of expired ones."

    def handle(self, *args: Any, **options: Any) -> None:
        report = exchange_jobs_sweep()
        self.stdout.write(f"{report.resent} jobs sent again, {report.expired} files deleted.")
