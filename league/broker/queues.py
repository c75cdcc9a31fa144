"""The queues by kind (docs/operations.md, "Queues"): each kind of work waits in a queue of
its own, so a long line of one kind never holds up another, and a deployment runs workers
per queue as it likes (``celery -A config worker -Q simulations``). A worker started without
``-Q`` consumes every queue, as ``./dev run``'s does; it takes from them in turn, so an odds
run's hundreds of chunks never sit in front of a simulation.

The settings route the tasks by name (``CELERY_TASK_ROUTES``): the core's below, and each
installed game's that needs a queue of its own beside the installed apps (config/settings.py,
``GAME_TASK_ROUTES``); everything else (the sweeps, the draft's deadlines, the ratings
refresh: short bookkeeping) goes to ``default``.
"""

from __future__ import annotations

from django.conf import settings

DEFAULT = "default"
SIMULATIONS = "simulations"
ODDS = "odds"
WEBHOOKS = "webhooks"
EXPORTS = "exports"

#: Every queue, the one a worker without -Q consumes from them all.
QUEUES = (DEFAULT, SIMULATIONS, ODDS, WEBHOOKS, EXPORTS)

#: The core's task names → their queue; any other task goes to DEFAULT.
ROUTES: dict[str, str] = {
    "league.odds.tasks.odds_start": ODDS,
    "league.odds.tasks.odds_chunk": ODDS,
    "league.odds.tasks.odds_simulate": ODDS,
    "league.webhooks.tasks.send_delivery": WEBHOOKS,
    "league.exchange_jobs.tasks.run_exchange_job": EXPORTS,
}


def queue_of(task: str) -> str:
    """The queue `task`'s messages go to, as the settings route it."""
    route: dict[str, str] = settings.CELERY_TASK_ROUTES.get(task, {})
    return route.get("queue", DEFAULT)
