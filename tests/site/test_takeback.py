"""Takebacks with consent: only a last move that revealed nothing, every other player agrees,
and replay (state, projections, record, history) honours the taken-back move.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from django.utils import translation

from games.errors import GameOver
from games.kinds.freibeuter import history_context
from games.models import Event, Game, OutboundMail, Seat
from games.play.selectors import moves_played
from games.play.services import PlayerSpec, game_create, move_submit
from games.play.tables import table_for
from games.play.takebacks import (
    MoveRevealed,
    NoTakeback,
    NotLastOwnMove,
    NotYourTakeback,
    TakebackPending,
    takeback_answer,
    takeback_pending,
    takeback_request,
)
from games.store import events
from games.store.loading import engine_for, fold, load_state
from games.store.projections import game_projections_rebuild
from tests.clock import T0

pytestmark = pytest.mark.clock


@pytest.fixture
def game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart", "Cleo")
        ],
        seed=5,
        now=T0,
    )


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def _play(game: Game, name: str, kind: str) -> dict[str, Any]:
    game.refresh_from_db()
    move = next(
        m for m in engine_for(game).legal_moves(load_state(game), name) if m["type"] == kind
    )
    move_submit(game=game, seat=_seat(game, name), move=move, expected_seq=game.last_seq, now=T0)
    game.refresh_from_db()
    return move


def _replayed(game: Game) -> Any:
    stored = game.events.order_by("seq").values_list("seq", "type", "version", "payload")
    return fold(engine_for(game), game.pk, None, stored)


def test_a_boarding_move_is_taken_back_when_all_others_accept(game: Game) -> None:
    engine = engine_for(game)
    start = engine.summary(load_state(game))
    _play(game, "Anne", "board")
    takeback_request(game=game, seat=_seat(game, "Anne"), now=T0)
    assert sorted(OutboundMail.objects.filter(kind="notice").values_list("to", flat=True)) == [
        "bart@example.org",
        "cleo@example.org",
    ]
    takeback_answer(game=game, seat=_seat(game, "Bart"), accept=True, now=T0)
    game.refresh_from_db()
    assert game.to_move == ["Bart"]  # one acceptance is not enough
    takeback_answer(game=game, seat=_seat(game, "Cleo"), accept=True, now=T0)
    game.refresh_from_db()
    assert game.to_move == ["Anne"]
    assert Event.objects.filter(game=game).order_by("-seq").first().type == events.MOVE_TAKEN_BACK
    assert engine.summary(load_state(game)) == start
    cache.clear()
    assert engine.summary(load_state(game)) == start == engine.summary(_replayed(game))
    assert game_projections_rebuild(game=game) is False
    assert moves_played(game) == []
    table = table_for(game=game, seat=None)
    with translation.override("en"):
        history = history_context(table=table, at=None)
        notes = table.history().notes
    assert history["moves"] == []
    assert notes[-1].words == "Anne took back the last move."
    assert "Anne asks to take back the last move." in [note.words for note in notes]


def test_the_game_goes_on_after_a_takeback(game: Game) -> None:
    _play(game, "Anne", "board")
    takeback_request(game=game, seat=_seat(game, "Anne"), now=T0)
    for name in ("Bart", "Cleo"):
        takeback_answer(game=game, seat=_seat(game, name), accept=True, now=T0)
    played = _play(game, "Anne", "place")
    _play(game, "Bart", "board")
    assert [m["move"] for m in moves_played(game)][0] == played
    cache.clear()
    assert engine_for(game).summary(load_state(game)) == engine_for(game).summary(_replayed(game))
    assert game_projections_rebuild(game=game) is False
    assert history_context(table=table_for(game=game, seat=None), at=1)["count"] == 2


def test_a_move_that_drew_a_card_cannot_be_taken_back(game: Game) -> None:
    _play(game, "Anne", "place")
    with pytest.raises(MoveRevealed) as refused:
        takeback_request(game=game, seat=_seat(game, "Anne"), now=T0)
    assert "revealed hidden information (a card drawn" in refused.value.message


def test_only_the_last_mover_asks_and_only_once(game: Game) -> None:
    _play(game, "Anne", "board")
    with pytest.raises(NotLastOwnMove):
        takeback_request(game=game, seat=_seat(game, "Bart"), now=T0)
    takeback_request(game=game, seat=_seat(game, "Anne"), now=T0)
    with pytest.raises(TakebackPending):
        takeback_request(game=game, seat=_seat(game, "Anne"), now=T0)
    with pytest.raises(NotYourTakeback):
        takeback_answer(game=game, seat=_seat(game, "Anne"), accept=True, now=T0)


def test_no_takeback_once_somebody_moved_since(game: Game) -> None:
    _play(game, "Anne", "board")
    _play(game, "Bart", "board")
    with pytest.raises(NotLastOwnMove):
        takeback_request(game=game, seat=_seat(game, "Anne"), now=T0)


def test_one_decline_ends_the_request(game: Game) -> None:
    _play(game, "Anne", "board")
    takeback_request(game=game, seat=_seat(game, "Anne"), now=T0)
    takeback_answer(game=game, seat=_seat(game, "Bart"), accept=False, now=T0)
    assert takeback_pending(game) is None
    game.refresh_from_db()
    assert game.to_move == ["Bart"]
    with pytest.raises(NoTakeback):
        takeback_answer(game=game, seat=_seat(game, "Cleo"), accept=True, now=T0)
    assert OutboundMail.objects.filter(kind="notice", to="anne@example.org").exists()


def test_bots_never_object(db: None) -> None:
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name="Anne"), PlayerSpec(name="Robo", is_bot=True)],
        seed=3,
        now=T0,
    )
    _play(game, "Anne", "board")
    assert game.to_move == ["Robo"]  # the bot plays only when the deadline sweep runs
    takeback_request(game=game, seat=_seat(game, "Anne"), now=T0)
    game.refresh_from_db()
    assert game.to_move == ["Anne"]


def test_no_takeback_in_a_finished_game(game: Game) -> None:
    from django.contrib.auth.models import User

    from games.moderation.actions import game_abort

    _play(game, "Anne", "board")
    game_abort(game=game, moderator=User.objects.create_user("m"), reason="r", now=T0)
    with pytest.raises(GameOver):
        takeback_request(game=game, seat=_seat(game, "Anne"), now=T0)


def _mail(seat: Seat, body: str) -> bytes:
    from email.message import EmailMessage
    from email.utils import make_msgid

    from games.play.links import reply_address

    message = EmailMessage()
    message["From"] = seat.email
    message["To"] = reply_address(seat)
    message["Subject"] = "Re: takeback"
    message["Message-ID"] = make_msgid(domain="players.example")
    message.set_content(body)
    return message.as_bytes()


def test_players_answer_a_takeback_by_email(game: Game) -> None:
    from games.mail.inbound import mail_receive

    _play(game, "Anne", "board")
    assert mail_receive(raw=_mail(_seat(game, "Bart"), "accept\n\n> quoted")) == "refused"
    takeback_request(game=game, seat=_seat(game, "Anne"), now=T0)
    assert mail_receive(raw=_mail(_seat(game, "Bart"), "Accept\n\nOn Monday you wrote:")) == (
        "accepted"
    )
    assert mail_receive(raw=_mail(_seat(game, "Cleo"), "annehmen")) == "accepted"
    game.refresh_from_db()
    assert game.to_move == ["Anne"]
    assert OutboundMail.objects.filter(kind="move_refused", to="bart@example.org").exists()


def test_a_decline_by_email_tells_the_asker(game: Game) -> None:
    from games.mail.inbound import mail_receive

    _play(game, "Anne", "board")
    takeback_request(game=game, seat=_seat(game, "Anne"), now=T0)
    assert mail_receive(raw=_mail(_seat(game, "Cleo"), "decline")) == "declined"
    assert takeback_pending(game) is None
    assert OutboundMail.objects.filter(kind="notice", to="anne@example.org").exists()


def test_players_ask_and_answer_from_the_game_page(game: Game) -> None:
    from django.test import Client

    from games.play.links import seat_token

    _play(game, "Anne", "board")
    pages = {name: f"/play/{seat_token(_seat(game, name))}/" for name in ("Anne", "Bart", "Cleo")}
    client = Client()
    assert client.post(pages["Anne"] + "takeback/", {"answer": "ask"}).status_code == 302
    page = client.get(pages["Bart"]).content.decode()
    assert "Anne asks to take back the last move." in page and 'value="accept"' in page
    client.post(pages["Bart"] + "takeback/", {"answer": "accept"})
    client.post(pages["Cleo"] + "takeback/", {"answer": "accept"})
    game.refresh_from_db()
    assert game.to_move == ["Anne"]


def test_replay_check_and_rebuild_agree_after_takebacks_and_moderation(game: Game) -> None:
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from games.moderation.actions import game_adjudicate

    _play(game, "Anne", "board")
    takeback_request(game=game, seat=_seat(game, "Anne"), now=T0)
    for name in ("Bart", "Cleo"):
        takeback_answer(game=game, seat=_seat(game, name), accept=True, now=T0)
    _play(game, "Anne", "board")
    other = game_create(kind="freibeuter", players=[PlayerSpec(name="X"), PlayerSpec(name="Y")])
    game_adjudicate(game=other, moderator=User.objects.create_user("m"), reason="r", winners=["Y"])
    call_command("replay_check")
    call_command("rebuild_projections")
    assert game_projections_rebuild(game=game) is False
    assert game_projections_rebuild(game=other) is False


def test_a_seerauber_stack_is_taken_back_but_a_boarding_is_not(db: None) -> None:
    """Stacking reveals nothing; a boarding lays out new ships from the hidden deck [S6]."""
    names = ("Anne", "Bart", "Cleo")
    table = game_create(
        kind="seerauber",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in names],
        seed=5,
        now=T0,
    )
    start = engine_for(table).summary(load_state(table))
    _play(table, "Anne", "stack")
    takeback_request(game=table, seat=_seat(table, "Anne"), now=T0)
    for name in ("Bart", "Cleo"):
        takeback_answer(game=table, seat=_seat(table, name), accept=True, now=T0)
    table.refresh_from_db()
    assert engine_for(table).summary(load_state(table)) == start
    assert engine_for(table).to_move(_replayed(table)) == ["Anne"]
