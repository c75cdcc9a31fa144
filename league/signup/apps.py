from django.apps import AppConfig


class SignupConfig(AppConfig):
    name = "league.signup"
    label = "signup"
    verbose_name = "Sign-ups"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The league's JSON document keeps its sign-up settings (docs/data.md).
        from league.exchange.app_tables import app_tables_register
        from league.signup.exchange import SIGNUP_TABLES

        app_tables_register(*SIGNUP_TABLES)
