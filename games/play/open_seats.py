"""Open seats: taken by whoever has the table's link, and tied to an address only once verified.

A stranger types any address he likes, so a typed address is not believed:

* a player signed in by email (his session names the address his sign-in link
  verified) takes the seat with that address, and the seat counts for its
  account at once;
* any other address is kept aside as the seat's ``pending_email``: the seat is
  the taker's (he gets its play link), but it has no address, so no email, no
  account, no place on a profile, in a reliability or in a rating. The address
  is mailed one confirmation (``signals.confirmation_asked``), counted against the
  quota of email sent unasked (:mod:`games.play.recipients`, which also keeps
  "never invite me"); its owner's confirmation (:func:`open_seat_confirm`)
  gives the seat the address and its account, before or after the deal, while
  the game is not over and the seat is still the one that was taken.

A table that asks for a reliability (``min_reliability``) takes only players
signed in with an account that has it (:class:`SignInNeeded` otherwise): the
figure of an address nobody verified would be anyone's.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.utils import timezone

from games.errors import Conflict, Forbidden
from games.models import Game, Invitation, Seat, Table
from games.people.accounts import seats_attach
from games.people.reliability import reliabilities_of_emails
from games.play.links import unsigned
from games.play.lobby import SeatGone, acceptance_seat, accepted_stamp, seat_take
from games.play.recipients import address_hash, lock_addresses, may_mail_unasked
from games.play.signals import confirmation_asked

_CONFIRMATION_SALT = "games.open-seat-confirmation"


class TooUnreliable(Forbidden):
    """The open seat's table asks for more turns moved in time than the player has."""

    code = "too_unreliable"


class SignInNeeded(Forbidden):
    """The open seat's table asks for a reliability, and the joiner is not signed in with an
    account whose figure could be checked."""

    code = "sign_in_needed"


class ConfirmationTooLate(Conflict):
    """The seat's game is over (or its table cancelled): its address can no longer be tied."""

    code = "confirmation_too_late"


class SeatChangedHands(Conflict):
    """The seat was given to another player or the bot since it was taken (or its link was
    renewed): the address asked to confirm is no longer its player's."""

    code = "seat_changed_hands"


def confirmation_link(invitation: Invitation) -> str:
    """The link mailed to an open seat's typed address, which ties the seat to it: it signs the
    invitation and the instant it was taken, so it confirms that one taking and no later one."""
    token = signing.Signer(salt=_CONFIRMATION_SALT).sign_object(
        {"c": invitation.pk, "at": accepted_stamp(invitation)}
    )
    return f"{settings.SITE_URL}/seats/confirm/{token}/"


def confirmation_from_token(token: str) -> Invitation | None:
    """The open seat a confirmation token was made for, or ``None`` (forged, garbled, or a
    seat taken anew since)."""
    data = unsigned(_CONFIRMATION_SALT, token)
    if data is None or not isinstance(data.get("c"), int):
        return None
    found = Invitation.objects.select_related("table", "seat__game").filter(pk=data["c"]).first()
    if found is None or found.accepted_at is None or data.get("at") != accepted_stamp(found):
        return None
    return found


def _check_reliable(table: Table, verified: str) -> None:
    """SignInNeeded unless the signed-in address ``verified`` has an account, TooUnreliable if
    it moved fewer of its turns in time than ``table`` asks; nothing for a table that asks
    for no figure."""
    if table.min_reliability is None:
        return
    figures = reliabilities_of_emails(emails=[verified], now=timezone.now()) if verified else {}
    found = figures.get(verified.lower())
    if found is None:
        raise SignInNeeded(
            f"This table's open seats are for players who moved at least "
            f"{table.min_reliability} % of their turns in time, so it needs to know who you are: "
            "sign in with your email address first, then join.",
            minimum=str(table.min_reliability),
        )
    if not found.meets(table.min_reliability):
        raise TooUnreliable(
            f"This table's open seats are for players who moved at least "
            f"{table.min_reliability} % of their turns in time in the last 12 months; "
            f"you moved {found.percent} % ({found.in_time} of {found.turns}).",
            share=str(found.percent),
            minimum=str(table.min_reliability),
        )


@transaction.atomic
def open_seat_take(
    *,
    table: Table,
    name: str,
    email: str,
    language: str,
    time_zone: str,
    verified_email: str = "",
    standing: dict[str, Any] | None = None,
) -> Invitation:
    """Give a stranger the table's first open seat, with the answers he gives now
    (``standing``, as ``lobby.seat_take`` takes them); the last seat taken deals the game.

    ``verified_email`` is the address the joiner is signed in with: the seat gets it when
    ``email`` is blank or the same. Another ``email`` waits for its owner's confirmation
    (mailed if the address may be mailed unasked). SignInNeeded or TooUnreliable if the
    table asks for a reliability the joiner does not show."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    invitation = (
        table.invitations.filter(kind=Invitation.Kind.OPEN, accepted_at__isnull=True)
        .order_by("position")
        .first()
    )
    if table.status != Table.Status.OPEN or invitation is None:
        raise SeatGone("This table has no open seat any more.")
    typed, verified = email.strip(), verified_email.strip()
    bound = verified if verified and typed.lower() in ("", verified.lower()) else ""
    _check_reliable(table, bound)
    invitation.pending_email = "" if bound else typed
    seat_take(
        table,
        invitation,
        name=name,
        language=language,
        time_zone=time_zone,
        email=bound,
        standing=standing,
    )
    if invitation.pending_email:
        lock_addresses([address_hash(invitation.pending_email)])
        if may_mail_unasked(invitation.pending_email, timezone.now()):
            confirmation_asked.send(
                sender=Table, table=table, invitation=invitation, link=confirmation_link(invitation)
            )
    return Invitation.objects.select_related("seat", "table").get(pk=invitation.pk)


@transaction.atomic
def open_seat_confirm(*, invitation: Invitation) -> Invitation:
    """Tie an open seat to the address its taker typed: the seat (once dealt) gets the address
    and the address's account. A seat confirmed already stays so.

    ConfirmationTooLate once the game is over or the table cancelled; SeatChangedHands once
    a moderator or a timeout gave the seat to someone else (or renewed its link)."""
    table = Table.objects.select_for_update().get(pk=invitation.table_id)
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if not invitation.pending_email:
        return invitation
    if table.status == Table.Status.CANCELLED:
        raise ConfirmationTooLate("This table was cancelled; there is no seat to confirm.")
    seat: Seat | None = None
    if invitation.seat_id is not None:
        game_id = Seat.objects.values_list("game_id", flat=True).get(pk=invitation.seat_id)
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.is_over:
            raise ConfirmationTooLate(
                "This game is over: its seat can no longer be tied to your address."
            )
        seat = acceptance_seat(invitation)
        if seat is None:
            raise SeatChangedHands(
                "This seat has changed hands since it was taken: it can no longer be tied to "
                "your address."
            )
    invitation.email, invitation.pending_email = invitation.pending_email, ""
    invitation.save(update_fields=["email", "pending_email"])
    if seat is not None:
        Seat.objects.filter(pk=seat.pk).update(email=invitation.email)
        seats_attach(seats=Seat.objects.filter(pk=seat.pk))
    return invitation
