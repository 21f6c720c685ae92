"""A whole Flußpiraten game is played by email replies alone.

Every decision — the deploy, announcements, paths after the service's roll,
both rowers' sealed choices, turntable wishes, piling in — is a reply to a
turn email with the move's text notation on its first line, as a player's
mail program would send it (quoting the turn email under it).
"""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

from games.mail.inbound import mail_receive
from games.models import Event, Game, OutboundMail, Seat
from games.play.links import reply_address
from games.play.services import PlayerSpec, game_create
from games.store import events
from games.store.loading import engine_for, load_state

NAMES = ("Volker", "Birgit", "Dieter")
MAX_REPLIES = 2_000


def _reply(seat: Seat, text: str) -> str:
    turn = OutboundMail.objects.filter(seat=seat, kind="turn").order_by("-pk").first()
    assert turn is not None, f"{seat.display_name} was never told it is his turn"
    message = EmailMessage()
    message["From"] = f"{seat.display_name} <{seat.email}>"
    message["To"] = reply_address(seat)
    message["Subject"] = "Re: your turn"
    message["In-Reply-To"] = f"<{turn.message_id}>"
    message["Message-ID"] = make_msgid(domain="players.example")
    message.set_content(f"{text}\n\n> It is your turn.\n")
    return mail_receive(raw=message.as_bytes())


def test_a_game_with_rowing_tests_is_played_to_its_end_by_email_replies(db: None) -> None:
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES]
    game = game_create(kind="flusspiraten", players=players, seed=11)
    engine = engine_for(game)
    replies = 0
    while game.status == Game.Status.ACTIVE and replies < MAX_REPLIES:
        name = game.to_move[0]
        move = engine.bot_move(load_state(game), name)
        assert _reply(game.seats.get(display_name=name), engine.format_move(move)) == "played"
        replies += 1
        game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.winners
    moves = Event.objects.filter(game=game, type=events.MOVE)
    # Nobody was played for; only a pass the rules force is made by the service.
    assert not moves.filter(payload__auto=True).exclude(actor="system:pass").exists()
    assert moves.filter(move_id__isnull=False).count() == replies
    assert moves.filter(payload__move__type="choose").count() >= 2  # a rowing test, both rowers
    rolled = moves.filter(payload__move__has_key="roll")
    assert rolled.exists()  # the service rolled the dice
