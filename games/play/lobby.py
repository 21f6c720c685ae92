"""The lobby: a table of seats to fill, invitations by email, open seats, then the deal.

A game's first event fixes its players' names (the engine deals to them), so
the lobby keeps a :class:`~games.models.Table` until every seat is taken:
bots at once, invited players when they accept their invitation link (and
choose their name, language and time zone), open seats by whoever joins
first (``games.play.open_seats``). Taking the last seat deals the game with
``game_create`` in the same transaction. An invitation link only ever opens its
invitation: once accepted it leads nowhere, and the accepter alone gets his own
link (:func:`acceptance_token`), which leads to his seat while the seat keeps its
first token. Writes lock the table row, so two people can never take one seat. The
invitations and the deal are told by signal (``signals.seat_invited``,
``signals.table_started``) to ``games.mail``, which writes their emails in the same
transaction.

A player taking his seat may answer at once a question his game asks every player as it
begins (a deploy): the answer waits on his invitation (``Invitation.standing``), shown to
nobody, becomes his seat's standing answer at the deal and is played once the deal commits
(``games.play.standing``).

Invitations are mailed to addresses nobody has confirmed, so three limits keep
the lobby from being a mail relay:

* per client network (``accounts.client_network`` of the address the web layer
  passes), at most :data:`INVITE_CLIENT_LIMIT` tables that invite by email in
  :data:`INVITE_CLIENT_WINDOW`, counted in the cache as the sign-in limits are;
  past it the table is refused (:class:`InvitationsLimited`);
* per recipient, the quota of email sent unasked (:mod:`games.play.recipients`):
  a further invitation is not mailed; its table is still opened and the host's
  page gives him its link to pass on;
* an address whose owner chose "never invite me" is never mailed an invitation,
  and one table invites an address once.
"""

from __future__ import annotations

import itertools
import zoneinfo
from dataclasses import dataclass
from datetime import UTC, timedelta
from typing import Any

from django.conf import settings
from django.core import signing
from django.db import transaction
from django.utils import timezone

from engine.base import get_game
from games.errors import Conflict, Refused, TooMany
from games.kinds import has_kind
from games.models import Invitation, OutboundMail, Seat, Table
from games.names import NameTaken, name_clean, name_key, names_clean
from games.play.levels import level_checked, options_checked
from games.play.links import unsigned
from games.play.recipients import address_hash, lock_addresses, may_mail_unasked
from games.play.services import PlayerSpec, game_create
from games.play.sign_in import client_network, counted
from games.play.signals import seat_invited, table_started
from games.timecontrol.deadlines import time_control

_INVITATION_SALT = "games.invitation"
_TABLE_SALT = "games.table"
_ACCEPTANCE_SALT = "games.acceptance"
LANGUAGES = [code for code, _name in settings.LANGUAGES]
INVITE_CLIENT_LIMIT = 10
INVITE_CLIENT_WINDOW = timedelta(hours=1)


class LobbyError(Refused):
    """A table or an invitation request the lobby cannot carry out."""

    code = "lobby_error"


class SeatGone(Conflict):
    """The invitation was accepted already, or the table's open seats are taken."""

    code = "seat_gone"


class InvitationsLimited(TooMany):
    """The client's network opened its share of tables that invite by email; it may again later
    (the lobby page words it in the reader's language)."""

    code = "lobby_error"

    def __init__(self) -> None:
        minutes = int(INVITE_CLIENT_WINDOW.total_seconds()) // 60
        super().__init__(
            f"Too many games with invitations came from your network; try again in {minutes} "
            "minutes.",
            minutes=minutes,
        )


def invitation_mailed(invitation: Invitation) -> bool:
    """Whether ``invitation``'s email was written (the host's page says which were not)."""
    return OutboundMail.objects.filter(
        kind="invitation", context__link=invitation_link(invitation)
    ).exists()


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a new table: ``kind`` is ``email``, ``open`` or ``bot`` (at ``level``)."""

    kind: str
    name: str = ""
    email: str = ""
    language: str = "en"
    level: str = "easy"


def invitation_token(invitation: Invitation) -> str:
    """The secret of an invitation's link."""
    return signing.Signer(salt=_INVITATION_SALT).sign_object({"i": invitation.pk})


def invitation_from_token(token: str) -> Invitation | None:
    """The invitation a token belongs to, or ``None`` for a forged or garbled one."""
    data = unsigned(_INVITATION_SALT, token)
    if data is None or not isinstance(data.get("i"), int):
        return None
    return Invitation.objects.select_related("table", "seat").filter(pk=data["i"]).first()


def accepted_stamp(invitation: Invitation) -> str:
    """The instant ``invitation`` was accepted, as its links sign it (one acceptance, not
    another of the same seat)."""
    assert invitation.accepted_at is not None
    return invitation.accepted_at.astimezone(UTC).isoformat()


