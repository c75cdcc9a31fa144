from django.contrib import admin
from django.urls import include, path

from league import account_views, views
from league.rulesets import rulesets

urlpatterns = [
    path("", views.home, name="home"),
    # Before Django's own: setting a password goes through the audited service.
    path(
        "accounts/reset/<uidb64>/<token>/",
        account_views.PasswordSetView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password_change/",
        account_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
    path("api/v1/", include("api.urls")),
    path("", include("api.web_urls")),
    path("leagues/<slug:slug>/", views.league_page, name="league"),
    # Each installed game's pages, named by its ruleset (imports point one way: the core
    # includes them by name and never imports a game).
    *(path("", include(module)) for ruleset in rulesets() for module in ruleset.urls),
]

# Outages (the database or Redis away) answer 503 with Retry-After, in JSON under /api/.
handler500 = "league.outage.server_error"
