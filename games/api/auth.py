"""Authentication as a seat: ``Authorization: Seat <token>`` (the seat link's secret).

A request with a seat token is authenticated as that seat (``request.auth``);
a signed-in user (session) acts through the seats linked to the account. A
bad token is refused with 403, never silently treated as anonymous.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.request import Request

from games.models import Game, Seat
from games.play import selectors
from games.play.links import seat_claim, seat_from_token

SCHEME = "Seat"


class SeatTokenAuthentication(BaseAuthentication):
    """Authenticate a request by its seat token."""

    def authenticate(self, request: Request) -> tuple[AnonymousUser, Seat] | None:
        token = _token(request)
        if token is None:
            return None
        seat = seat_from_token(token)
        if seat is None:
            raise AuthenticationFailed("The seat token is invalid or has been revoked.")
        return AnonymousUser(), seat


def _token(request: Request) -> str | None:
    scheme, _, token = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
    return token.strip() if scheme == SCHEME else None


def token_claim(request: Request) -> tuple[int, object] | None:
    """The seat id and token version signed by the request's seat token, if it has one whose
    signature holds; nothing is read (``links.seat_claim``)."""
    token = _token(request)
    return None if token is None else seat_claim(token)


class SeatTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    target_class = SeatTokenAuthentication
    name = "seatToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": (
                "Paste `Seat <token>`: the word Seat, a space, then your seat's token, the "
                "part of your play link after `/play/` (`/play/<token>/`)."
            ),
        }


class SessionCookieScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The browser session, named so the docs' Authorize dialog lists the seat token first
    (the schemes are listed by name) and saying that it needs nothing pasted."""

    target_class = "rest_framework.authentication.SessionAuthentication"
    name = "sessionCookie"
    priority = 1  # over drf-spectacular's own cookieAuth

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "cookie",
            "name": settings.SESSION_COOKIE_NAME,
            "description": "A signed-in browser sends its session cookie itself: nothing to paste.",
        }


def caller_seat(request: Request, game: Game) -> Seat | None:
    """The caller's seat in ``game``: by seat token, else by the signed-in user."""
    if isinstance(request.auth, Seat):
        return request.auth if request.auth.game_id == game.pk else None
    return selectors.seat_of_user(game=game, user=request.user)
