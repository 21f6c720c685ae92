"""The pages' middleware, skipped by requests under ``/api/``.

The API answers in one language, keeps no flash messages and serves no htmx
fragments. Each class here is Django's or django-htmx's own, and passes an
API request straight on to the next middleware.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.contrib.messages import middleware as messages
from django.http import HttpRequest
from django.middleware import locale
from django_htmx import middleware as htmx

from games.api.errors import API_PREFIX

Middleware = TypeVar("Middleware", bound=type)


def pages_only(middleware: Middleware) -> Middleware:
    """A subclass of ``middleware`` that passes a request under ``/api/`` on untouched
    (a subclass: Django's checks, such as the admin's for ``MessageMiddleware``, still
    find it)."""

    class PagesOnly(middleware):  # type: ignore[misc,valid-type]
        get_response: Callable[[HttpRequest], Any]

        def __call__(self, request: HttpRequest) -> Any:
            if request.path_info.startswith(API_PREFIX):
                return self.get_response(request)
            return super().__call__(request)

    PagesOnly.__name__ = PagesOnly.__qualname__ = middleware.__name__
    PagesOnly.__doc__ = f"{middleware.__module__}.{middleware.__name__}, for pages only."
    return PagesOnly  # type: ignore[return-value]


LocaleMiddleware = pages_only(locale.LocaleMiddleware)
MessageMiddleware = pages_only(messages.MessageMiddleware)
HtmxMiddleware = pages_only(htmx.HtmxMiddleware)
