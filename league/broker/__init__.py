"""The Celery broker's parts of our own (docs/operations.md, "The broker"): the embedded
filesystem transport made atomic, the Redis transport's acknowledgements made safe to fail,
the queues by kind with their routes, and a look at what waits in a queue (for the sweeps,
which never send a message that is still waiting)."""
