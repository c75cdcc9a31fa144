from django.apps import AppConfig


class HonoursConfig(AppConfig):
    name = "league.honours"
    label = "honours"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Honours: awards, MVP votes, records"

    def ready(self) -> None:
        # The league's JSON document writes and reads the honours (docs/data.md).
        from league.exchange.app_tables import app_tables_register
        from league.honours.exchange import HONOURS_TABLES

        app_tables_register(*HONOURS_TABLES)
