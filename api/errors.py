"""One error shape for every refusal, and the one place that maps errors to HTTP:

    {"error": {"code": "invalid", "message": "…", "fields": {"lines[2].points": ["…"]}}}

``code`` is machine-readable, ``message`` is for people, ``fields`` names each offending
input (dotted paths, list indexes in brackets; ``body`` for the request body as a whole).
A refusal that names broken game rules (a game whose refusals cite its rules) lists each
too, with its rule id: ``"problems": [{"code", "rule", "field", "message"}]``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import set_rollback

from league.errors import DomainError, PermissionRefused
from league.outage import RETRY_AFTER_SECONDS, is_outage, outage_body

#: Domain refusals that say the request came too late or twice: the state has moved on.
#: Every other domain refusal with named fields is bad input (400); the rest conflict with
#: the league's current state (409 as well).
CONFLICT = status.HTTP_409_CONFLICT


class IdempotencyKeyReused(exceptions.APIException):
    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_code = "idempotency_key_reused"
    default_detail = "This Idempotency-Key was used with another request; use a new key."


def domain_status(error: DomainError) -> int:
    if isinstance(error, PermissionRefused):
        return status.HTTP_403_FORBIDDEN
    if error.fields:
        return status.HTTP_400_BAD_REQUEST
    return CONFLICT


def error_body(
    code: str,
    message: str,
    fields: Mapping[str, list[str]] | None = None,
    problems: Sequence[Mapping[str, str]] = (),
) -> dict[str, dict[str, Any]]:
    body: dict[str, Any] = {"code": code, "message": message, "fields": dict(fields or {})}
    if problems:
        body["problems"] = list(problems)
    return {"error": body}


def domain_fields(error: DomainError) -> dict[str, list[str]]:
    """A refusal's fields as the API names them: ``body`` for the request as a whole (a
    service's ``__all__``)."""
    fields: dict[str, list[str]] = {}
    for name, message in error.fields.items():
        fields.setdefault("body" if name in ("", "__all__") else name, []).append(message)
    return fields


def domain_problems(error: DomainError) -> list[dict[str, str]]:
    """The broken rules a refusal carries (``problems``: code, rule, field, message), if any."""
    return [
        {
            "code": str(problem.code),
            "rule": str(problem.rule),
            "field": str(problem.field) or "body",
            "message": str(problem.message),
        }
        for problem in getattr(error, "problems", ())
    ]


def api_exception_handler(exc: Exception, context: Mapping[str, Any]) -> Response | None:
    """DRF's exception handler for every API view; anything else is a server error."""
    if is_outage(exc):
        return Response(
            outage_body(),
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
            headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
        )
    if isinstance(exc, DomainError):
        set_rollback()
        body = error_body(exc.code, exc.message, domain_fields(exc), domain_problems(exc))
        return Response(body, status=domain_status(exc))
    if isinstance(exc, Http404 | ObjectDoesNotExist):
        exc = exceptions.NotFound()
    if not isinstance(exc, exceptions.APIException):
        return None
    set_rollback()
    headers: dict[str, str] = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header  # type: ignore[attr-defined]
    if getattr(exc, "wait", None):
        headers["Retry-After"] = str(int(exc.wait))  # type: ignore[attr-defined]
    if isinstance(exc, exceptions.ValidationError):
        fields = flatten_fields(exc.detail)
        count = len(fields)
        message = f"The request has {count} problem{'s' if count != 1 else ''}; see fields."
        return Response(error_body("invalid", message, fields), status=exc.status_code)
    if isinstance(exc, exceptions.ParseError):
        message = str(exc.detail)
        return Response(
            error_body("malformed_body", message, {"body": [message]}),
            status=exc.status_code,
            headers=headers,
        )
    codes = exc.get_codes()
    code = codes if isinstance(codes, str) else exc.default_code
    if isinstance(exc, exceptions.PermissionDenied):
        code = "forbidden"  # DRF's own refusals (a session's missing CSRF token) too
    return Response(error_body(str(code), str(exc.detail)), status=exc.status_code, headers=headers)


def flatten_fields(detail: Any, path: str = "") -> dict[str, list[str]]:
    """DRF's nested error detail as ``{"lines[2].stats.scoring.attempts": [messages]}``."""
    fields: dict[str, list[str]] = {}
    if isinstance(detail, dict):
        for name, value in detail.items():
            if name == "non_field_errors":
                child = path or "body"
            elif isinstance(name, int):  # a ListField's errors are keyed by index
                child = f"{path}[{name}]"
            else:
                child = f"{path}.{name}" if path else str(name)
            for key, messages in flatten_fields(value, child).items():
                fields.setdefault(key, []).extend(messages)
    elif isinstance(detail, list) and detail and all(isinstance(d, str) for d in detail):
        fields[path or "body"] = [str(d) for d in detail]
    elif isinstance(detail, list):
        for index, value in enumerate(detail):
            if value:
                fields.update(flatten_fields(value, f"{path}[{index}]"))
    else:
        fields[path or "body"] = [str(detail)]
    return fields


@contextmanager
def renamed_fields(renames: Mapping[str, str]) -> Iterator[None]:
    """Name a service's refused fields as the API spells them, e.g. ``lines[0].player_id``
    as ``lines[0].player``."""
    try:
        yield
    except DomainError as error:
        fields = {}
        for name, message in error.fields.items():
            for old, new in renames.items():
                name = name.replace(old, new)
            fields[name] = message
        error.fields = fields
        raise
