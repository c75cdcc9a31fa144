from league.errors import DomainError


class WebhookError(DomainError):
    """Refused by the webhooks (a bad URL or event, a switched-off subscription, …)."""
