"""Magic Number Eleven's pages (its ruleset names this module)."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
