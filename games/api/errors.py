"""One error body everywhere under ``/api/``: ``{"error": {"code", "message", ...}}``.

Engine errors (``IllegalMove``) are 400 with the engine's code; the service's
errors answer with the status of their meaning (``games.errors``); DRF's own
errors (validation, parsing, auth, 404) keep their status with a stable code;
Django's own error pages get the same body (:class:`ApiErrorMiddleware`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from rest_framework import exceptions, status
from rest_framework.response import Response

from engine.base import IllegalMove
from engine.record import RecordError
from games.errors import Conflict, Forbidden, GameError, NotFound, Refused, StaleSeq, TooMany

API_PREFIX = "/api/"

# The status of each meaning of the service's errors (``games.errors``).
_MEANING_STATUS: dict[type[GameError], int] = {
    Refused: status.HTTP_400_BAD_REQUEST,
    Forbidden: status.HTTP_403_FORBIDDEN,
    NotFound: status.HTTP_404_NOT_FOUND,
    Conflict: status.HTTP_409_CONFLICT,
    TooMany: status.HTTP_429_TOO_MANY_REQUESTS,
}

# DRF's errors whose code is not their ``default_code``.
_DRF_CODES: dict[type[exceptions.APIException], str] = {
    exceptions.ParseError: "malformed_json",
    exceptions.AuthenticationFailed: "bad_token",
    exceptions.NotAuthenticated: "login_required",
    exceptions.PermissionDenied: "forbidden",
}

# Django's own error pages under /api/, by status, in the one error body.
_DJANGO_ERRORS: dict[int, tuple[str, str]] = {
    400: ("bad_request", "The request is malformed."),
    403: ("forbidden", "You may not do this."),
    404: ("not_found", "There is nothing here."),
    405: ("method_not_allowed", "This method is not allowed here."),
    413: ("too_large", "The request body is larger than this service accepts."),
    500: ("server_error", "Something went wrong on our side; it has been logged."),
    503: ("unavailable", "The service cannot reach its database; send the request again shortly."),
}


def error_body(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """The one error body of the API."""
    return {"error": {"code": code, "message": message, **extra}}


def error_status(error: type[GameError]) -> int:
    """The HTTP status of a service error: its meaning's, the first found along its bases."""
    return next((_MEANING_STATUS[base] for base in error.__mro__ if base in _MEANING_STATUS), 400)


def _flatten(detail: Any, prefix: str = "") -> list[str]:
    if isinstance(detail, dict):
        return [
            line
            for key, value in detail.items()
            for line in _flatten(value, f"{prefix}{key}: " if key != "non_field_errors" else prefix)
        ]
    if isinstance(detail, list):
        return [line for item in detail for line in _flatten(item, prefix)]
    return [f"{prefix}{detail}"]


def _api_error(exc: exceptions.APIException) -> Response:
    if isinstance(exc, exceptions.ValidationError):
        body = error_body("invalid_request", " ".join(_flatten(exc.detail)), fields=exc.detail)
    else:
        code = _DRF_CODES.get(type(exc), str(exc.default_code))
        body = error_body(code, " ".join(_flatten(exc.detail)))
    response = Response(body, status=exc.status_code)
    wait = getattr(exc, "wait", None)  # set by Throttled; not in the stubs
    if isinstance(exc, exceptions.Throttled) and wait is not None:
        response["Retry-After"] = str(int(wait))
    return response


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """DRF's exception handler: every known error as the one error body."""
    if isinstance(exc, IllegalMove):
        extra: dict[str, Any] = {"move": exc.move} if isinstance(exc, RecordError) else {}
        return Response(error_body(exc.code, exc.message, **extra), status=400)
    if isinstance(exc, GameError):
        extra = {"seq": exc.seq} if isinstance(exc, StaleSeq) else {}
        return Response(error_body(exc.code, exc.message, **extra), status=error_status(type(exc)))
    if isinstance(exc, RequestDataTooBig):
        return Response(error_body(*_DJANGO_ERRORS[413]), status=413)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound("There is nothing here.")
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    if isinstance(exc, exceptions.APIException):
        return _api_error(exc)
    return None


class ApiErrorMiddleware:
    """Answer every error under ``/api/`` that is not JSON yet with the one error body.

    Django's 404 for an unknown URL, its 500 (debug pages included), a refused
    host's 400: the status stays, the HTML page becomes ``{"error": …}``.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code < 400
            or not request.path.startswith(API_PREFIX)
            or response.get("Content-Type", "").startswith("application/json")
        ):
            return response
        code, message = _DJANGO_ERRORS.get(
            response.status_code, ("error", "The request could not be answered.")
        )
        answer = JsonResponse(error_body(code, message), status=response.status_code)
        for header in ("Allow", "Retry-After"):
            if header in response:
                answer[header] = response[header]
        return answer
