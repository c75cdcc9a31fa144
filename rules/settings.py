"""What every game's rule settings share: a frozen dataclass whose fields cite their rule ids
(`rule`), checked by the same validators and read from and written to JSON the same way
(`GameSettings`). Pure: rules/magnoball, rules/arenaball and rules/mn11 build on it."""

from __future__ import annotations

import typing
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import Field, fields
from enum import StrEnum
from typing import Any, ClassVar, Self

__all__ = ["GameSettings", "enum_error", "range_errors", "rule", "tie_breaker_error"]


def rule(rule_id: str, help_text: str) -> dict[str, str]:
    """A settings field's metadata: the rule it sets and what it means, for forms and docs."""
    return {"rule": rule_id, "help": help_text}


class GameSettings(ABC):
    """Base of a game's frozen settings dataclass: validity, JSON in and out, field help."""

    __slots__ = ()

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @abstractmethod
    def errors(self) -> dict[str, str]:
        """Field name → a clear message for each invalid value; empty when all are valid."""

    def is_valid(self) -> bool:
        return not self.errors()

    def as_dict(self) -> dict[str, object]:
        """JSON-able: enums as their values, tuples (tie-breakers) as lists of values."""
        data: dict[str, object] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, tuple):
                data[f.name] = [str(v) for v in value]
            elif isinstance(value, StrEnum):
                data[f.name] = value.value
            else:
                data[f.name] = value
        return data

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any], *, ignore_unknown: bool = False) -> Self:
        """Build from a dict (e.g. :meth:`as_dict` output or a model's fields).

        Missing keys take their defaults. Unknown keys raise ``ValueError`` unless
        `ignore_unknown`. Enum fields and tuples of enums (a comma-separated string too) are
        coerced by the field's type; call :meth:`errors` to validate.
        """
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(mapping) - known)
        if unknown and not ignore_unknown:
            raise ValueError(f"unknown rule settings: {', '.join(unknown)}")
        hints = typing.get_type_hints(cls)
        kwargs = {name: _coerce(hints[name], v) for name, v in mapping.items() if name in known}
        return cls(**kwargs)

    @classmethod
    def field_help(cls) -> dict[str, dict[str, str]]:
        """Field name → {"rule": id, "help": meaning}: for forms and docs."""
        return {f.name: dict(f.metadata) for f in fields(cls)}


def _coerce(hint: Any, value: Any) -> Any:
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return hint(value)
    if typing.get_origin(hint) is tuple:
        member = typing.get_args(hint)[0]
        if isinstance(member, type) and issubclass(member, StrEnum):
            if isinstance(value, str):
                value = [part.strip() for part in value.split(",") if part.strip()]
            return tuple(member(v) for v in value)
    return value


def range_errors(
    settings: object,
    *,
    booleans: tuple[str, ...],
    bounds: Mapping[str, tuple[int, int]],
    grouped: bool = False,
) -> dict[str, str]:
    """The messages for fields that are not true/false or not a whole number within bounds
    (`grouped`: write the bounds with thousands separators, as for money)."""
    errors: dict[str, str] = {}
    for name in booleans:
        if not isinstance(getattr(settings, name), bool):
            errors[name] = "Must be true or false."
    for name, (low, high) in bounds.items():
        value = getattr(settings, name)
        if not isinstance(value, int) or isinstance(value, bool):
            errors[name] = "Must be a whole number."
        elif not low <= value <= high:
            shown = (f"{low:,}", f"{high:,}") if grouped else (str(low), str(high))
            errors[name] = f"Must be between {shown[0]} and {shown[1]}."
    return errors


def enum_error(errors: dict[str, str], name: str, value: object, enum: type[StrEnum]) -> None:
    """Add the message for `value` not being one of `enum`'s members."""
    if not isinstance(value, enum):
        choices = ", ".join(e.value for e in enum)
        errors[name] = f"Must be one of: {choices}."


def tie_breaker_error(value: object, kinds: type[StrEnum], last: StrEnum) -> str | None:
    """M-L2 and its siblings: at least one tie-breaker of `kinds`, each once, ending with `last`
    (team name) so the order is always total."""
    if not isinstance(value, tuple) or not value:
        return "Give at least one tie-breaker, ending with team name."
    if not all(isinstance(v, kinds) for v in value):
        choices = ", ".join(t.value for t in kinds)
        return f"Unknown tie-breaker; choose from: {choices}."
    if len(set(value)) != len(value):
        return "Each tie-breaker may appear only once."
    if value[-1] is not last:
        return "The last tie-breaker must be team name, so the order is always total."
    return None
