"""Table chat: seats and moderators post, text is escaped, limits hold, reports reach the
moderators' queue, and a hidden message never appears again in a page, email or API response.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.errors import GameOver, Refused, StaleSeq
from games.mail.compose import mail_compose
from games.models import Game, OutboundMail
from games.moderation.actions import chat_hide, game_abort
from games.play.chat import (
    ChatFlood,
    ChatTooLong,
    NotAtTable,
    chat_messages,
    chat_post,
    chat_report,
    chat_reports_open,
)
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create, move_submit
from games.store import events
from games.store.loading import engine_for, load_state
from tests.clock import T0
from tests.site.player_helpers import moderator_create

pytestmark = pytest.mark.clock

NASTY = "<script>alert('x')</script> you fool"


@pytest.fixture
def game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")],
        seed=4,
        now=T0,
    )


@pytest.fixture
def mod(db: None) -> User:
    return moderator_create()


def _seat(game: Game, name: str):  # noqa: ANN202
    return game.seats.get(display_name=name)


def test_a_seat_posts_through_its_page_and_the_text_is_escaped(game: Game) -> None:
    client = Client()
    token = seat_token(_seat(game, "Anne"))
    assert client.post(f"/play/{token}/chat/", {"text": NASTY}).status_code == 302
    page = client.get(f"/play/{token}/chat/").content.decode()
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; you fool" in page
    assert "<script>alert" not in page
    assert NASTY not in Client().get(f"/games/{game.pk}/chat/").content.decode()
    assert "you fool" in Client().get(f"/games/{game.pk}/chat/").content.decode()


def test_limits_on_length_and_rate(game: Game) -> None:
    anne = _seat(game, "Anne")
    with pytest.raises(ChatTooLong):
        chat_post(game=game, seat=anne, text="x" * 501, now=T0)
    with pytest.raises(ChatTooLong):
        chat_post(game=game, seat=anne, text="   ", now=T0)
    for n in range(5):
        chat_post(game=game, seat=anne, text=f"hi {n}")
    with pytest.raises(ChatFlood) as refused:
        chat_post(game=game, seat=anne, text="one too many")
    assert "5 messages a minute" in refused.value.message
    chat_post(game=game, seat=_seat(game, "Bart"), text="my own limit")


def test_only_seats_and_moderators_post(game: Game, mod: User, db: None) -> None:
    other = game_create(kind="freibeuter", players=[PlayerSpec(name="X"), PlayerSpec(name="Y")])
    with pytest.raises(NotAtTable):
        chat_post(game=game, seat=other.seats.first(), text="intruder")
    with pytest.raises(NotAtTable):
        chat_post(game=game, text="nobody")
    chat_post(game=game, moderator=mod, text="Play nicely.")
    assert chat_messages(game=game)[-1]["player"] == "moderator"


def test_report_and_hide_flow_leaves_no_trace_of_the_text(game: Game, mod: User) -> None:
    secret = "SECRET-INSULT-42"
    message = chat_post(game=game, seat=_seat(game, "Bart"), text=secret, now=T0)
    chat_report(game=game, seat=_seat(game, "Anne"), message_seq=message.seq, reason="rude")
    assert [report.payload["message_seq"] for report in chat_reports_open()] == [message.seq]
    chat_hide(game=game, moderator=mod, reason="insult", message_seq=message.seq)
    assert chat_reports_open() == []
    assert chat_messages(game=game)[0]["text"] is None
    with pytest.raises(Refused):
        chat_hide(game=game, moderator=mod, reason="again", message_seq=message.seq)
    # a turn email written after the hide
    game.refresh_from_db()
    anne = _seat(game, "Anne")
    move = engine_for(game).legal_moves(load_state(game), "Anne")[0]
    move_submit(game=game, seat=anne, move=move, expected_seq=game.last_seq, now=T0)
    staff = Client()
    staff.force_login(mod)
    token = seat_token(_seat(game, "Anne"))
    pages = [
        Client().get(f"/games/{game.pk}/chat/"),
        Client().get(f"/play/{token}/chat/"),
        Client().get(f"/games/{game.pk}/"),
        Client().get(f"/games/{game.pk}/history/"),
        Client().get(f"/api/games/{game.pk}/events/"),
        Client().get(f"/api/games/{game.pk}/", HTTP_AUTHORIZATION=f"Seat {token}"),
        staff.get(f"/moderate/games/{game.pk}/"),
    ]
    for response in pages:
        assert response.status_code == 200
        assert secret.encode() not in response.content
    assert b"hidden by a moderator" in pages[0].content
    for row in OutboundMail.objects.all():
        assert secret.encode() not in mail_compose(row).message().as_bytes()
    events_api = pages[4].json()["results"]
    hidden = next(e for e in events_api if e["seq"] == message.seq)
    assert hidden["payload"] == {"player": "Bart", "text": None, "hidden": True}


def test_chat_closes_with_the_game(game: Game, mod: User) -> None:
    game_abort(game=game, moderator=mod, reason="r")
    with pytest.raises(GameOver):
        chat_post(game=game, seat=_seat(game, "Anne"), text="hello?")


def test_chat_posts_are_events(game: Game) -> None:
    event = chat_post(game=game, seat=_seat(game, "Anne"), text="ahoy", now=T0 - timedelta(days=1))
    assert (event.type, event.actor, event.payload) == (
        events.CHAT_POSTED,
        "seat:0",
        {"player": "Anne", "text": "ahoy"},
    )


def test_the_next_turn_email_carries_the_chat_until_a_moderator_hides_it(
    game: Game, mod: User
) -> None:
    message = chat_post(game=game, seat=_seat(game, "Anne"), text="Good luck, Bart!", now=T0)
    game.refresh_from_db()
    move = engine_for(game).legal_moves(load_state(game), "Anne")[0]
    move_submit(game=game, seat=_seat(game, "Anne"), move=move, expected_seq=game.last_seq)
    (turn,) = OutboundMail.objects.filter(kind="turn", to="bart@example.org")
    assert "Anne says: Good luck, Bart!" in mail_compose(turn).body
    chat_hide(game=game, moderator=mod, reason="test", message_seq=message.seq)
    turn.refresh_from_db()
    body = mail_compose(turn).message().as_bytes()
    assert b"Good luck" not in body and b"hidden by a moderator" in body


def test_the_chat_speaks_the_seats_language(db: None, mod: User) -> None:
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name="Anne", language="de"), PlayerSpec(name="Bart", language="fr")],
        seed=4,
    )
    message = chat_post(game=game, seat=_seat(game, "Anne"), text="Hallo")
    chat_hide(game=game, moderator=mod, reason="test", message_seq=message.seq)
    german = Client().get(f"/play/{seat_token(_seat(game, 'Anne'))}/chat/").content.decode()
    french = Client().get(f"/play/{seat_token(_seat(game, 'Bart'))}/chat/").content.decode()
    assert "Tischgespräch" in german and "von einem Moderator ausgeblendet" in german
    assert "Discussion de table" in french and "masqué par un modérateur" in french


def test_it_accepts_a_move_chosen_before_someone_chatted(game: Game) -> None:
    """Table talk does not make a move stale; a move since then does."""
    anne, bart = _seat(game, "Anne"), _seat(game, "Bart")
    seen = game.last_seq
    chat_post(game=game, seat=bart, text="Good luck!", now=T0)
    state = load_state(Game.objects.get(pk=game.pk))
    move = engine_for(game).legal_moves(state)[0]
    result = move_submit(game=game, seat=anne, move=move, expected_seq=seen, now=T0)
    assert result.seq == Game.objects.get(pk=game.pk).last_seq

    state = load_state(Game.objects.get(pk=game.pk))
    move = engine_for(game).legal_moves(state)[0]
    with pytest.raises(StaleSeq):
        move_submit(game=game, seat=bart, move=move, expected_seq=seen, now=T0)
