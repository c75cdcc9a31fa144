"""Magic Number Eleven's pages (its ruleset names this module): the draft's, and match day's
and the reports'."""

from django.urls import URLPattern, URLResolver, include, path

urlpatterns: list[URLPattern | URLResolver] = [
    path("", include("mn11.draft_urls")),
    path("", include("mn11.match_urls")),
]
