"""The pages' middleware, skipped by requests under ``/api/``.

The API answers in one language, keeps no flash messages and serves no htmx
fragments, so choosing the reader's language (``LocaleMiddleware``), opening
the message store (``MessageMiddleware``) and reading the htmx headers are
work each API request did for nothing. Each class here is
Django's or django-htmx's own, named in ``MIDDLEWARE`` in its place, and
passes an API request straight on: it returns what the next middleware
returns, which under ASGI is the coroutine the handler awaits.
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
