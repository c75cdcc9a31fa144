"""What every API view shares: token (or session) authentication, anonymous read-only
access, throttles, pagination, filtering and the one exception handler."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from django.db.models import Model
from django.urls import reverse
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework import generics, permissions
from rest_framework.authentication import BaseAuthentication, SessionAuthentication
from rest_framework.pagination import PageNumberPagination
from rest_framework.parsers import BaseParser
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from api.authentication import TokenAuthentication
from api.errors import api_exception_handler
from api.filters import StrictOrderingFilter
from api.parsers import JSONParser
from api.throttles import AnonReadThrottle

if TYPE_CHECKING:
    from rest_framework.permissions import _PermissionClass

# The model a list or detail view shows.
_M = TypeVar("_M", bound=Model)


def absolute_url(request: Request, route: str, *args: object) -> str:
    """The full URL of an API route (scheme and host from the request), as pagination's
    ``next`` and ``previous`` are: a script follows it as given."""
    return request.build_absolute_uri(reverse(route, args=args))


class ReadOnlyUnlessAuthenticated(permissions.BasePermission):
    """Anyone may read (what they can see is up to the view's query); only a signed-in user
    may post. Who may post what is the access helpers' and services' call."""

    def has_permission(self, request: Request, view: Any) -> bool:
        return request.method in permissions.SAFE_METHODS or bool(
            request.user and request.user.is_authenticated
        )


class Pagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


class ApiMixin:
    authentication_classes: Sequence[type[BaseAuthentication]] = [
        TokenAuthentication,
        SessionAuthentication,
    ]
    permission_classes: Sequence[_PermissionClass] = [ReadOnlyUnlessAuthenticated]
    throttle_classes: Sequence[type[BaseThrottle]] = [AnonReadThrottle]
    parser_classes: Sequence[type[BaseParser]] = [JSONParser]  # JSON bodies only

    def get_exception_handler(self) -> Callable[..., Any]:
        return api_exception_handler


class ApiView(ApiMixin, APIView):
    """A single operation: parse, call one access helper and service or selector, render."""


class ApiListView(ApiMixin, generics.ListAPIView[_M]):
    """A list that can grow: paginated, filtered (django-filter) and ordered (``ordering``)."""

    pagination_class = Pagination
    filter_backends = [DjangoFilterBackend, StrictOrderingFilter]


class ApiRetrieveView(ApiMixin, generics.RetrieveAPIView[_M]):
    """One object, looked up in the view's visible queryset (404 otherwise)."""
