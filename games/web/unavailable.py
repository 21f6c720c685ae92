"""A request that finds the database or Redis unreachable is answered 503, not 500.

Nothing was written when a server is away (``games.store.outages``), so the request can
simply be sent again: the answer is ``503 Service Unavailable`` with ``Retry-After``,
under ``/api/`` in the API's one error body (``games.api.errors``), a short page
elsewhere, and one line in the log instead of a stack trace. A move sent again with its
``move_id`` is applied once. The next request opens a new connection, so the service
recovers by itself once the server is back.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from games.store.outages import UNREACHABLE

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5


class UnavailableMiddleware:
    """Answer a view whose database or Redis could not be reached with a 503."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, UNREACHABLE):
            return None
        log.warning("%s %s: unavailable (%s)", request.method, request.path, exception)
        response = HttpResponse(render_to_string("503.html", request=request), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
