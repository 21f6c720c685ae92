"""Seat tokens: the secret in a seat's email link and in ``Authorization: Seat <token>``.

A token is the seat id and its ``token_version`` signed with Django's signing
(DESIGN §5). It never expires, since correspondence games are long; a
moderator revokes it by bumping ``token_version``.
"""

from __future__ import annotations

from django.conf import settings
from django.core import signing

from games.models import Seat

_SALT = "games.seat-token"


def seat_token(seat: Seat) -> str:
    """The secret token of ``seat`` (its current ``token_version``)."""
    return signing.Signer(salt=_SALT).sign_object({"s": seat.pk, "v": seat.token_version})


def seat_from_token(token: str) -> Seat | None:
    """The seat a token belongs to, or ``None`` for a forged, garbled or revoked token."""
    try:
        data = signing.Signer(salt=_SALT).unsign_object(token)
    except (signing.BadSignature, ValueError, UnicodeError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("s"), int):
        return None
    seat = Seat.objects.select_related("game").filter(pk=data["s"]).first()
    if seat is None or seat.token_version != data.get("v"):
        return None
    return seat


def seat_link(seat: Seat) -> str:
    """The seat's play link, as sent in its emails."""
    return f"{settings.SITE_URL}/play/{seat_token(seat)}/"
