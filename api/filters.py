"""Filter fields for ids and counts: whole numbers within the database's range, so a huge
or fractional value is a 400 naming the filter, never a database error; and ``?ordering=``
on the fields the schema lists, and no others."""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms
from django.db.models import QuerySet
from rest_framework.exceptions import ValidationError
from rest_framework.filters import OrderingFilter
from rest_framework.request import Request

MAX_ID = 2**63 - 1


class WholeNumberFilter(django_filters.NumberFilter):
    field_class = forms.IntegerField

    def __init__(self, *args: Any, max_value: int = MAX_ID, **kwargs: Any) -> None:
        super().__init__(*args, min_value=0, max_value=max_value, **kwargs)


class StrictOrderingFilter(OrderingFilter):
    """``?ordering=`` on the view's ``ordering_fields`` only: the schema lists them (each, or
    its reverse with a leading ``-``), and a field not among them is a 400 naming
    ``ordering`` rather than silently ignored."""

    ordering_description = (
        "Sort the list by these fields, comma-separated; a leading `-` reverses one "
        "(`-created_at,name`). Any other field is refused (400 `invalid`, `fields.ordering`)."
    )

    @staticmethod
    def allowed(view: Any) -> list[str]:
        return list(getattr(view, "ordering_fields", None) or [])

    def get_ordering(self, request: Request, queryset: QuerySet[Any], view: Any) -> Any:
        param = request.query_params.get(self.ordering_param)
        if param is None:
            return self.get_default_ordering(view)
        terms = [term.strip() for term in param.split(",") if term.strip()]
        allowed = self.allowed(view)
        unknown = [term for term in terms if term.removeprefix("-") not in allowed]
        if unknown:
            choices = ", ".join(allowed) if allowed else "none: this list has one order"
            raise ValidationError(
                {
                    self.ordering_param: [
                        f"Unknown ordering field {', '.join(unknown)}; the fields are {choices}."
                    ]
                }
            )
        return terms or self.get_default_ordering(view)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        allowed = self.allowed(view)
        if not allowed:
            return []
        return [
            {
                "name": self.ordering_param,
                "required": False,
                "in": "query",
                "description": self.ordering_description,
                "style": "form",
                "explode": False,
                "schema": {
                    "type": "array",
                    "items": {
                        "type": "string",
                        "enum": [v for name in allowed for v in (name, f"-{name}")],
                    },
                },
            }
        ]
