"""Strict input: JSON numbers must be whole numbers and booleans true or false (no "3" or
"yes"), and a body with a field the endpoint does not know is refused, not ignored."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


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
