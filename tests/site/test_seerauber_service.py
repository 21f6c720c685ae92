"""Seeräuber through the service: moves, forced passes, mutiny timeouts and turn emails.

A ``pass`` that is the only legal move is made by the service
(``auto: true``), a mutineer who does not answer in time declines
(``no_mutiny``), and the turn email shows the table as text.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import make_msgid

from games.interventions.sweep import deadline_sweep
from games.mail.compose import mail_compose
from games.mail.inbound import mail_receive
from games.models import Event, Game, OutboundMail
from games.play.links import reply_address
from games.play.services import PlayerSpec, game_create, move_submit
from games.store import events
from games.store.loading import engine_for, load_state
from tests.clock import T0

NAMES = ("Anne", "Bart", "Cleo", "Dirk")


def _game(players: int = 4, seed: int = 3) -> Game:
    return game_create(
        kind="seerauber",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES[:players]],
        seed=seed,
        now=T0,
    )


def _bot_turn(game: Game, now: datetime) -> None:
    """The player to move makes the bot's move himself."""
    game.refresh_from_db()
    (name,) = game.to_move
    move = engine_for(game).bot_move(load_state(game), name)
    seat = game.seats.get(display_name=name)
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq, now=now)
    game.refresh_from_db()


def _moves(game: Game) -> list[dict]:
    stored = Event.objects.filter(game=game, type=events.MOVE).order_by("seq")
    return [event.payload for event in stored]


def test_a_game_is_played_to_its_end_and_forced_passes_are_made_for_the_player(db: None) -> None:
    game = _game()
    engine = engine_for(game)
    while game.status == Game.Status.ACTIVE:
        state = load_state(game)
        # Nobody is ever left to move with nothing but a pass.
        assert engine.legal_moves(state, game.to_move[0]) != [{"type": "pass"}]
        _bot_turn(game, T0)
    passes = [p for p in _moves(game) if p["move"] == {"type": "pass"}]
    assert passes and all(p.get("auto") is True for p in passes)
    assert game.status == Game.Status.FINISHED and game.winners


def test_a_mutineer_who_does_not_answer_in_time_declines(db: None) -> None:
    game = _game()
    engine = engine_for(game)
    now = T0
    while engine.summary(load_state(game))["table"]["pending"] is None:
        now += timedelta(minutes=1)
        _bot_turn(game, now)
    pending = engine.summary(load_state(game))["table"]["pending"]
    asked = pending["mutiny_asked"]
    deadline_sweep(now=now + timedelta(days=4))
    game.refresh_from_db()
    timed_out = Event.objects.filter(game=game, type=events.TURN_TIMED_OUT).get()
    assert timed_out.payload["player"] == asked
    answer = Event.objects.filter(game=game, type=events.MOVE, seq__gt=timed_out.seq).first()
    assert answer is not None
    assert answer.payload == {"player": asked, "move": {"type": "no_mutiny"}, "auto": True}


def test_the_turn_email_shows_the_table_ducats_and_the_notation(db: None) -> None:
    game = _game()
    row = OutboundMail.objects.filter(game=game, kind="turn").order_by("id").last()
    assert row is not None and row.to == "anne@example.org"
    message = mail_compose(row)
    text = message.body
    assert "Ships:" in text and "crew" in text
    assert "10 ducats" in text
    assert "stack PIRATE on PIRATE" in text
    assert any(line.strip().startswith(("stack ", "board ")) for line in text.splitlines())
    assert message.attachments  # and drawn as a picture (tests/site/test_seerauber_png.py)


def test_a_move_replied_by_email_in_the_text_notation_is_played(db: None) -> None:
    game = _game()
    anne = game.seats.get(display_name="Anne")
    message = EmailMessage()
    message["From"] = f"Anne <{anne.email}>"
    message["To"] = reply_address(anne)
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = make_msgid(domain="players.example")
    message.set_content("Stack r2 ON b2\n\n> the quoted turn email")
    assert mail_receive(raw=message.as_bytes()) == "played"
    (move,) = _moves(game)
    assert move["player"] == "Anne" and not move["auto"]
    assert move["move"] == {"type": "stack", "piece": "R2", "onto": "B2"}
