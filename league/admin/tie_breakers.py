"""A game's standings tie-breakers as one text field of its season-settings form: the order
as comma-separated keys (``points, head_to_head, name``), each key one of the game's."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from django import forms

from rules.settings import tie_breaker_error


class TieBreakersField(forms.CharField):
    """Keys of `choices` (the game's tie-breaker enum), comma-separated; with `last` (the
    enum's team name), the order is checked as the rules check it (each once, ending with
    `last`: rules.settings.tie_breaker_error)."""

    def __init__(
        self, *, choices: type[StrEnum], last: StrEnum | None = None, **kwargs: Any
    ) -> None:
        super().__init__(**kwargs)
        self.enum, self.last = choices, last
        self.known = {breaker.value for breaker in choices}

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list | tuple):
            return ", ".join(str(item) for item in value)
        return value

    def to_python(self, value: Any) -> list[str]:  # type: ignore[override]
        if isinstance(value, list | tuple):
            return [str(item) for item in value]
        text = super().to_python(value) or ""
        return [part.strip() for part in text.split(",") if part.strip()]

    def validate(self, value: Any) -> None:
        super().validate(value)
        unknown = [key for key in value if key not in self.known]
        if unknown:
            raise forms.ValidationError(
                "Unknown tie-breaker: %(keys)s. Choose from: %(choices)s.",
                params={"keys": ", ".join(unknown), "choices": ", ".join(sorted(self.known))},
            )
        if self.last is not None:
            error = tie_breaker_error(tuple(self.enum(key) for key in value), self.enum, self.last)
            if error:
                raise forms.ValidationError(error)
