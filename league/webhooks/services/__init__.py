"""The writes of webhooks: subscriptions and their owners' actions (subscriptions.py), an
event published as deliveries in the transaction that caused it (events.py), and sending
them (sending.py); their reads: league/webhooks/selectors.py."""
