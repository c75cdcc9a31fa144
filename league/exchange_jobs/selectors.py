"""Reads of export and import jobs."""

from __future__ import annotations

from django.db.models import QuerySet

from league.exchange_jobs.models import ExchangeJob
from league.models import League


def exchange_job_for_league(*, league: League, job_id: int) -> ExchangeJob:
    """The league's job `job_id`; ExchangeJob.DoesNotExist otherwise."""
    return ExchangeJob.objects.select_related("league", "season").get(pk=job_id, league=league)


def exchange_jobs_for_league(*, league: League) -> QuerySet[ExchangeJob]:
    return ExchangeJob.objects.filter(league=league).select_related("season", "requested_by")
