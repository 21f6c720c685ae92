"""Browser push (Web Push): a notice as a push service takes it for a browser's subscription.

The site's service worker (``static/games/push-sw.js``) subscribes with the operator's VAPID
public key (:func:`application_server_key`); the subscription (its push service's endpoint
and the browser's keys) is a channel of the seat (``games.notices.channels.push_add``).
A notice goes to the endpoint as one request of :mod:`games.notices.webhooks`, through the
same address guard: its payload (:func:`push_payload`) encrypted to the browser's keys
(RFC 8291, ``aes128gcm``, by ``pywebpush``), with a VAPID ``Authorization`` (RFC 8292)
signed by ``NOTICE_VAPID_PRIVATE_KEY``. The push service only relays ciphertext: what the
notice says is read by the browser alone, and it is what a webhook is told (the game's
public page, never the seat's play link).
"""

from __future__ import annotations

import base64
import json
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid02
from py_vapid.utils import b64urlencode
from pywebpush import WebPusher

from games.models import Notice

TTL_SECONDS = 24 * 3600
"""How long a push service keeps a message for a browser that is offline: a day."""

VAPID_LIFETIME = 12 * 3600
"""How long a VAPID signature holds (RFC 8292 allows up to a day)."""


def push_enabled() -> bool:
    """Whether the operator gave the site a VAPID key, without which nothing is pushed."""
    return bool(settings.NOTICE_VAPID_PRIVATE_KEY)


def _vapid() -> Vapid02:
    return Vapid02.from_raw(settings.NOTICE_VAPID_PRIVATE_KEY.encode())


def _public(vapid: Vapid02) -> str:
    point = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return str(b64urlencode(point))


def application_server_key() -> str:
    """The VAPID public key a browser subscribes with (base64url, uncompressed point)."""
    return _public(_vapid())


def vapid_key_new() -> tuple[str, str]:
    """A new VAPID key: its private half as ``NOTICE_VAPID_PRIVATE_KEY`` takes it (the raw
    P-256 scalar, base64url) and its public half."""
    vapid = Vapid02()
    vapid.generate_keys()
    raw = vapid.private_key.private_numbers().private_value.to_bytes(32, "big")
    return str(b64urlencode(raw)), _public(vapid)


def keys_valid(p256dh: str, auth: str) -> bool:
    """Whether ``p256dh`` and ``auth`` are a browser's subscription keys (a P-256 point and
    16 bytes, base64url), to which a message can be encrypted."""
    try:
        raw = base64.urlsafe_b64decode(p256dh + "=" * (-len(p256dh) % 4))
        secret = base64.urlsafe_b64decode(auth + "=" * (-len(auth) % 4))
    except ValueError:
        return False
    return len(raw) == 65 and raw[0] == 4 and len(secret) == 16


def push_payload(notice: Notice) -> dict[str, Any]:
    """What the browser shows of ``notice``: a title, the notice's text, the page a click
    opens, and a tag (a newer notice of the game replaces the older on the screen)."""
    context = notice.context
    return {
        "id": notice.notice_id,
        "type": context["type"],
        "title": context["game"]["name"],
        "body": context["text"],
        "url": context["game"]["url"],
        "tag": f"game-{context['game'].get('id', '')}",
    }


def push_request(notice: Notice, *, timestamp: int) -> tuple[bytes, dict[str, str]]:
    """The body and headers of ``notice``'s request to its channel's push service: the
    payload encrypted to the subscription's keys, signed for the endpoint's origin."""
    channel = notice.channel
    subscription = {
        "endpoint": channel.url,
        "keys": {"p256dh": channel.push_key, "auth": channel.push_auth},
    }
    data = json.dumps(push_payload(notice), ensure_ascii=False).encode()
    body = WebPusher(subscription).encode(data, content_encoding="aes128gcm")["body"]
    parts = urlsplit(channel.url)
    claims = {
        "aud": f"{parts.scheme}://{parts.netloc}",
        "sub": settings.NOTICE_VAPID_SUBJECT,
        "exp": timestamp + VAPID_LIFETIME,
    }
    headers = {
        **_vapid().sign(claims),
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        "TTL": str(TTL_SECONDS),
        "Urgency": "normal",
    }
    return bytes(body), headers
