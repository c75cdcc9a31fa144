from django.apps import AppConfig


class InjuriesConfig(AppConfig):
    name = "injuries"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Injuries"
