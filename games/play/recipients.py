"""Who hears what: a seat's mail preference, and the limits on mail nobody asked for.

A seat's player chooses how he hears of turns (:func:`seat_mail_preference_set`).

An invitation goes to whatever address its sender typed, so the service counts,
per recipient, the email it sends unasked: at most :data:`UNASKED_LIMIT` in
:data:`UNASKED_WINDOW`, counted from the outbox itself. Every such email counts:
the sender's address is unconfirmed too, so a friend cannot be told from a
stranger who types the friend's address. An address whose owner chose "never
invite me" (:func:`never_invite`) is never mailed unasked again. The list keeps
the SHA-256 of each address (:func:`address_hash`), not the address.

Games that seat an address directly, without an invitation to accept (an API
client's game, a moderator's seat invitation), come from accounts the operator
made, not from strangers; they are held to :func:`addresses_check`: no address
that opted out, and at most :data:`NEW_GAMES_LIMIT` new games naming one address
in :data:`UNASKED_WINDOW`.
"""

from __future__ import annotations

import hashlib
import zlib
from collections.abc import Iterable
from datetime import datetime, timedelta

from django.conf import settings
from django.core import signing
from django.db import connection
from django.utils import timezone

from games.errors import Refused
from games.models import InvitationOptOut, MailPreference, OutboundMail, Seat
from games.play.links import unsigned

_NEVER_INVITE_SALT = "games.never-invite"
UNASKED_KINDS = ("invitation", "seat_confirmation")
"""The outbox's kinds of email sent to an address its owner never gave the service."""
UNASKED_LIMIT = 1
UNASKED_WINDOW = timedelta(days=1)
NEW_GAMES_LIMIT = 10


class AddressRefused(Refused):
    """The owner of an address asked never to be invited."""

    code = "address_refused"

    def __init__(self, email: str) -> None:
        super().__init__(
            f"The owner of {email} asked never to be invited to a game; leave the address out."
        )


class AddressBusy(Refused):
    """An address was named in its share of new games today."""

    code = "address_busy"

    def __init__(self, email: str) -> None:
        hours = int(UNASKED_WINDOW.total_seconds()) // 3600
        super().__init__(
            f"{email} was named in {NEW_GAMES_LIMIT} new games in the last {hours} hours; "
            "try again later or leave the address out.",
            limit=NEW_GAMES_LIMIT,
            hours=hours,
        )


def seat_mail_preference_set(*, seat: Seat, preference: str) -> None:
    """Set how ``seat``'s player hears of turns: every turn, a daily digest or not at all."""
    seat.mail_preference = MailPreference(preference)
    seat.save(update_fields=["mail_preference"])


def address_hash(email: str) -> str:
    """The SHA-256 of an address in normal form (trimmed, lower case): what the opt-out list
    keeps instead of the address."""
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()


def never_invite_link(email: str) -> str:
    """The "never invite me" link of invitations to ``email`` (also its ``List-Unsubscribe``):
    its token signs the address's hash, good for that one job and for nothing else."""
    token = signing.Signer(salt=_NEVER_INVITE_SALT).sign_object({"n": address_hash(email)})
    return f"{settings.SITE_URL}/invite/never/{token}/"


def never_invite_hash(token: str) -> str | None:
    """The address hash of a "never invite me" token, or ``None`` for a forged or garbled one."""
    data = unsigned(_NEVER_INVITE_SALT, token)
    if data is None or not isinstance(data.get("n"), str):
        return None
    return str(data["n"])


def never_invite(*, email_hash: str) -> None:
    """Record that the address of ``email_hash`` is never to be mailed an invitation."""
    InvitationOptOut.objects.get_or_create(
        email_hash=email_hash, defaults={"created_at": timezone.now()}
    )


def invitations_welcome(*, email_hash: str) -> None:
    """Take the address of ``email_hash`` off the opt-out list: its owner changed his mind."""
    InvitationOptOut.objects.filter(email_hash=email_hash).delete()


def invites_refused_hash(email_hash: str) -> bool:
    """Whether the owner of the address of ``email_hash`` asked never to be invited."""
    return InvitationOptOut.objects.filter(email_hash=email_hash).exists()


def invites_refused(email: str) -> bool:
    """Whether the owner of ``email`` asked never to be invited."""
    return invites_refused_hash(address_hash(email))


def may_mail_unasked(email: str, now: datetime) -> bool:
    """Whether ``email`` may be mailed unasked now: it did not opt out and has not had its
    share of unasked email in the window."""
    if invites_refused(email):
        return False
    sent = OutboundMail.objects.filter(
        kind__in=UNASKED_KINDS, to__iexact=email.strip(), created_at__gt=now - UNASKED_WINDOW
    ).count()
    return sent < UNASKED_LIMIT


def lock_addresses(hashes: list[str]) -> None:
    """Hold the unasked email of these addresses until the transaction ends (PostgreSQL;
    SQLite has one writer anyway), so two senders at once cannot both find an address unmailed
    today. Taken in one order, so two tables never wait for each other."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for email_hash in sorted(set(hashes)):
            key = zlib.crc32(f"invite:{email_hash}".encode())
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])


def addresses_check(emails: Iterable[str], *, now: datetime, new_game: bool) -> None:
    """AddressRefused or AddressBusy for the first of ``emails`` that may not be seated now:
    its owner opted out, or (``new_game``) it is named in :data:`NEW_GAMES_LIMIT` games
    created in the window. Call in the transaction that seats them: the addresses stay
    locked until it ends, so two requests at once cannot both pass the count."""
    addresses = sorted({email.strip() for email in emails if email.strip()}, key=str.lower)
    lock_addresses([address_hash(email) for email in addresses])
    for email in addresses:
        if invites_refused(email):
            raise AddressRefused(email)
        if new_game:
            named = Seat.objects.filter(
                email__iexact=email, game__created_at__gt=now - UNASKED_WINDOW
            ).count()
            if named >= NEW_GAMES_LIMIT:
                raise AddressBusy(email)
