"""Magic Number Eleven's pages (its ruleset names this module)."""

from django.urls import URLPattern, URLResolver, include, path

urlpatterns: list[URLPattern | URLResolver] = [
    path("", include("mn11.draft_urls")),
]
