"""Tokens out of the logs: every log line that prints a URL path shows :data:`MARK` in place of
the secret in it (gunicorn's access and error logs, Django's request, CSRF and runserver logs).

Play links, invitations, table and open-seat links, seat confirmations, sign-in links, "never
invite me" and mail settings all carry their secret as a path segment, so whatever serves or
logs a request sees it. Which segments are secrets is read from the URL patterns: a route
parameter named ``token`` is one, so a new route with a token is redacted with no change here.
A reverse proxy in front keeps its own log; docs/security.md says what to set there.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterator, Sequence
from typing import Any

from django.apps import apps
from django.urls import URLPattern, URLResolver, get_resolver
from gunicorn.glogging import Logger  # type: ignore[import-untyped]

MARK = "[token]"
"""What a log line shows in place of a token."""


def _token_heads(patterns: Sequence[URLPattern | URLResolver], prefix: str) -> Iterator[str]:
    """The pattern of the path before each ``token`` parameter among ``patterns``, which are
    included below ``prefix`` (a pattern too)."""
    for entry in patterns:
        source = prefix + entry.pattern.regex.pattern.removeprefix("^")
        if isinstance(entry, URLResolver):
            yield from _token_heads(entry.url_patterns, source)
        elif "(?P<token>" in source:
            yield source.partition("(?P<token>")[0]


@functools.cache
def _secret_segments(resolver: URLResolver) -> re.Pattern[str]:
    """A path segment that follows a head of one of ``resolver``'s token routes, anywhere in a
    line (a request line, a full URL in a referer or ``Location``); a pattern that matches
    nothing if it has none. Longer heads come first, so ``/invite/never/x/`` loses ``x``
    rather than ``never``."""
    heads = sorted(set(_token_heads(resolver.url_patterns, "")), key=len, reverse=True)
    if not heads:
        return re.compile("(?!)")
    return re.compile(rf'(/(?:{"|".join(heads)}))[^/?#\s"]+')


def redacted(text: str) -> str:
    """``text`` with the token of every path in it replaced by :data:`MARK` (as it is before
    Django has loaded: gunicorn's master logs no request until then)."""
    if not apps.ready:
        return text
    return _secret_segments(get_resolver()).sub(lambda found: found[1] + MARK, text)


class PathRedaction(logging.Filter):
    """Redact the paths in a record's message (for the loggers that print request paths)."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a record that cannot be formatted is logging's to report
            return True
        record.msg, record.args = redacted(message), ()
        return True


class RedactedLogger(Logger):  # type: ignore[misc]
    """gunicorn's logger with the tokens redacted from every atom of its access log (the
    request line, path, referer, headers and environ) and from its error log, which names
    the path of a request that failed. ``logger_class`` in gunicorn's configuration."""

    def __init__(self, cfg: Any) -> None:
        super().__init__(cfg)
        self.error_log.addFilter(PathRedaction())

    def atoms(self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any) -> Any:
        atoms = super().atoms(resp, req, environ, request_time)
        return {
            key: redacted(value) if isinstance(value, str) else value
            for key, value in atoms.items()
        }
