from django.contrib import admin
from django.urls import include, path

from league import views
from league.api import web as api_web

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("admin/", admin.site.urls),
    path("api/v1/", include("league.api.urls")),
    path("account/tokens/", api_web.tokens, name="api-tokens"),
]
