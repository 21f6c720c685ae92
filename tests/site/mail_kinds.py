"""One email of every kind the service sends, caused through its services, for the mail tests.

The kinds are listed from the code (every ``*_subject.txt`` template, plus the
kinds that borrow another's templates), so a new kind without a case here
fails the tests that use :func:`mail_of_every_kind`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from games.leagues.services import league_create, league_sign_up, leagues_sweep
from games.mail.compose import TEMPLATE_OF
from games.mail.digest import OVERDUE, digest_send
from games.mail.notices import (
    order_played_mail_queue,
    reminder_mail_queue,
    reply_mail_queue,
    timeout_mails_queue,
)
from games.models import Game, Invitation, MailPreference, NoticeChannel, OutboundMail, Seat
from games.moderation import actions
from games.notices import delivery
from games.people.accounts import player_create
from games.play.chat import chat_post
from games.play.lobby import SeatSpec, invitation_accept, table_create
from games.play.open_seats import open_seat_confirm, open_seat_take
from games.play.services import move_submit
from games.play.sign_in import sign_in_request
from games.store.loading import engine_for, load_state
from tests.clock import T0


@pytest.fixture
def own_cache(fresh_cache: None) -> None:
    """A fresh local cache, so the sign-in request limits never carry over between tests."""


def kinds_in_code() -> set[str]:
    """Every kind of email the service can send, as its templates list them."""
    folder = Path(settings.BASE_DIR) / "templates" / "games" / "mail"
    own = {path.name.removesuffix("_subject.txt") for path in folder.glob("*_subject.txt")}
    return own | set(TEMPLATE_OF)


@dataclass(frozen=True)
class Cast:
    """What the players and the moderator write: names, the table's name, chat, reasons."""

    first: str = "Anne"
    second: str = "Bart"
    table: str = ""
    chat: str = "Good luck, and may the wind be with you!"
    reason: str = "checking a report about the last move"
    reply: str = "plcae F4"


def _play(game: Game, seat: Seat) -> None:
    """Let the built-in bot make ``seat``'s move, as if the player had."""
    engine = engine_for(game)
    move = engine.bot_move(load_state(game), seat.display_name)
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
    game.refresh_from_db()


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def _league_round(cast: Cast) -> None:
    """Deal a league's round to the two players (a handle has no slash); Anne's email last."""
    league = league_create(
        name=cast.table or "Winter League",
        kind="freibeuter",
        signup_opens_at=T0,
        signup_closes_at=T0 + timedelta(days=1),
        rounds=1,
        round_hours=24,
        now=T0,
    )
    for handle, address in (
        (cast.second.replace("/", ""), "bart@example.org"),
        (cast.first, "anne@example.org"),
    ):
        player = player_create(email=address, handle=handle, now=T0)
        league_sign_up(league=league, player=player, language="en", now=T0)
    leagues_sweep(now=T0 + timedelta(days=1))


def mail_of_every_kind(cast: Cast) -> dict[str, OutboundMail]:
    """Play a Freibeuter table from invitation to result; the newest row of each kind."""
    table = table_create(
        kind="freibeuter",
        name=cast.table,
        seats=[
            SeatSpec(kind="email", name=cast.first, email="anne@example.org"),
            SeatSpec(kind="open"),
        ],
        options={},
    )
    taken = open_seat_take(
        table=table, name=cast.second, email="bart@example.org", language="en", time_zone="UTC"
    )  # a typed address: its confirmation email, then its owner confirms it
    open_seat_confirm(invitation=taken)
    invitation = Invitation.objects.get(table=table, position=0)
    invitation_accept(invitation=invitation, name=cast.first, language="en", time_zone="UTC")
    table.refresh_from_db()
    game = table.game
    assert game is not None
    anne, bart = _seat(game, cast.first), _seat(game, cast.second)
    chat_post(game=game, seat=bart, text=cast.chat, now=T0)
    channel = NoticeChannel.objects.create(
        seat=bart, kind=NoticeChannel.Kind.DISCORD, url="https://hooks.example/1", secret="s"
    )
    delivery._pause(channel, cast.reply, T0)  # what a receiver answered is in its email
    _play(game, anne)  # Bart's turn email tells of Anne's move and his own chat line
    engine = engine_for(game)
    state = load_state(game)
    reminder_mail_queue(game=game, seat=bart, engine=engine, state=state, now=T0)
    reply_mail_queue(
        game=game, seat=bart, accepted=False, text=cast.reply, message="Unknown move.",
        legal=engine.legal_moves(state, bart.display_name)[:1],
        in_reply_to="<reply-1@example.net>", now=T0,
    )  # fmt: skip
    Seat.objects.filter(pk=anne.pk).update(mail_preference=MailPreference.DIGEST)
    _play(game, bart)  # Anne's turn is held for her digest
    reply_mail_queue(
        game=game, seat=bart, accepted=True, text="board 3", in_reply_to="<reply-2@example.net>",
        now=T0,
    )  # fmt: skip
    digest_send(now=T0 + OVERDUE + timedelta(minutes=1))
    Seat.objects.filter(pk=anne.pk).update(mail_preference=MailPreference.EVERY_TURN)
    moderator = User.objects.create_user("mod", "mod@example.org", "x", is_staff=True)
    actions.game_pause(game=game, moderator=moderator, reason=cast.reason, now=T0)
    actions.game_unpause(game=game, moderator=moderator, reason=cast.reason, now=T0)
    game.refresh_from_db()
    anne_move = engine.legal_moves(load_state(game), anne.display_name)[0]
    timeout_mails_queue(game=game, seat=anne, move=anne_move, replaced=True, paused=False, now=T0)
    timeout_mails_queue(game=game, seat=anne, move=None, replaced=False, paused=True, now=T0)
    order_played_mail_queue(game=game, seat=bart, move=anne_move, kind="queued", now=T0)
    while game.status == Game.Status.ACTIVE:
        _play(game, _seat(game, game.to_move[0]))
    _league_round(cast)
    sign_in_request(email="anne@example.org", client_ip="192.0.2.1", now=T0)
    rows = {row.kind: row for row in OutboundMail.objects.order_by("id")}
    rows["turn"] = OutboundMail.objects.filter(kind="turn", seat=bart).order_by("id")[0]
    return rows
