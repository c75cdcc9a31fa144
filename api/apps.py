from django.apps import AppConfig


class ApiConfig(AppConfig):
    """The core REST API: over the league core, below the games, whose own API routes it mounts
    through their rulesets' ``api_urls`` (docs/architecture.md)."""

    name = "api"
    verbose_name = "REST API"
