"""The REST API for scripts, mounted at /api/v1/ (docs/api.md).

A thin layer over the season services: one view per operation, serializers that only shape
data, one exception handler mapping domain errors to HTTP, tokens, throttles and
idempotent posts.
"""
