"""Magic Number Eleven's API routes (its ruleset names this module; mounted at /api/v1/ inside
the "api" namespace)."""

from __future__ import annotations

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
