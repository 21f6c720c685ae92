"""The client's real address, and limits counted per client network.

Behind reverse proxies ``REMOTE_ADDR`` is the nearest proxy's address, the
same for every visitor. Each proxy appends the address it was reached from to
``X-Forwarded-For``, so with ``TRUSTED_PROXY_COUNT`` proxies in front the
client's address is that many entries from the header's right; entries further
left come from the client and are not trusted. With ``TRUSTED_PROXY_COUNT``
at 0 (the default) the header is ignored.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext

from games.play.sign_in import client_network, counted


def client_address(request: HttpRequest) -> str:
    """The address the request came from, as the trusted proxies saw it."""
    remote = str(request.META.get("REMOTE_ADDR", ""))
    proxies = int(getattr(settings, "TRUSTED_PROXY_COUNT", 0))
    if proxies <= 0:
        return remote
    header = str(request.META.get("HTTP_X_FORWARDED_FOR", ""))
    hops = [hop.strip() for hop in header.split(",") if hop.strip()]
    if len(hops) < proxies:  # it did not come through every proxy
        return remote
    return hops[-proxies]


def client_limited(request: HttpRequest, *, action: str, limit: int, window: timedelta) -> bool:
    """Count one more ``action`` from the request's network (``sign_in.client_network``) in a
    window of ``window``; whether that is more than ``limit``."""
    network = client_network(client_address(request))
    return counted(f"{action}:client:{network}", window=window) > limit


def too_many_text(window: timedelta) -> str:
    """Why a request past its network's limit is refused, in the active language."""
    minutes = int(window.total_seconds()) // 60
    return gettext(
        "Too many requests came from your network; try again in %(minutes)s minutes."
    ) % {"minutes": minutes}
