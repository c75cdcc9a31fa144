"""Server errors, and the outages among them: when the database (or Redis) cannot be
reached, the answer is a 503 with ``Retry-After`` that says to try again in a minute, in
the API's JSON error shape for ``/api/`` and as a plain page for people. Nothing here may
touch the database: it is what is down."""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)

#: Errors that say a backing service is away, not that the request or the code is wrong.
OUTAGE_ERRORS: tuple[type[BaseException], ...] = (
    OperationalError,
    InterfaceError,
    RedisConnectionError,
    RedisTimeoutError,
)
RETRY_AFTER_SECONDS = 30


def is_outage(error: BaseException | None) -> bool:
    if isinstance(error, OUTAGE_ERRORS):
        return True
    # psycopg reports a server gone mid-statement as a DatabaseError with a cause.
    return isinstance(error, DatabaseError) and isinstance(error.__cause__, OSError)


def outage_body() -> dict[str, object]:
    return {
        "error": {
            "code": "service_unavailable",
            "message": "The league's database is unavailable for a moment; try again in a "
            "minute (see Retry-After).",
            "fields": {},
        }
    }


class OutageMiddleware:
    """Answers a view that hit an outage with the 503 page, in development too (where
    Django would show its debug page instead of ``handler500``)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_outage(exception):
            return None
        logger.error("outage while serving %s: %s", request.path, exception)
        return outage_response(request)


def outage_response(request: HttpRequest) -> HttpResponse:
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(outage_body(), status=503)
    else:
        response = _error_page("503.html", status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def server_error(request: HttpRequest) -> HttpResponse:
    """``handler500``: Django calls it inside the ``except`` that caught the error."""
    if is_outage(sys.exc_info()[1]):
        return outage_response(request)
    if request.path.startswith("/api/"):
        return JsonResponse(_server_error_body(), status=500)
    return _error_page("500.html", status=500)


def _error_page(template: str, *, status: int) -> HttpResponse:
    """Rendered without the request's context processors (what failed may be among them)."""
    html = loader.get_template(template).render({"product_name": settings.PRODUCT_NAME})
    return HttpResponse(html, status=status)


def _server_error_body() -> dict[str, object]:
    return {
        "error": {
            "code": "server_error",
            "message": "Something went wrong on the server; it has been logged.",
            "fields": {},
        }
    }
