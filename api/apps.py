from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The REST API: the top layer, over the core and every ruleset (docs/architecture.md)."""

    name = "api"
    verbose_name = "REST API"
