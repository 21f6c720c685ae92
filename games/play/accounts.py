"""A player's own settings and "my games": mail preferences and passwordless sign-in.

A sign-in token is 128 random bits sent by email; only its SHA-256 is stored.
It is valid for 15 minutes and spent once, by a POST from the page its link
shows, so a mail scanner that opens the link spends nothing. Requests are
limited per address and per client IP (:data:`SIGN_IN_LIMIT` per
:data:`SIGN_IN_WINDOW`, counted in the cache: Redis in production), and the
page answers the same whether a link went out, the address plays nowhere or
the limit was reached.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db.models import QuerySet
from django.dispatch import Signal
from django.utils import timezone

from games.models import MailPreference, Seat, SignInToken

SIGN_IN_VALID = timedelta(minutes=15)
SIGN_IN_LIMIT = 5
SIGN_IN_WINDOW = timedelta(minutes=15)
"""At most :data:`SIGN_IN_LIMIT` sign-in requests per address, and per client IP, in a window."""

sign_in_requested = Signal()
"""Sent with ``email``, ``link``, ``language`` and ``now`` once a sign-in token is stored.

``games.mail`` writes the email with the link (connected in ``GamesConfig.ready``).
"""


def seat_mail_preference_set(*, seat: Seat, preference: str) -> None:
    """Set how ``seat``'s player hears of turns: every turn, a daily digest or not at all."""
    seat.mail_preference = MailPreference(preference)
    seat.save(update_fields=["mail_preference"])


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _within_limit(key: str) -> bool:
    """Count one request under ``key`` in its window; tell whether it is within the limit."""
    window = int(SIGN_IN_WINDOW.total_seconds())
    cache.add(key, 0, timeout=window)
    try:
        count = cache.incr(key)
    except ValueError:  # the window ended between add and incr
        cache.set(key, 1, timeout=window)
        count = 1
    return count <= SIGN_IN_LIMIT


def sign_in_request(*, email: str, client_ip: str, now: datetime | None = None) -> bool:
    """Mail a sign-in link to ``email`` if it plays anywhere and neither the address nor
    ``client_ip`` is over the limit; tell whether one was sent."""
    now = now or timezone.now()
    allowed = [
        _within_limit(f"sign-in:email:{_hash(email.strip().lower())}"),
        _within_limit(f"sign-in:ip:{client_ip}"),
    ]
    if not all(allowed):
        return False
    seat = Seat.objects.filter(email__iexact=email).order_by("-id").first()
    if seat is None:
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
