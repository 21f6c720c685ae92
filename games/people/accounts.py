"""Accounts: one per verified address, known to the others by a public handle.

The sign-in link verifies an address (``games.play.sign_in``); at the first
sign-in its player picks a handle, unique after the project's name
normalisation (``games.names``), and the account is made. Every seat
played from that address belongs to the account: a new one as it is created
(:func:`seats_attach`), the earlier ones at sign-in (:func:`seats_claim`).
The address is never shown to anyone else, and it is never written into an
event: an event names the seat's player name only.
"""

from __future__ import annotations

import unicodedata
from datetime import datetime

from django.db import IntegrityError, transaction
from django.db.models import OuterRef, QuerySet, Subquery
from django.db.models.functions import Lower
from django.utils import timezone

from games.errors import Refused
from games.models import Player, Seat
from games.names import NAME_LENGTH, BadName, name_clean, name_key
from games.people.reliability import former_holders_claim
from games.people.results import results_claim


class BadHandle(Refused):
    """A handle without a letter or digit, with a slash, or too long."""

    code = "bad_handle"


class HandleTaken(Refused):
    """Another account has that handle, after normalisation."""

    code = "handle_taken"


def handle_clean(handle: str) -> str:
    """The normal form of ``handle``; BadHandle unless it is a name (``name_clean``) with a
    letter or digit in it and no slash (it is the last part of the profile's address)."""
    try:
        normal = name_clean(handle)
    except BadName:
        normal = ""
    if not any(unicodedata.category(char)[0] in "LN" for char in normal) or "/" in normal:
        raise BadHandle(
            f"A handle has 1 to {NAME_LENGTH} characters, at least one letter or digit, "
            "and no slash.",
            max=NAME_LENGTH,
        )
    return normal


def player_of_email(*, email: str) -> Player | None:
    """The account of the (verified) address ``email``, if it has one."""
    return Player.objects.filter(email=email.strip().lower()).first()


def player_of_handle(*, handle: str) -> Player | None:
    """The account whose handle is ``handle`` after normalisation (``Anne`` finds ``anne``)."""
    return Player.objects.filter(handle_key=name_key(handle)).first()


@transaction.atomic
def player_create(*, email: str, handle: str, now: datetime | None = None) -> Player:
    """Make the account of the verified address ``email`` with ``handle`` and claim its seats.

    BadHandle or HandleTaken if the handle cannot be had; an address that already
    has an account keeps it (a form sent twice).
    """
    handle = handle_clean(handle)
    if (existing := player_of_email(email=email)) is not None:
        return existing
    try:
        with transaction.atomic():
            player = Player.objects.create(
                email=email.strip().lower(),
                handle=handle,
                handle_key=name_key(handle),
                created_at=now or timezone.now(),
            )
    except IntegrityError:
        # made by the same form sent at once from elsewhere
        if (existing := player_of_email(email=email)) is not None:
            return existing
        raise HandleTaken(
            f"The handle {handle} is taken (handles count as one when they differ only in "
            "case, spaces or look-alike characters); choose another."
        ) from None
    seats_claim(player=player)
    return player


def seats_attach(*, seats: QuerySet[Seat]) -> None:
    """Give each of ``seats`` whose address has an account to that account (new seats)."""
    account = Player.objects.filter(email=Lower(OuterRef("email"))).values("pk")[:1]
    seats.filter(player__isnull=True).exclude(email="").update(player=Subquery(account))


def seats_claim(*, player: Player) -> None:
    """Give every seat played from ``player``'s address to him (at sign-in): the results of
    its finished games become his, and the ratings after them are replayed; so do the seats
    the address held before they changed hands (their turns count for his reliability)."""
    seats = Seat.objects.filter(email__iexact=player.email, player__isnull=True)
    claimed = list(seats.values_list("pk", flat=True))
    Seat.objects.filter(pk__in=claimed).update(player=player)
    results_claim(seat_ids=claimed, player=player)
    former_holders_claim(player=player)
