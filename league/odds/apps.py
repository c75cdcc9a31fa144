from django.apps import AppConfig


class OddsConfig(AppConfig):
    name = "league.odds"
    label = "odds"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Power ranking and odds"

    def ready(self) -> None:
        # The league's JSON document writes and reads the ratings and odds (docs/data.md).
        from league.exchange.app_tables import app_tables_register
        from league.odds.exchange import ODDS_TABLES

        app_tables_register(*ODDS_TABLES)