def acceptance_token(invitation: Invitation) -> str:
    """The secret of the accepter's own link to his seat, given only in his acceptance's answer.

    It signs the invitation and the instant it was accepted, so no one else (the host
    included, who knows the invitation link) can make it.
    """
    return signing.Signer(salt=_ACCEPTANCE_SALT).sign_object(
        {"a": invitation.pk, "at": accepted_stamp(invitation)}
    )


def acceptance_from_token(token: str) -> Invitation | None:
    """The accepted invitation of an accepter's link, or ``None`` (forged, garbled, not this
    acceptance's)."""
    data = unsigned(_ACCEPTANCE_SALT, token)
    if data is None or not isinstance(data.get("a"), int):
        return None
    found = Invitation.objects.select_related("table", "seat").filter(pk=data["a"]).first()
    if found is None or found.accepted_at is None or data.get("at") != accepted_stamp(found):
        return None
    return found


FIRST_TOKEN_VERSION = Seat._meta.get_field("token_version").get_default()


def acceptance_seat(invitation: Invitation) -> Seat | None:
    """The seat an accepter's link leads to: his dealt seat while it still has the token it was
    dealt with. A moderator's reissue, a replacement or removal, or a timeout's handing to the
    bot bumps the token, and the accepter's link then leads nowhere."""
    seat = invitation.seat
    if seat is None or seat.is_bot or seat.token_version != FIRST_TOKEN_VERSION:
        return None
    return seat


_OPEN_SEAT_SALT = "games.open-seat"


def open_seat_token(table: Table) -> str:
    """The secret of a table's open-seat page, which the host passes on (table ids are
    sequential, so the page is not reached by its id)."""
    return signing.Signer(salt=_OPEN_SEAT_SALT).sign_object({"o": table.pk})


def table_from_open_seat_token(token: str) -> Table | None:
    """The table of an open-seat token, or ``None``."""
    data = unsigned(_OPEN_SEAT_SALT, token)
    if data is None or not isinstance(data.get("o"), int):
        return None
    return Table.objects.filter(pk=data["o"]).first()


def table_token(table: Table) -> str:
    """The secret of the host's page of a table."""
    return signing.Signer(salt=_TABLE_SALT).sign_object({"t": table.pk})


def table_from_token(token: str) -> Table | None:
    """The table of a host token, or ``None``."""
    data = unsigned(_TABLE_SALT, token)
    if data is None or not isinstance(data.get("t"), int):
        return None
    return Table.objects.filter(pk=data["t"]).first()


def invitation_link(invitation: Invitation) -> str:
    """The link an invited player opens to accept."""
    return f"{settings.SITE_URL}/invite/{invitation_token(invitation)}/"


def _check_player(name: str, language: str, time_zone: str) -> str:
    """The player's name in normal form; LobbyError for a bad language or time zone."""
    name = name_clean(name)
    if language not in LANGUAGES:
        raise LobbyError(f"The language must be one of {', '.join(LANGUAGES)}.")
    if time_zone not in zoneinfo.available_timezones():
        raise LobbyError(f"{time_zone!r} is not a time zone such as Europe/Berlin.")
    return name


def _seat_names(seats: list[SeatSpec]) -> list[str]:
    """The names a new table's seats start with (bots numbered, open seats none), all distinct."""
    bots = itertools.count(1)
    names = [
        f"Bot {next(bots)}" if seat.kind == "bot" else seat.name if seat.kind == "email" else ""
        for seat in seats
    ]
    names_clean(name for name in names if name)
    return names


@transaction.atomic
def table_create(
    *,
    kind: str,
    seats: list[SeatSpec],
    options: dict[str, Any],
    name: str = "",
    host_email: str = "",
    min_reliability: int | None = None,
    listed: bool = False,
    client_ip: str | None = None,
) -> Table:
    """Open a table, seat its bots and write the invitation emails; deal if nothing is open.

    ``min_reliability`` (per cent) is what a stranger needs to take an open seat;
    ``listed`` puts the open seats on the dashboard's list of open tables.
    ``client_ip`` is the web client's address: a table that invites by email counts
    against its network's limit (:class:`InvitationsLimited` past it). An invitation to
    an address that opted out or had its share is not mailed (:func:`invitation_mailed`)."""
    if not has_kind(kind):
        raise LobbyError(f"{kind} cannot be played on this site yet.")
    engine = get_game(kind)
    if not engine.MIN_PLAYERS <= len(seats) <= engine.MAX_PLAYERS:
        raise LobbyError(
            f"{engine.TITLE} is played by {engine.MIN_PLAYERS} to {engine.MAX_PLAYERS} players."
        )
    time_control(options)  # raises BadOptions, the deadline module's own check
    options_checked(options)
    names = _seat_names(seats)
    bots = {
        names[i]: level_checked(seat.level) for i, seat in enumerate(seats) if seat.kind == "bot"
    }
    if bots:
        options = {**options, "bots": bots}
    addresses = [address_hash(seat.email) for seat in seats if seat.kind == "email"]
    if len(set(addresses)) < len(addresses):
        raise LobbyError("A table invites each email address once.")
    if addresses and client_ip is not None:
        network = client_network(client_ip)
        if counted(f"invite:client:{network}", window=INVITE_CLIENT_WINDOW) > INVITE_CLIENT_LIMIT:
            raise InvitationsLimited()
    lock_addresses(addresses)
    table = Table.objects.create(
        kind=kind,
        name=name.strip()[:60],
        options=options,
        host_email=host_email,
        min_reliability=min_reliability,
        listed=listed,
    )
    now = timezone.now()
    invited = []
    for position, seat in enumerate(seats):
        invitation = Invitation(table=table, position=position, kind=seat.kind)
        if seat.kind == "bot":
            invitation.display_name = names[position]
            invitation.accepted_at = now
        elif seat.kind == "email":
            invitation.display_name = _check_player(seat.name, seat.language, "UTC")
            if "@" not in seat.email:
                raise LobbyError(
                    f"{invitation.display_name} needs an email address for the invitation."
                )
            invitation.email = seat.email.strip()
            invitation.language = seat.language
        elif seat.kind != "open":
            raise LobbyError(f"A seat is invited by email, open or a bot, not {seat.kind!r}.")
        invitation.save()
        if invitation.kind == "email":
            invited.append(invitation)
    for invitation in invited:  # once every seat is saved, so each email names them all
        if may_mail_unasked(invitation.email, now):
            seat_invited.send(sender=Table, table=table, invitation=invitation)
    _start_when_full(table)
    return table


