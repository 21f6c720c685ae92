"""The models of the service, one module per concern; every model is importable from here.

``core``: games, seats and their immutable events (the event store and its projections), and
the beat's sweep records; ``mail``: the outbox, received replies, sign-in tokens, opt-outs;
``lobby``: tables and invitations; ``people``: accounts, former seat holders, results and
ratings; ``leagues``: leagues, their event stream and the projections kept from it.
"""

from games.models.core import (
    Event,
    EventQuerySet,
    Game,
    ImmutableEventError,
    ImmutableQuerySet,
    ImmutableRow,
    MailPreference,
    Seat,
    SweepRecord,
)
from games.models.leagues import League, LeagueEntry, LeagueEvent, LeagueEventQuerySet, LeagueTable
from games.models.lobby import Invitation, Table
from games.models.mail import InboundMail, InvitationOptOut, OutboundMail, SignInToken
from games.models.people import FormerHolder, GameResult, Player, Rating

__all__ = [
    "ImmutableEventError",
    "Game",
    "MailPreference",
    "Seat",
    "ImmutableQuerySet",
    "EventQuerySet",
    "ImmutableRow",
    "Event",
    "SweepRecord",
    "OutboundMail",
    "InboundMail",
    "SignInToken",
    "InvitationOptOut",
    "Table",
    "Invitation",
    "Player",
    "FormerHolder",
    "GameResult",
    "Rating",
    "League",
    "LeagueEventQuerySet",
    "LeagueEvent",
    "LeagueEntry",
    "LeagueTable",
]
