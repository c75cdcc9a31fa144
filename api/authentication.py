"""``Authorization: Token <key>`` against the hashed API tokens, with failed logins
throttled per client address."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import exceptions
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.request import Request

from api.throttles import AuthFailureLimit
from api.tokens import api_token_for_key
from league.audit import TOKEN_ATTRIBUTE
from league.models import ApiToken


class TokenAuthentication(BaseAuthentication):
    keyword = "Token"
    TOO_MANY = "Too many failed token logins from this address."

    def authenticate(self, request: Request) -> tuple[User, ApiToken] | None:
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword.lower().encode():
            return None
        limit = AuthFailureLimit(request)
        wait = limit.blocked()
        if wait is not None:
            raise exceptions.Throttled(wait=wait, detail=self.TOO_MANY)
        key = parts[1].decode(errors="replace") if len(parts) == 2 else ""
        token = api_token_for_key(key=key) if key.isascii() and 0 < len(key) <= 100 else None
        if token is None:
            wait = limit.record_failure()
            if wait is not None:
                raise exceptions.Throttled(wait=wait, detail=self.TOO_MANY)
            if len(parts) != 2:
                raise exceptions.AuthenticationFailed(
                    "Send the header as: Authorization: Token <key>."
                )
            raise exceptions.AuthenticationFailed("Unknown or revoked token.")
        user = token.user
        setattr(user, TOKEN_ATTRIBUTE, token)  # the audit entries name the token
        return user, token

    def authenticate_header(self, request: Request) -> str:
        return self.keyword


class TokenScheme(OpenApiAuthenticationExtension):
    """The token header in the OpenAPI schema."""

    target_class = TokenAuthentication
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "`Token <key>`; make a token on your account's API tokens page.",
        }
