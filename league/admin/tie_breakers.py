"""A game's standings tie-breakers as one text field of its season-settings form: the order
as comma-separated keys (``points, head_to_head, name``), each key one of the game's."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from django import forms


class TieBreakersField(forms.CharField):
    """Keys of `choices` (the game's tie-breaker enum), comma-separated; the game's rules
    check the order itself (e.g. that it ends with the name)."""

    def __init__(self, *, choices: type[StrEnum], **kwargs: Any) -> None:
        super().__init__(**kwargs)
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
