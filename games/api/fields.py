"""Serializer fields for JSON bodies that take only their own JSON type.

DRF converts on input: ``5`` passes as the string ``"5"``, ``"5"`` as the number 5
and ``"true"`` or ``1`` as a boolean. The schema promises a string, an integer, a
boolean; these fields refuse anything else with a 400, as the schema says.
(Query parameters are always text: their serializers keep DRF's own fields.)
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class _Str:
    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str):
            self.fail("invalid")  # type: ignore[attr-defined]
        return super().to_internal_value(data)  # type: ignore[misc]


class StrictCharField(_Str, serializers.CharField):
    """A string, never a number or a boolean turned into one."""


class StrictRegexField(_Str, serializers.RegexField):
    """A string matching a pattern, never a number turned into one."""


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer, never a string or a boolean."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """``true`` or ``false``, never ``"true"``, ``1`` or ``"yes"``."""

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid", input=data)
        return data
