"""A player's own data: everything kept about his address as JSON, and deleting his account.

Events never hold an address (a seat's player is named by his name at the
table, and a seat points to its account by a foreign key), so deleting an
account touches no event and every game replays as before. What deletion
removes is the address and the handle wherever a row holds them: the account
(its address becomes a placeholder that is no address, its handle empty),
the seats and former holdings played from the address (their address empty,
so no email goes to it again), invitations and tables, the outbox (emails
not yet sent are dropped as failed; every row to the address loses address,
content and error), the inbound mail log, the sign-in tokens and the sessions signed in with the
address (on every device, not only the one he deletes from). The webhooks of his seats and
of the tables he hosts go with their notices, and so does his calendar feed. The names at
the tables stay: they are part of the games' records, and the handle is not
one of them. Results and ratings keep pointing at the account row, so every
other player's rating replays the same; the account is off the leaderboards
and its profile is gone.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.sessions.models import Session
from django.db import transaction
from django.db.models import Q

from games.display import game_label
from games.models import (
    CalendarFeed,
    FormerHolder,
    InboundMail,
    Invitation,
    NoticeChannel,
    OutboundMail,
    Player,
    Seat,
    SignInToken,
    StandingAnswers,
    Table,
)
from games.people.reliability import reliability

DELETED_EMAIL = "deleted-{pk}"
"""The placeholder of a deleted account's address (unique, and no address: no ``@``)."""
DELETED_HANDLE_KEY = " deleted {pk}"
"""The placeholder of its handle's key: a leading space, which no normalised handle has."""
UNSENT = (OutboundMail.Status.PENDING, OutboundMail.Status.HELD)


def _seats(player: Player) -> Any:
    return Seat.objects.filter(Q(player=player) | Q(email__iexact=player.email))


def _time(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _fields(row: object, *names: str) -> dict[str, Any]:
    return {name: getattr(row, name) for name in names}


def player_data(*, player: Player, now: datetime) -> dict[str, Any]:
    """Everything the service keeps about ``player``, as JSON-able data: his account, his seats
    with their games, results, mail preferences, playing hours, standing answers and queued
    moves, and webhooks,
    his ratings and reliability at
    ``now``, and the emails written to his address."""
    seats = _seats(player).select_related("game", "result").order_by("game_id")
    figures = reliability(player=player, now=now)
    emails = OutboundMail.objects.filter(to__iexact=player.email).order_by("id")
    orders = {
        seat_id: (answers, queue)
        for seat_id, answers, queue in StandingAnswers.objects.filter(seat__in=seats).values_list(
            "seat_id", "answers", "queue"
        )
    }
    return {
        "account": {
            "handle": player.handle,
            "email": player.email,
            "created_at": _time(player.created_at),
        },
        "seats": [
            {
                "game": seat.game_id,
                "kind": seat.game.kind,
                "title": game_label(seat.game),
                "status": seat.game.status,
                "name": seat.display_name,
                **_fields(seat, "language", "time_zone", "mail_preference"),
                "vacation_until": _time(seat.vacation_until),
                "playing_hours": [
                    hour.isoformat(timespec="minutes") if hour else None
                    for hour in (seat.hours_from, seat.hours_until)
                ],
                "standing_answers": orders.get(seat.pk, ({}, []))[0],
                "queued_moves": orders.get(seat.pk, ({}, []))[1],
                "webhooks": [
                    {"kind": channel.kind, "url": channel.url, "paused": bool(channel.paused_at)}
                    for channel in seat.notice_channels.order_by("id")
                ],
                "result": _result(seat),
            }
            for seat in seats
        ],
        "former_seats": [
            {"game": holding.seat.game_id, "name": holding.seat.display_name}
            for holding in FormerHolder.objects.filter(player=player).select_related("seat")
        ],
        "ratings": [
            _fields(rating, "kind", "mu", "sigma", "ordinal", "games")
            for rating in player.ratings.order_by("kind")
        ],
        "reliability": _fields(figures, "turns", "in_time", "percent", "left"),
        "emails": [
            {
                "kind": mail.kind,
                "game": mail.game_id,
                "language": mail.language,
                "status": mail.status,
                "created_at": _time(mail.created_at),
                "sent_at": _time(mail.sent_at),
            }
            for mail in emails
        ],
    }


def _result(seat: Seat) -> dict[str, Any] | None:
    result = getattr(seat, "result", None)
    if result is None:
        return None
    return _fields(result, "placement", "score", "won", "rated", "mu", "sigma")


@transaction.atomic
def account_delete(*, player: Player, now: datetime) -> None:
    """Delete ``player``'s account: his address and handle leave every row (module docstring);
    games, events, results and ratings stay."""
    email = player.email
    NoticeChannel.objects.filter(
        Q(seat__in=_seats(player)) | Q(table__host_email__iexact=email)
    ).delete()
    CalendarFeed.objects.filter(player=player).delete()
    _seats(player).update(email="")
    FormerHolder.objects.filter(Q(player=player) | Q(email__iexact=email)).update(email="")
    Invitation.objects.filter(email__iexact=email).update(email="")
    Table.objects.filter(host_email__iexact=email).update(host_email="")
    mails = OutboundMail.objects.filter(to__iexact=email)
    mails.filter(status__in=UNSENT).update(status=OutboundMail.Status.FAILED)
    mails.update(to="", context={}, error="")
    InboundMail.objects.filter(sender__iexact=email).update(sender="", message_id="", detail="")
    InboundMail.objects.filter(detail__icontains=email).update(detail="")
    SignInToken.objects.filter(email__iexact=email).delete()
    signed_in = [
        session.pk
        for session in Session.objects.iterator()
        if str(session.get_decoded().get("email", "")).lower() == email
    ]
    Session.objects.filter(pk__in=signed_in).delete()
    player.email = DELETED_EMAIL.format(pk=player.pk)
    player.handle = ""
    player.handle_key = DELETED_HANDLE_KEY.format(pk=player.pk)
    player.deleted_at = now
    player.save(update_fields=["email", "handle", "handle_key", "deleted_at"])
