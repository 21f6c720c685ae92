"""Reads for the dashboard's open tables: lobby tables whose host listed them, with a seat
open to anyone, newest first, each with what every visitor may see of it (its game and name,
its host's handle, the players who have taken their seats, the reliability its open seats ask
for, the open seats left) and the link to its open-seat page, where the lobby's own checks
decide who may take a seat. No address and no invitation link leaves this module.

The host's address is typed in the lobby's form by anyone, so it names the host only once it
is proven: when a seat taken at the table holds it (an invitation accepted from its email, or
an open seat taken signed in or confirmed), its account's handle is shown."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q

from engine.base import get_game
from games.models import Invitation, Player, Table
from games.play.lobby import open_seat_token

OPEN_TABLES_SHOWN = 20


@dataclass(frozen=True)
class OpenTable:
    """One open table as the dashboard lists it."""

    game: str
    title: str
    host: str
    seated: list[str]
    min_reliability: int | None
    seats_left: int
    join_token: str


def open_tables(*, limit: int = OPEN_TABLES_SHOWN) -> list[OpenTable]:
    """The newest ``limit`` listed tables still forming with an open seat nobody has taken."""
    free = Q(invitations__kind=Invitation.Kind.OPEN, invitations__accepted_at__isnull=True)
    seated = Invitation.objects.filter(accepted_at__isnull=False).order_by("position")
    tables = list(
        Table.objects.filter(status=Table.Status.OPEN, listed=True)
        .annotate(seats_left=Count("invitations", filter=free))
        .filter(seats_left__gt=0)
        .order_by("-created_at", "-id")
        .prefetch_related(Prefetch("invitations", seated, to_attr="seated"))[:limit]
    )
    hosts = _hosts(
        {
            table.pk: (table.host_email, [invitation.email for invitation in table.seated])
            for table in tables
        }
    )
    return [
        OpenTable(
            game=get_game(table.kind).TITLE,
            title=table.name,
            host=hosts.get(table.pk, ""),
            seated=[invitation.display_name for invitation in table.seated],
            min_reliability=table.min_reliability,
            seats_left=table.seats_left,
            join_token=open_seat_token(table),
        )
        for table in tables
    ]


def _hosts(addresses: dict[int, tuple[str, list[str]]]) -> dict[int, str]:
    """The handle of each table's host (by table: the host's address and those of its taken
    seats) whose address holds one of its taken seats."""
    proven = {}
    for pk, (host, seats) in addresses.items():
        host = host.strip().lower()
        if host and host in {seat.strip().lower() for seat in seats}:
            proven[pk] = host
    accounts = Player.objects.filter(email__in=proven.values(), deleted_at__isnull=True)
    handles = dict(accounts.values_list("email", "handle"))
    return {pk: handles[email] for pk, email in proven.items() if email in handles}
