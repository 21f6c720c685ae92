"""Seat tokens: the secret in a seat's email link and in ``Authorization: Seat <token>``.

A token is the seat id and its ``token_version`` signed with Django's signing.
It never expires, since correspondence games are long; a moderator revokes it
by bumping ``token_version``. A seat's emails also carry a
mail-settings token, signed the same way with its own salt, that opens only the
seat's mail settings (its footer link and ``List-Unsubscribe``): headers and
links that mail providers read, scan and keep never hold the key to the game.
"""

from __future__ import annotations

import base64
from typing import Any

from django.conf import settings
from django.core import signing
from django.utils.crypto import constant_time_compare, salted_hmac

from games.models import Seat
from games.store.repository import seat_with_game

_SALT = "games.seat-token"
_MAIL_SETTINGS_SALT = "games.mail-settings"


def _signed(salt: str, seat: Seat) -> str:
    return signing.Signer(salt=salt).sign_object({"s": seat.pk, "v": seat.token_version})


def seat_token(seat: Seat) -> str:
    """The secret token of ``seat`` (its current ``token_version``)."""
    return _signed(_SALT, seat)


def mail_settings_token(seat: Seat) -> str:
    """The token that opens ``seat``'s mail settings and nothing else (revoked with its seat
    token by a ``token_version`` bump)."""
    return _signed(_MAIL_SETTINGS_SALT, seat)


def unsigned(salt: str, token: str) -> dict[str, Any] | None:
    """What a token signed with ``salt`` carries, or ``None`` for a forged or garbled one."""
    try:
        data = signing.Signer(salt=salt).unsign_object(token)
    except (signing.BadSignature, ValueError, UnicodeError):
        return None
    return data if isinstance(data, dict) else None


def _claim(salt: str, token: str) -> tuple[int, object] | None:
    data = unsigned(salt, token)
    if data is None or not isinstance(data.get("s"), int):
        return None
    return data["s"], data.get("v")


def seat_claim(token: str) -> tuple[int, object] | None:
    """The seat id and ``token_version`` a token signs, if its signature holds (nothing is
    read: whether the seat still has that version is the caller's to check)."""
    return _claim(_SALT, token)


def _seat_signed(salt: str, token: str) -> Seat | None:
    claim = _claim(salt, token)
    if claim is None:
        return None
    seat = seat_with_game(claim[0])  # with its game: the API acts on it
    if seat is None or seat.token_version != claim[1]:
        return None
    return seat


def seat_from_token(token: str) -> Seat | None:
    """The seat a token belongs to, or ``None`` for a forged, garbled or revoked token."""
    return _seat_signed(_SALT, token)


def seat_from_mail_settings_token(token: str) -> Seat | None:
    """The seat whose mail settings ``token`` opens, or ``None`` (forged, garbled or revoked)."""
    return _seat_signed(_MAIL_SETTINGS_SALT, token)


def seat_link(seat: Seat) -> str:
    """The seat's play link, as sent in its emails."""
    return f"{settings.SITE_URL}/play/{seat_token(seat)}/"


_REPLY_SALT = "games.reply-address"
REPLY_PREFIX = "play+"


def _reply_mac(seat_id: int, version: int) -> str:
    digest = salted_hmac(_REPLY_SALT, f"{seat_id}.{version}", algorithm="sha256").digest()
    return base64.b32encode(digest[:10]).decode("ascii").lower()


def reply_address(seat: Seat) -> str:
    """The seat's ``Reply-To``: ``play+<seat>.<version>.<mac>@MAIL_DOMAIN``.

    Shorter than the link token (an address's local part has at most 64
    characters), lower case (some mail servers fold case) and with an 80-bit
    MAC, revoked with the link by a ``token_version`` bump.
    """
    tag = f"{seat.pk}.{seat.token_version}.{_reply_mac(seat.pk, seat.token_version)}"
    return f"{REPLY_PREFIX}{tag}@{settings.MAIL_DOMAIN}"


def seat_from_reply_address(address: str) -> Seat | None:
    """The seat whose reply address ``address`` is, or ``None`` (forged, garbled or revoked)."""
    local = address.strip().lower().rpartition("@")[0]
    if not local.startswith(REPLY_PREFIX):
        return None
    seat_id, _, rest = local[len(REPLY_PREFIX) :].partition(".")
    version, _, mac = rest.partition(".")
    if not (seat_id.isdigit() and version.isdigit() and len(seat_id) < 19 and len(version) < 9):
        return None
    if not constant_time_compare(mac, _reply_mac(int(seat_id), int(version))):
        return None
    seat = Seat.objects.select_related("game").filter(pk=int(seat_id)).first()
    if seat is None or seat.token_version != int(version):
        return None
    return seat


def preferences_link(seat: Seat) -> str:
    """The seat's mail settings page, by its mail-settings token: its emails' footer link,
    and with ``unsubscribe/`` their one-click ``List-Unsubscribe``."""
    return f"{settings.SITE_URL}/mail-settings/{mail_settings_token(seat)}/"
