"""Content negotiation that answers the common request without parsing its ``Accept`` header.

DRF parses the header into media types and ranks them on every request; for the move
POST that was about 3 % of its CPU (issue 16). A request that takes JSON as it comes
(no ``Accept``, ``*/*`` or ``application/json``) and has no query string (so no
``?format=``) gets the first renderer when it is JSON, which is what DRF would choose;
any other request is negotiated by DRF itself.
"""

from __future__ import annotations

from collections.abc import Iterable

from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer
from rest_framework.request import Request

JSON = "application/json"
AS_IT_COMES = frozenset(("*/*", JSON))


class JsonFirstNegotiation(DefaultContentNegotiation):
    """DRF's negotiation, with JSON chosen at once where it would be chosen anyway."""

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        renderers = list(renderers)
        meta = request._request.META
        if (
            renderers
            and renderers[0].media_type == JSON
            and not format_suffix
            and not meta.get("QUERY_STRING")
            and meta.get("HTTP_ACCEPT", "*/*") in AS_IT_COMES
        ):
            return renderers[0], JSON
        chosen: tuple[BaseRenderer, str] = super().select_renderer(
            request, renderers, format_suffix
        )
        return chosen
