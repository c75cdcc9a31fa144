"""The proposal form of a fixture's page: up to three kick-off times, in the league's time
zone (the site's ``TIME_ZONE``), typed in the browser's datetime-local inputs."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django import forms

from league.arranging.models import MAX_TIMES
from league.models import Team

_INPUT = forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M")


class ProposalForm(forms.Form):
    """The side proposing (asked only of one who may act for both: a commissioner) and its
    times; the first is required, the others optional."""

    team = forms.TypedChoiceField(label="For", coerce=int)

    def __init__(self, *args: Any, sides: list[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["team"].choices = [(t.pk, t.name) for t in sides]  # type: ignore[attr-defined]  # a ChoiceField
        self.fields["team"].initial = sides[0].pk if sides else None
        self.asks_side = len(sides) > 1
        for number in range(1, MAX_TIMES + 1):
            self.fields[f"time_{number}"] = forms.DateTimeField(
                label=f"Time {number}",
                required=number == 1,
                widget=_INPUT,
                error_messages={
                    "required": "Give at least one time.",
                    "invalid": "Give a date and a time, e.g. 2026-12-09 18:00.",
                },
            )

    def time_fields(self) -> list[forms.BoundField]:
        return [self[f"time_{number}"] for number in range(1, MAX_TIMES + 1)]

    def times(self) -> list[datetime]:
        """The times given, in the order typed (after ``is_valid``)."""
        given = (self.cleaned_data.get(f"time_{n}") for n in range(1, MAX_TIMES + 1))
        return [t for t in given if t is not None]
