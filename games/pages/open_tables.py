"""Reads for the dashboard's open tables: lobby tables with a seat open to anyone, newest
first, each with what every visitor may see of it (its game and name, the players who have
taken their seats, the reliability its open seats ask for, the open seats left) and the link
to its open-seat page, where the lobby's own checks decide who may take a seat. Invited
addresses, the host's address and the seats' invitation links are never read here."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q

from engine.base import get_game
from games.models import Invitation, Table
from games.play.lobby import open_seat_token

OPEN_TABLES_SHOWN = 20


@dataclass(frozen=True)
class OpenTable:
    """One open table as the dashboard lists it."""

    game: str
    title: str
    seated: list[str]
    min_reliability: int | None
    seats_left: int
    join_token: str


def open_tables(*, limit: int = OPEN_TABLES_SHOWN) -> list[OpenTable]:
    """The newest ``limit`` tables still forming with an open seat nobody has taken."""
    free = Q(invitations__kind=Invitation.Kind.OPEN, invitations__accepted_at__isnull=True)
    seated = Invitation.objects.filter(accepted_at__isnull=False).order_by("position")
    tables = (
        Table.objects.filter(status=Table.Status.OPEN)
        .annotate(seats_left=Count("invitations", filter=free))
        .filter(seats_left__gt=0)
        .order_by("-created_at", "-id")
        .prefetch_related(Prefetch("invitations", seated, to_attr="seated"))[:limit]
    )
    return [
        OpenTable(
            game=get_game(table.kind).TITLE,
            title=table.name,
            seated=[invitation.display_name for invitation in table.seated],
            min_reliability=table.min_reliability,
            seats_left=table.seats_left,
            join_token=open_seat_token(table),
        )
        for table in tables
    ]
