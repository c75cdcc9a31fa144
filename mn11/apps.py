from django.apps import AppConfig


class Mn11Config(AppConfig):
    name = "mn11"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Magic Number Eleven"

    def ready(self) -> None:
        from league.rulesets import ruleset_register
        from mn11.ruleset import MN11

        ruleset_register(MN11)
