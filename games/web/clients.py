"""The client's real address, for limits counted per client.

Behind reverse proxies ``REMOTE_ADDR`` is the nearest proxy's address, the
same for every visitor. Each proxy appends the address it was reached from to
``X-Forwarded-For``, so with ``TRUSTED_PROXY_COUNT`` proxies in front the
client's address is that many entries from the header's right; entries further
left come from the client and are not trusted. With ``TRUSTED_PROXY_COUNT``
at 0 (the default) the header is ignored.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


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
