from django.apps import AppConfig
from django.db.models.signals import post_migrate


class LeagueConfig(AppConfig):
    name = "league"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Leagues and seasons"

    def ready(self) -> None:
        from league import checks  # noqa: F401  (registers the deployment checks)
        from league.roles import ensure_commissioners_group

        # After the last app's permissions are created (games migrates after league).
        post_migrate.connect(ensure_commissioners_group, dispatch_uid="commissioners_group")
