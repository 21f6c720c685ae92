"""A notice as each kind of webhook takes it, and its one request to the checked address.

A browser's push subscription gets the notice encrypted for it (:mod:`games.notices.push`).
Discord and Slack get their incoming-webhook JSON (a text, no one pinged: a player's name
could be ``@everyone``); the generic kind gets the notice's fields, signed with the
channel's secret: ``X-Notice-Signature: sha256=<hex>`` is HMAC-SHA256 over the
``X-Notice-Timestamp`` value, a dot and the body (docs/playing.md shows the check). Every
kind carries ``X-Notice-Id``, the same on each attempt, so a receiver drops a duplicate.

urllib3, the HTTP layer under requests, is used directly: its connection pool connects to
the address :mod:`games.notices.address` checked while TLS still verifies the certificate
for the host's name (``server_hostname``, ``assert_hostname``), which requests cannot do
without replacing its adapter; and it follows no redirect and reads a bounded part of an
answer when told to.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
from typing import Any

import urllib3
from django.conf import settings

from games.models import Notice, NoticeChannel
from games.notices.address import Resolver, WebhookRefused, webhook_target
from games.notices.push import push_enabled, push_request

ANSWER_LIMIT = 4096
"""Bytes of a receiver's answer read at most (the rest is never read)."""


class SendFailed(Exception):
    """A notice was not taken; ``permanent``: sending it again cannot help (a 4xx answer)."""

    def __init__(self, message: str, *, permanent: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.permanent = permanent


def _slack_text(text: str) -> str:
    """``text`` with the three characters Slack reads as markup escaped."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def notice_body(notice: Notice) -> dict[str, Any]:
    """The JSON body of ``notice`` for its channel's kind."""
    context = notice.context
    kind = notice.channel.kind
    if kind == NoticeChannel.Kind.DISCORD:
        return {"content": context["text"], "allowed_mentions": {"parse": []}}
    if kind == NoticeChannel.Kind.SLACK:
        return {"text": _slack_text(context["text"])}
    return {"id": str(notice.notice_id), **context}


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """The ``X-Notice-Signature`` of ``body`` sent at ``timestamp`` with ``secret``."""
    mac = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return f"sha256={mac.hexdigest()}"


def notice_post(notice: Notice, *, timestamp: int, resolve: Resolver = socket.getaddrinfo) -> None:
    """Send ``notice`` to its channel in one request; :class:`SendFailed` unless a 2xx
    answered. ``resolve`` stands in for the resolver (tests)."""
    channel = notice.channel
    try:
        target = webhook_target(channel.url, resolve=resolve)
    except WebhookRefused as error:  # a name that no longer resolves, or now privately
        raise SendFailed(f"{type(error).__name__}: {error}") from error
    default_port = 443 if target.scheme == "https" else 80
    headers = {
        "Host": target.host if target.port == default_port else f"{target.host}:{target.port}",
        "User-Agent": f"{settings.MAIL_DOMAIN} notices/1",
        "X-Notice-Id": str(notice.notice_id),
    }
    if channel.kind == NoticeChannel.Kind.PUSH:
        if not push_enabled():
            raise SendFailed("no VAPID key: the site sends no browser push", permanent=True)
        body, pushed = push_request(notice, timestamp=timestamp)
        headers |= pushed
    else:
        body = json.dumps(notice_body(notice), ensure_ascii=False).encode()
        headers["Content-Type"] = "application/json"
    if channel.kind == NoticeChannel.Kind.JSON:
        stamp = str(timestamp)
        headers |= {
            "X-Notice-Timestamp": stamp,
            "X-Notice-Signature": signature(channel.secret, stamp, body),
        }
    timeout = urllib3.Timeout(
        connect=settings.NOTICE_TIMEOUT_SECONDS, read=settings.NOTICE_TIMEOUT_SECONDS
    )
    pool: urllib3.HTTPConnectionPool
    if target.scheme == "https":
        pool = urllib3.HTTPSConnectionPool(
            target.address,
            target.port,
            timeout=timeout,
            retries=False,
            server_hostname=target.host,
            assert_hostname=target.host,
            cert_reqs="CERT_REQUIRED",
        )
    else:
        pool = urllib3.HTTPConnectionPool(
            target.address, target.port, timeout=timeout, retries=False
        )
    try:
        answer = pool.urlopen(
            "POST",
            target.path,
            body=body,
            headers=headers,
            redirect=False,
            retries=False,
            preload_content=False,
            assert_same_host=False,
        )
        text = answer.read(ANSWER_LIMIT, decode_content=False)
        answer.release_conn()
    except urllib3.exceptions.HTTPError as error:
        raise SendFailed(f"{type(error).__name__}: {error}"[:2000]) from error
    finally:
        pool.close()
    if not 200 <= answer.status < 300:
        retried = answer.status in (408, 425, 429) or answer.status >= 500
        said = text[:200].decode(errors="replace")
        raise SendFailed(f"HTTP {answer.status}: {said}", permanent=not retried)
