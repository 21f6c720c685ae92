"""Where a webhook may point: the guard against requests to the service's own network.

A URL is checked and its host resolved once (:func:`webhook_target`); the connection is
then made to the address that was checked, never resolved again, so a name that answers a
public address to the check and a private one to the connection (DNS rebinding) reaches
nothing private. Only https to public addresses passes, unless ``NOTICE_ALLOW_PRIVATE``
(tests, private deployments) allows plain http and any address.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

from games.errors import Refused

Resolver = Callable[..., Sequence[tuple[Any, ...]]]
"""``socket.getaddrinfo`` or a stand-in with its signature and answer."""


class WebhookRefused(Refused):
    """The webhook's address is one the service does not send to (its message in the active
    language)."""

    code = "webhook_refused"


@dataclass(frozen=True)
class Target:
    """A checked webhook: the address to connect to, and what the request names."""

    scheme: str
    host: str
    address: str
    port: int
    path: str


def _public(address: str) -> bool:
    """Whether ``address`` is a public unicast address (not private, loopback, link-local,
    multicast, reserved or unspecified; an IPv4 address mapped into IPv6 judged as itself)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return ip.is_global and not ip.is_multicast


def webhook_check(url: str) -> tuple[str, str, int, str]:
    """The scheme, host, port and path of ``url`` if its form is one the service sends to;
    :class:`WebhookRefused` if not (not https, a user name or password in it, no host)."""
    allowed = ("https", "http") if settings.NOTICE_ALLOW_PRIVATE else ("https",)
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError as error:
        raise WebhookRefused(_("This is not a web address.")) from error
    if parts.scheme not in allowed:
        raise WebhookRefused(_("A webhook's address must begin with https://."))
    if not parts.hostname or parts.username is not None or parts.password is not None:
        raise WebhookRefused(_("A webhook's address names a host and no user or password."))
    path = parts.path or "/"
    if parts.query:
        path = f"{path}?{parts.query}"
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80), path


def webhook_target(url: str, *, resolve: Resolver = socket.getaddrinfo) -> Target:
    """The checked target of ``url``: its host resolved once, refused unless every address
    the name answers is public (or ``NOTICE_ALLOW_PRIVATE``); the first is the one to use."""
    scheme, host, port, path = webhook_check(url)
    try:
        answers = resolve(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as error:
        raise WebhookRefused(_("The webhook's host name is not known.")) from error
    addresses = [str(answer[4][0]) for answer in answers]
    if not addresses:
        raise WebhookRefused(_("The webhook's host name is not known."))
    if not settings.NOTICE_ALLOW_PRIVATE and not all(_public(a) for a in addresses):
        raise WebhookRefused(_("A webhook may not point into a private network."))
    return Target(scheme=scheme, host=host, address=addresses[0], port=port, path=path)
