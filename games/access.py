"""Fetch a games object for the user of an HTML page or the API, and check what they may do
with it (as api/access.py does for the API's writes): not found unless its league is visible
to them, then refused unless they may act. The services check rights again under their
locks; these answer first, in the right order, and keep the views thin."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.http import Http404

from games.jobs import SimulationJobStatus, simulation_job_status
from games.models import SimulationJob
from games.selectors import simulation_jobs_visible

AnyUser = User | AnonymousUser


def access_job_status(*, user: AnyUser, job_id: int) -> SimulationJobStatus:
    """A simulation job's state and progress; a job of a league `user` may not see is not
    found, as one that does not exist."""
    if not simulation_jobs_visible(user=user).filter(pk=job_id).exists():
        raise Http404("No such job.")
    try:
        return simulation_job_status(job_id=job_id)
    except SimulationJob.DoesNotExist as missing:
        raise Http404("No such job.") from missing
