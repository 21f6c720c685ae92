"""The models of the service, one module per concern (``core``, ``mail``, ``notices``,
``lobby``, ``people``, ``leagues``, ``standing``); every model is importable from here."""

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
from games.models.notices import CalendarFeed, Notice, NoticeChannel
from games.models.people import FormerHolder, GameResult, Player, Rating
from games.models.standing import StandingAnswers

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
    "NoticeChannel",
    "CalendarFeed",
    "Notice",
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
    "StandingAnswers",
]
