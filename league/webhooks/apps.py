from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "league.webhooks"
    label = "webhooks"
    default_auto_field = "django.db.models.BigAutoField"
    verbose_name = "Webhooks"
