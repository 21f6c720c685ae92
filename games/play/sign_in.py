"""Passwordless sign-in, and the seats an address signed in by email plays ("my games").

A sign-in token is 128 random bits sent by email; only its SHA-256 is stored.
It is valid for :data:`SIGN_IN_VALID` and spent once, by a POST from the page its link
shows, so a mail scanner that opens the link spends nothing.

Two limits, counted in the cache (Redis in production), keep sign-in from
being a mail cannon without letting a stranger lock anyone out:

* per recipient, on *emails sent*: at most :data:`SIGN_IN_EMAIL_LIMIT` links
  go to one address in :data:`SIGN_IN_EMAIL_WINDOW`. An address that plays
  nowhere gets nothing and costs nothing. The window is as long as a link
  is valid, so when a request sends nothing for this limit, a link sent in
  the same window still works in the player's mailbox; a stranger's
  requests for her address can send her links, never keep them from her.
* per client network, on requests: at most :data:`SIGN_IN_CLIENT_LIMIT` in
  :data:`SIGN_IN_CLIENT_WINDOW` from one IPv4 address or IPv6 /64
  (:func:`client_network`), every request counted alike, made-up addresses
  too, so the refusal says nothing about the address asked for. The web
  layer passes the client's real address (``TRUSTED_PROXY_COUNT`` names
  the reverse proxies in front), and the limit is generous enough for a
  household or an office behind one NAT.

The page answers the same whether a link went out, the address plays
nowhere or the address's limit was reached; only a flooding network is told
to wait (:class:`SignInClientLimited`).
"""

from __future__ import annotations

import hashlib
import ipaddress
import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db.models import QuerySet
from django.utils import timezone

from games.errors import TooMany
from games.models import Seat, SignInToken
from games.play.signals import sign_in_requested

SIGN_IN_VALID = timedelta(minutes=15)
SIGN_IN_EMAIL_LIMIT = 3
SIGN_IN_EMAIL_WINDOW = SIGN_IN_VALID
SIGN_IN_CLIENT_LIMIT = 30
SIGN_IN_CLIENT_WINDOW = timedelta(minutes=15)


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class SignInClientLimited(TooMany):
    """Too many sign-in requests came from the client's network; it may ask again later (the
    sign-in page words it in the reader's language)."""

    code = "not_allowed"

    def __init__(self) -> None:
        minutes = int(SIGN_IN_CLIENT_WINDOW.total_seconds()) // 60
        super().__init__(
            f"Too many sign-in requests came from your network; try again in {minutes} minutes.",
            minutes=minutes,
        )


def client_network(ip: str) -> str:
    """The network a client is counted by: an IPv4 address itself, an IPv6 address's /64 (one
    host's share), an IPv4-mapped IPv6 address as its IPv4 address; anything else as given.

    A port some proxies write after the address (``192.0.2.1:5555``, ``[2001:db8::1]:443``)
    is dropped, since it changes with every connection.
    """
    text = ip.strip()
    if text.startswith("[") and "]" in text:
        text = text[1 : text.index("]")]
    elif text.count(":") == 1:
        text = text.partition(":")[0]
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return ip.strip()
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def counted(key: str, *, window: timedelta) -> int:
    """Count one more under ``key`` in a window that starts at its first count; the count."""
    seconds = int(window.total_seconds())
    cache.add(key, 0, timeout=seconds)
    try:
        return int(cache.incr(key))
    except ValueError:  # the window ended between add and incr
        cache.set(key, 1, timeout=seconds)
        return 1


def sign_in_request(*, email: str, client_ip: str, now: datetime | None = None) -> bool:
    """Mail a sign-in link to ``email`` if it plays anywhere and has not had its share of links
    in this window; tell whether one was sent.

    Raises :class:`SignInClientLimited` when ``client_ip``'s network has asked too often,
    whatever the address.
    """
    now = now or timezone.now()
    network = client_network(client_ip)
    if counted(f"sign-in:client:{network}", window=SIGN_IN_CLIENT_WINDOW) > SIGN_IN_CLIENT_LIMIT:
        raise SignInClientLimited()
    seat = Seat.objects.filter(email__iexact=email.strip()).order_by("-id").first()
    if seat is None:
        return False
    recipient = f"sign-in:email:{_hash(seat.email.strip().lower())}"
    if counted(recipient, window=SIGN_IN_EMAIL_WINDOW) > SIGN_IN_EMAIL_LIMIT:
        return False
    token = secrets.token_urlsafe(24)
    SignInToken.objects.create(
        email=seat.email.lower(),
        token_hash=_hash(token),
        created_at=now,
        expires_at=now + SIGN_IN_VALID,
    )
    link = f"{settings.SITE_URL}/signin/{token}/"
    sign_in_requested.send(
        sender=SignInToken, email=seat.email, link=link, language=seat.language, now=now
    )
    return True


def sign_in_spend(*, token: str, now: datetime | None = None) -> str | None:
    """Spend a sign-in token: the address it signs in, or ``None`` if unknown, used or late."""
    now = now or timezone.now()
    found = SignInToken.objects.filter(
        token_hash=_hash(token), used_at__isnull=True, expires_at__gt=now
    )
    row = found.first()
    if row is None or found.filter(pk=row.pk).update(used_at=now) != 1:
        return None
    return row.email


def sign_in_valid(*, token: str, now: datetime | None = None) -> bool:
    """Whether ``token`` could still be spent (the GET page asks, and changes nothing)."""
    now = now or timezone.now()
    return SignInToken.objects.filter(
        token_hash=_hash(token), used_at__isnull=True, expires_at__gt=now
    ).exists()


def seats_of_email(*, email: str) -> QuerySet[Seat]:
    """Every seat played from ``email``, newest game first."""
    return Seat.objects.filter(email__iexact=email).select_related("game").order_by("-game_id")
