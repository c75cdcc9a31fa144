"""The ``export.ready`` webhook event (docs/data.md, "Webhooks"): published in the
transaction that marks an export done, so a rolled-back finish announces nothing."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from league.exchange_jobs.formats import export_format_get
from league.exchange_jobs.models import ExchangeJob
from league.webhooks.services.events import absolute_url, event_publish, season_data


def export_ready_data(job: ExchangeJob) -> dict[str, Any]:
    """The job as the event carries it: its format, season (none for a league-wide export),
    expiry, and absolute URLs to poll it and to download the file."""
    slug = job.league.slug
    return {
        "export": {
            "id": job.pk,
            "format": job.format,
            "label": export_format_get(job.format).label,
            "season": season_data(job.season) if job.season is not None else None,
            "filename": job.filename,
            "finished_at": job.finished_at.isoformat() if job.finished_at else None,
            "expires_at": job.expires_at.isoformat() if job.expires_at else None,
            "api_url": absolute_url(reverse("api:league-export-detail", args=[slug, job.pk])),
            "download_url": absolute_url(
                reverse("api:league-export-download", args=[slug, job.pk])
            ),
        }
    }


def export_ready_publish(*, job: ExchangeJob) -> list[int]:
    """``export.ready`` to the league's commissioners' subscriptions (a coach's team
    subscription never receives it: event_types marks it commissioners only)."""
    return event_publish(
        league_id=job.league_id, event="export.ready", data=lambda: export_ready_data(job)
    )
