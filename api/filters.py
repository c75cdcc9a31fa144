"""Filter fields for ids and counts: whole numbers within the database's range, so a huge
or fractional value is a 400 naming the filter, never a database error."""

from __future__ import annotations

from typing import Any

import django_filters
from django import forms

MAX_ID = 2**63 - 1


class WholeNumberFilter(django_filters.NumberFilter):
    field_class = forms.IntegerField

    def __init__(self, *args: Any, max_value: int = MAX_ID, **kwargs: Any) -> None:
        super().__init__(*args, min_value=0, max_value=max_value, **kwargs)
