"""The API's JSON parser: strict JSON, and malformed input always a 400.

DRF's own parser lets a deeply nested body escape as ``RecursionError`` (a
500); this one refuses it, and ``NaN``/``Infinity``, as malformed JSON. The
body size limit is Django's ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (413, see
``games.api.errors``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import IO, Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


def _refuse_constant(name: str) -> Any:
    raise ParseError(f"{name} is not valid JSON.")


class StrictJSONParser(JSONParser):
    """Parse a JSON body, refusing anything that is not strict JSON with a 400."""

    def parse(
        self,
        stream: IO[bytes] | None,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        body = stream.read() if stream is not None else b""
        try:
            return json.loads(body.decode("utf-8"), parse_constant=_refuse_constant)
        except (ValueError, RecursionError) as error:
            raise ParseError(f"The request body is not valid JSON: {error}") from None
