"""The queues by kind (league/broker/queues.py, docs/operations.md "Queues"): each kind of
work in its own queue, a worker without -Q consuming them all and taking from them in turn,
so a simulation is never stuck behind an odds run's chunks (issue #44: 817 chunks queued
in front of everything)."""

from __future__ import annotations

import threading

import pytest
from celery import current_app

from config.celery import app
from league.broker.queues import QUEUES, queue_of

SIMULATE = "games.tasks.simulate_fixture"
CHUNK = "league.odds.tasks.odds_chunk"

KINDS = {
    SIMULATE: "simulations",
    "league.odds.tasks.odds_start": "odds",
    CHUNK: "odds",
    "league.odds.tasks.odds_simulate": "odds",
    "league.webhooks.tasks.send_delivery": "webhooks",
    "league.exchange_jobs.tasks.run_exchange_job": "exports",
    "games.tasks.sweep_simulation_jobs": "default",
    "league.odds.tasks.odds_sweep_task": "default",
    "league.odds.tasks.ratings_refresh_task": "default",
    "league.webhooks.tasks.sweep_deliveries": "default",
    "league.exchange_jobs.tasks.sweep_exchange_jobs": "default",
    "mn11.tasks.draft_deadlines": "default",
}


@pytest.mark.parametrize(("task", "queue"), KINDS.items(), ids=list(KINDS))
def test_each_kind_of_work_is_routed_to_its_queue(task, queue):
    assert app.amqp.router.route({}, task)["queue"].name == queue
    assert queue_of(task) == queue


def test_every_task_is_named_above_and_a_worker_without_q_consumes_every_queue():
    app.loader.import_default_modules()
    ours = {name for name in app.tasks if not name.startswith("celery.")}
    assert ours == set(KINDS)
    assert set(app.amqp.queues) == set(QUEUES) == set(KINDS.values())


def test_the_apps_send_through_the_project_app_from_any_thread():
    """The apps reach the app as Celery's current app, which is per thread: a request served
    in a gthread worker's thread must not send through Celery's unconfigured fallback."""
    seen = []
    thread = threading.Thread(target=lambda: seen.append(current_app._get_current_object()))
    thread.start()
    thread.join()
    assert seen == [app]
    assert current_app._get_current_object() is app


def test_sent_messages_land_in_their_queues(private_broker):
    for task in KINDS:
        app.send_task(task, args=[1])
    for queue in QUEUES:
        assert private_broker.waiting(queue) == list(KINDS.values()).count(queue), queue


def test_a_simulation_is_taken_before_the_odds_chunks_queued_ahead_of_it(private_broker):
    for chunk in range(60):
        app.send_task(CHUNK, args=[chunk])
    app.send_task(SIMULATE, args=[1])
    taken: list[str] = []

    def take(body: object, message) -> None:
        taken.append(message.headers["task"])
        message.ack()

    # A worker without -Q: every queue, one message at a time (prefetch 1).
    with (
        app.connection_for_read() as connection,
        connection.Consumer(
            list(app.amqp.queues.values()), callbacks=[take], accept=["json"], prefetch_count=1
        ),
    ):
        while SIMULATE not in taken and len(taken) < 61:
            connection.drain_events(timeout=5)
    assert taken.index(SIMULATE) < 3, f"taken after {taken.index(SIMULATE)} odds chunks"
