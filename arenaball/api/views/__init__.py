"""Arenaball's API views, one module a subject; routed by arenaball/api/urls.py."""
