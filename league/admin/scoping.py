"""Scoping: a commissioner sees and changes only the rows of the leagues he runs, and
the list filters offer only those."""

from __future__ import annotations

from typing import Any, ClassVar

from django.contrib import admin
from django.db import models
from django.db.models import QuerySet
from django.http import HttpRequest

from league.models import League


def commissioned_league_ids(request: HttpRequest) -> QuerySet[League, int]:
    """The ids of the leagues the signed-in user commissions, as a subquery (no query of its
    own)."""
    return League.objects.filter(commissioners=request.user.pk).values_list("pk", flat=True)


def commissions_any_league(request: HttpRequest) -> bool:
    """Whether the signed-in user commissions a league; one query, remembered per request."""
    cached: bool | None = getattr(request, "_commissions_any_league", None)
    if cached is None:
        cached = bool(request.user.is_authenticated) and commissioned_league_ids(request).exists()
        request._commissions_any_league = cached  # type: ignore[attr-defined]
    return cached


def scope_to_leagues(queryset: QuerySet[Any], request: HttpRequest, league_path: str) -> Any:
    """`queryset` reduced to rows of the user's leagues; a superuser's is left whole."""
    if request.user.is_superuser:
        return queryset
    return queryset.filter(**{f"{league_path}__in": commissioned_league_ids(request)})


def scope_for(model: type[models.Model], queryset: QuerySet[Any], request: HttpRequest) -> Any:
    """`queryset` of `model` as the user may see it, by the scope of the model's admin."""
    model_admin = admin.site.get_model_admin(model) if admin.site.is_registered(model) else None
    scope = getattr(model_admin, "scope", None)
    return scope(queryset, request) if scope is not None else queryset


class ScopedRelatedFieldListFilter(admin.RelatedFieldListFilter):
    """A related-object filter that offers only the objects the user may see, in one query."""

    select_related: ClassVar[tuple[str, ...]] = ()

    def field_choices(
        self, field: Any, request: HttpRequest, model_admin: admin.ModelAdmin[Any]
    ) -> Any:
        related = field.related_model
        queryset = related._default_manager.select_related(*self.select_related)
        ordering = self.field_admin_ordering(field, request, model_admin)
        if ordering:
            queryset = queryset.order_by(*ordering)
        return [(str(obj.pk), str(obj)) for obj in scope_for(related, queryset, request)]


class SeasonListFilter(ScopedRelatedFieldListFilter):
    """Seasons named with their league ("North · 2025"), in one query however many there are."""

    select_related = ("league",)

    def field_admin_ordering(
        self, field: Any, request: HttpRequest, model_admin: admin.ModelAdmin[Any]
    ) -> Any:
        return ("league__name", "-created_at")


class LeagueListFilter(ScopedRelatedFieldListFilter):
    """The user's leagues only."""


class ObjectFilter(admin.SimpleListFilter):
    """Rows of one object given in the address (``?fixture=12``), e.g. from a link "its
    rolls in the dice ledger". Only the chosen object is offered, so the sidebar shows what
    the list is filtered by (and how to clear it) without listing every fixture or player."""

    field_name: ClassVar[str]
    related: ClassVar[type[models.Model]]

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        value = self.value()
        if not value or not value.isdigit():
            return []
        queryset = scope_for(self.related, self.related._default_manager.all(), request)
        obj = queryset.filter(pk=value).first()
        return [(value, str(obj))] if obj is not None else []

    def has_output(self) -> bool:
        return bool(self.value())

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        if value and value.isdigit():
            return queryset.filter(**{f"{self.field_name}_id": int(value)})
        return queryset


def object_filter(field_name: str, related: type[models.Model], title: str) -> type[ObjectFilter]:
    """An ObjectFilter for ``?<field_name>=<id>``."""
    return type(
        f"{field_name.title()}ObjectFilter",
        (ObjectFilter,),
        {
            "field_name": field_name,
            "related": related,
            "title": title,
            "parameter_name": field_name,
        },
    )
