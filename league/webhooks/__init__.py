"""Signed webhooks (docs/data.md, "Webhooks"): a commissioner, or a coach for his own team,
subscribes a URL to the league's events; each event becomes one delivery per matching
subscription, stored in the transaction that caused it and sent by a Celery worker once it
commits, signed with the subscription's secret, in order, retried with back-off for a day.

Part of the core (it knows no game): the core's result services (league/services/results.py)
call ``services.events.result_event_publish`` for every game, its rounds and season end call
``services.events.event_publish``.
"""
