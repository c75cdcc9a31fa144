"""Strict input: JSON numbers must be whole numbers and booleans true or false (no "3" or
"yes"), and a body with a field the endpoint does not know is refused, not ignored. A game's
body may be read by the game's own parser instead (``read_body``), so that its web form and the
API read it alike."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from rest_framework import serializers
from rest_framework.request import Request

from league.errors import DomainError

T = TypeVar("T")


class StrictIntegerField(serializers.IntegerField):
    def to_internal_value(self, data: Any) -> int:
        if not isinstance(data, int) or isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    default_error_messages = {"invalid": "Must be true or false."}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictInputSerializer(serializers.Serializer[None]):
    # An input serializer validates data and never holds an instance, hence [None].
    """An input serializer that refuses unknown fields, each named."""

    def to_internal_value(self, data: Any) -> Any:
        unknown = {}
        if isinstance(data, dict):
            unknown = {name: ["Unknown field."] for name in set(data) - set(self.fields)}
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as error:
            if unknown and isinstance(error.detail, dict):
                error.detail.update(unknown)
            raise
        if unknown:
            raise serializers.ValidationError(unknown)
        return value


def read_body(
    request: Request,
    parse: Callable[[Mapping[str, Any]], tuple[T, dict[str, str]]],
    shape: type[serializers.Serializer[Any]],
) -> T:
    """`parse`'s value from the body, which must be a JSON object of `shape`'s fields; a 400
    naming every malformed or unknown field (dotted: ``goals.0.scorer``) otherwise."""
    data = request.data
    if not isinstance(data, Mapping):
        raise DomainError("Send the body as a JSON object.", code="invalid", field="body")
    value, errors = parse(data)
    known = set(shape().fields)
    unknown = {str(name): "Unknown field." for name in data if name not in known}
    errors = {**unknown, **errors}  # the parser's own word on a field it knows of comes first
    if errors:
        count = len(errors)
        raise DomainError(
            f"The request has {count} problem{'s' if count != 1 else ''}; see fields.",
            code="invalid",
            fields=errors,
        )
    return value
