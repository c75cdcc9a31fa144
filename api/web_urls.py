"""The API's one HTML page: a user's tokens (the project's urls include it by name)."""

from django.urls import path

from api import web

urlpatterns = [
    path("account/tokens/", web.tokens, name="api-tokens"),
]