def _start_when_full(table: Table) -> None:
    """Deal the game once every seat is taken, with the answers given with the seats as the
    seats' standing answers (played once the deal commits, as a move's are)."""
    invitations = list(table.invitations.order_by("position"))
    if any(invitation.accepted_at is None for invitation in invitations):
        return
    game = game_create(
        kind=table.kind,
        players=[
            PlayerSpec(
                name=invitation.display_name,
                email=invitation.email,
                language=invitation.language,
                time_zone=invitation.time_zone,
                is_bot=invitation.kind == "bot",
                standing=invitation.standing,
            )
            for invitation in invitations
        ],
        options={**table.options, **({"name": table.name} if table.name else {})},
        actor="system:lobby",
    )
    seats = {seat.position: seat for seat in game.seats.all()}
    for invitation in invitations:
        invitation.seat = seats[invitation.position]
        invitation.save(update_fields=["seat"])
    table_started.send(sender=Table, table=table, game=game, invitations=invitations)
    table.game = game
    table.status = Table.Status.STARTED
    table.save(update_fields=["game", "status"])


def standing_checked(kind: str, standing: dict[str, Any]) -> dict[str, Any]:
    """``standing``, the answers given with a seat of a ``kind`` table, question by rule, once
    checked: each to a question the game asks every player as it begins, one it takes."""
    rules = get_game(kind).standing
    for question, rule in standing.items():
        if rules is None or question not in rules.AT_THE_START:
            raise LobbyError(f"{get_game(kind).TITLE} asks no {question!r} before the game.")
        error = rules.rule_error(question, rule)
        if error is not None:
            raise LobbyError(error)
    return standing


def seat_take(
    table: Table,
    invitation: Invitation,
    *,
    name: str,
    language: str,
    time_zone: str,
    email: str,
    standing: dict[str, Any] | None = None,
) -> None:
    """Give ``invitation``'s seat to its taker under ``name`` (in the locked ``table``), with
    ``email`` if one is given and the answers he gives now (``standing``, question by rule:
    :func:`standing_checked`); the last seat taken deals the game."""
    name = _check_player(name, language, time_zone)
    invitation.standing = standing_checked(table.kind, standing or {})
    others = table.invitations.exclude(accepted_at__isnull=True).exclude(pk=invitation.pk)
    taken = {name_key(other) for other in others.values_list("display_name", flat=True)}
    if name_key(name) in taken:
        raise NameTaken(f"Someone at this table is already called {name}.")
    invitation.display_name = name
    invitation.language = language
    invitation.time_zone = time_zone
    invitation.email = email.strip() or invitation.email
    invitation.accepted_at = timezone.now()
    invitation.save()
    _start_when_full(table)


@transaction.atomic
def invitation_accept(
    *,
    invitation: Invitation,
    name: str,
    language: str,
    time_zone: str,
    standing: dict[str, Any] | None = None,
) -> Invitation:
    """Take the invited seat under ``name``, with the answers given now (``standing``, as
    :func:`seat_take` takes them); the last seat taken deals the game."""
    table = Table.objects.select_for_update().get(pk=invitation.table_id)
    invitation = Invitation.objects.get(pk=invitation.pk)
    if table.status != Table.Status.OPEN or invitation.accepted_at is not None:
        raise SeatGone("This invitation has already been accepted.")
    if invitation.kind != Invitation.Kind.EMAIL:
        raise LobbyError("Only a seat invited by email is taken by its invitation.")
    seat_take(
        table,
        invitation,
        name=name,
        language=language,
        time_zone=time_zone,
        email="",
        standing=standing,
    )
    return Invitation.objects.select_related("seat", "table").get(pk=invitation.pk)
