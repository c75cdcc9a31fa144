"""The Webhooks pages, included by the project's urls."""

from django.urls import path

from league.webhooks import views

urlpatterns = [
    path("account/webhooks/", views.webhooks, name="webhooks"),
    path("account/webhooks/<int:pk>/", views.webhook, name="webhook"),
    path("account/webhooks/<int:pk>/test/", views.webhook_test, name="webhook-test"),
    path("account/webhooks/<int:pk>/switch-on/", views.webhook_switch_on, name="webhook-switch-on"),
    path("account/webhooks/<int:pk>/delete/", views.webhook_delete, name="webhook-delete"),
    path(
        "account/webhooks/<int:pk>/deliveries/<int:delivery_id>/redeliver/",
        views.delivery_redeliver_view,
        name="webhook-redeliver",
    ),
]
