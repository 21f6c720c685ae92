"""A JSON parser that refuses oversized bodies (413) and malformed JSON (400).

DRF reads a JSON body straight from the request stream, past Django's
``DATA_UPLOAD_MAX_MEMORY_SIZE`` check; this parser enforces that limit itself,
also for bodies sent without a length.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser


class RequestTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "The request body is too large."
    default_code = "too_large"


def _refuse_constant(name: str) -> Any:
    raise ParseError(f"{name} is not valid JSON.")


class BoundedJSONParser(JSONParser):
    """Parse a JSON body of at most ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes."""

    def parse(
        self,
        stream: IO[bytes] | None,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        body = stream.read(limit + 1) if stream is not None else b""
        if len(body) > limit:
            raise RequestTooLarge(f"The request body is larger than {limit} bytes.")
        try:
            return json.loads(body.decode("utf-8"), parse_constant=_refuse_constant)
        except (ValueError, RecursionError) as error:
            raise ParseError(f"The request body is not valid JSON: {error}") from None
