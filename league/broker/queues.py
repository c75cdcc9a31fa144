"""The queues by kind (docs/operations.md, "Queues"): each kind of work waits in a queue of
its own, so a long line of one kind never holds up another, and a deployment runs workers
per queue as it likes (``celery -A config worker -Q simulations``). A worker started without
``-Q`` consumes every queue, as ``./dev run``'s does; it takes from them in turn, so an odds
run's hundreds of chunks never sit in front of a simulation.

The settings route the tasks by name (``CELERY_TASK_ROUTES``); everything not named here (the
sweeps, the draft's deadlines, the ratings refresh: short bookkeeping) goes to ``default``.
"""

from __future__ import annotations

DEFAULT = "default"
SIMULATIONS = "simulations"
ODDS = "odds"
WEBHOOKS = "webhooks"
EXPORTS = "exports"

#: Every queue, the one a worker without -Q consumes from them all.
QUEUES = (DEFAULT, SIMULATIONS, ODDS, WEBHOOKS, EXPORTS)

#: Task name → its queue; any other task goes to DEFAULT.
ROUTES: dict[str, str] = {
    "games.tasks.simulate_fixture": SIMULATIONS,
    "league.odds.tasks.odds_start": ODDS,
    "league.odds.tasks.odds_chunk": ODDS,
    "league.odds.tasks.odds_simulate": ODDS,
    "league.webhooks.tasks.send_delivery": WEBHOOKS,
    "league.exchange_jobs.tasks.run_exchange_job": EXPORTS,
}


def queue_of(task: str) -> str:
    """The queue `task`'s messages go to."""
    return ROUTES.get(task, DEFAULT)
