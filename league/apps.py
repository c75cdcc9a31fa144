from django.apps import AppConfig
from django.db.models.signals import post_migrate


class LeagueConfig(AppConfig):
    name = "league"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Leagues and seasons"

    def ready(self) -> None:
        from league import checks  # noqa: F401  (registers the deployment checks)
        from league.exchange.app_tables import app_tables_register
        from league.exchange.odds_tables import ODDS_TABLES
        from league.roles import ensure_commissioners_group

        # The league's JSON document writes and reads the ratings and odds (docs/data.md).
        # Registered here, not from league.odds, which the core's result path imports: the
        # odds must not import the document, which imports that path (no import cycles).
        app_tables_register(*ODDS_TABLES)

        # After the last app's permissions are created (games migrates after league).
        post_migrate.connect(ensure_commissioners_group, dispatch_uid="commissioners_group")
