"""One turn email a turn: a seat is told when its turn begins, not at each step of it.

A Flußpiraten turn has steps (an announcement, then the path after the service's
roll; a rowing test both rowers decide): the seat whose turn goes on gets no second
turn email, whether or not it has the page open. A step made by a reply to an email
is answered with the next step's turn email, and a seat handed to a new player
mid-turn tells him.
"""

from __future__ import annotations

from collections import Counter
from email.message import EmailMessage
from email.utils import make_msgid

import pytest

from engine import fairness
from games.interventions.services import seat_replace
from games.mail.compose import mail_compose
from games.mail.inbound import mail_receive
from games.mail.turn_content import in_words
from games.models import Event, Game, OutboundMail, Seat
from games.play.links import reply_address
from games.play.selectors import created_payload
from games.play.services import PlayerSpec, game_create, move_submit
from games.store import events
from games.store.loading import engine_for, load_state
from tests.clock import T0

pytestmark = pytest.mark.clock

NAMES = ("Volker", "Birgit", "Dieter")


def _game(seed: int) -> Game:
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES]
    return game_create(kind="flusspiraten", players=players, seed=seed, now=T0)


def _last_pk() -> int:
    return OutboundMail.objects.order_by("-pk").values_list("pk", flat=True).first() or 0


def _told(game: Game, after: int) -> list[str]:
    """The names of the seats sent a turn email since the outbox row ``after``."""
    rows = OutboundMail.objects.filter(game=game, kind="turn", pk__gt=after)
    return sorted(rows.values_list("seat__display_name", flat=True))


def _bot(game: Game) -> str:
    name = game.to_move[0]
    seat = game.seats.get(display_name=name)
    move = engine_for(game).bot_move(load_state(game), name)
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq, now=T0)
    game.refresh_from_db()
    return name


def _others_moved(game: Game, mover: str, after_seq: int) -> bool:
    """Whether a move by another player than ``mover`` was recorded after ``after_seq``."""
    moves = Event.objects.filter(game=game, type=events.MOVE, seq__gt=after_seq)
    return moves.exclude(payload__player=mover).exists()


@pytest.mark.parametrize("seed", [5, 11])
def test_a_seat_gets_one_turn_email_when_its_turn_begins_and_none_for_its_steps(
    db: None, seed: int
) -> None:
    """Rule: a turn email when the game comes to wait for a seat, or when another player's
    move came between its own; none for the steps of a turn it goes on with."""
    game = _game(seed)
    turns = Counter(game.to_move)
    steps = rowing = 0
    while game.status == Game.Status.ACTIVE:
        before, seq, last = set(game.to_move), game.last_seq, _last_pk()
        mover = _bot(game)
        if game.status != Game.Status.ACTIVE:
            break
        begun = {name for name in game.to_move if name not in before}
        if mover in game.to_move and _others_moved(game, mover, seq):
            begun.add(mover)
        assert _told(game, last) == sorted(begun), (mover, before, game.to_move)
        turns.update(begun)
        steps += mover in game.to_move and mover not in begun
        rowing += len(game.to_move) == 2 and mover in game.to_move
    told = Counter(
        OutboundMail.objects.filter(game=game, kind="turn").values_list(
            "seat__display_name", flat=True
        )
    )
    assert told == turns  # per seat, one turn email for each turn
    assert steps > 10 and rowing > 0  # roll then path, a rowing test: steps of one turn


def _reply(seat: Seat, text: str) -> str:
    message = EmailMessage()
    message["From"] = f"{seat.display_name} <{seat.email}>"
    message["To"] = reply_address(seat)
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = make_msgid(domain="players.example")
    message.set_content(f"{text}\n\n> It is your turn.\n")
    return mail_receive(raw=message.as_bytes(), now=T0)


def _to_a_step(game: Game) -> str:
    """Play the bots until the seat to move makes a move after which its turn goes on (the
    game is left before that move); return its name."""
    while True:
        name = game.to_move[0]
        state = load_state(game)
        engine = engine_for(game)
        move = engine.bot_move(state, name)
        if count := engine.rolls_needed(state, move):  # the dice the service will roll
            salt = created_payload(game)["salt"]
            move = {**move, "roll": fairness.dice(salt, game.last_seq + 1, count)}
        after = engine.apply(state, name, move)
        if len(game.to_move) == 1 and engine.to_move(after) == [name]:
            return name
        _bot(game)


def test_a_step_made_by_reply_is_answered_with_the_next_steps_turn_email(db: None) -> None:
    """Rule: a player who plays by email hears of his turn's next step by email."""
    game = _game(seed=5)
    name = _to_a_step(game)
    seat = game.seats.get(display_name=name)
    engine = engine_for(game)
    move = engine.bot_move(load_state(game), name)
    last = _last_pk()
    assert _reply(seat, engine.format_move(move)) == "played"
    game.refresh_from_db()
    assert game.to_move == [name]
    rows = OutboundMail.objects.filter(game=game, pk__gt=last).order_by("pk")
    assert sorted((row.kind, row.seat_id) for row in rows) == [
        ("move_accepted", seat.pk),
        ("turn", seat.pk),
    ]
    assert rows.get(kind="turn").context["seq"] == game.last_seq


def test_a_seat_handed_to_a_new_player_mid_turn_tells_him(db: None) -> None:
    """Rule: a turn email goes to the new holder of a seat whose turn goes on."""
    game = _game(seed=5)
    name = _to_a_step(game)
    _bot(game)  # the step: the turn goes on, and no one is told
    seat = game.seats.get(display_name=name)
    last = _last_pk()
    seat_replace(game=game, seat=seat, email="newcomer@example.org", actor="moderator", now=T0)
    turn = OutboundMail.objects.filter(game=game, kind="turn", pk__gt=last)
    assert list(turn.values_list("to", flat=True)) == ["newcomer@example.org"]


def test_the_next_steps_turn_email_names_the_readers_own_step_not_nothing_new(db: None) -> None:
    """Rule: a turn email names what its reader did since his previous one: after a roll by
    reply, the path's turn email says the roll instead of "Nothing new since your last move"."""
    game = _game(seed=5)
    name = _to_a_step(game)
    seat = game.seats.get(display_name=name)
    engine = engine_for(game)
    move = engine.bot_move(load_state(game), name)
    last = _last_pk()
    assert _reply(seat, engine.format_move(move)) == "played"
    game.refresh_from_db()
    turn = OutboundMail.objects.get(game=game, kind="turn", pk__gt=last)
    text = mail_compose(turn).body
    said = in_words(game, seat, Event.objects.get(game=game, seq=game.last_seq).payload["move"])
    assert f"{name} (you): {said}" in text and "rolled" in said
    assert "Nothing new" not in text
