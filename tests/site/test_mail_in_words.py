"""Emails in words: a turn email's "since your last turn" and the answer to a
reply tell each move in words in the reader's language — the words the game's kind gives
(``move_action``), so these tests follow the games' describers as they change — with the
notation beside them as the reply syntax; players are listed by their seat letters, as on
the page, never numbered 1/2/3; and a game's start brings each player exactly one email.
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.utils import translation
from django.utils.translation import gettext

from games.interventions.sweep import deadline_sweep
from games.kinds import kind_of
from games.mail.compose import mail_compose
from games.mail.inbound import mail_receive
from games.models import Event, Game, Invitation, OutboundMail, Seat
from games.play.lobby import SeatSpec, invitation_accept, table_create
from games.play.services import PlayerSpec, game_create
from games.store import events
from games.store.loading import engine_for, load_state
from tests.clock import T0
from tests.site.player_helpers import bot_moves
from tests.site.test_mail_replies import reply

KINDS = {
    "freibeuter": ("Anne", "Bart"),
    "seerauber": ("Anne", "Bart", "Cleo"),
    "flusspiraten": ("Anne", "Bart", "Cleo"),
}
MOVES = 5


def _flat(text: str) -> str:
    return " ".join(text.split())


def _game(kind: str, language: str) -> Game:
    return game_create(
        kind=kind,
        players=[
            PlayerSpec(name=name, email=f"{name.lower()}@example.org", language=language)
            for name in KINDS[kind]
        ],
        seed=7,
        now=T0,
    )


def _words(kind: str, language: str, move: dict[str, Any]) -> str:
    with translation.override(language):
        return kind_of(kind).move_action(move)


def _said(player: str, words: str, language: str) -> str:
    """A move's line as the reader's language punctuates it ("Anne : …" in French)."""
    with translation.override(language):
        return gettext("%(player)s: %(move)s") % {"player": player, "move": words}


@pytest.mark.parametrize("language", ["de", "fr"])
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_turn_email_tells_the_moves_since_in_words_with_their_notation(
    db: None, kind: str, language: str
) -> None:
    game = _game(kind, language)
    bot_moves(game, MOVES)
    engine, told = engine_for(game), 0
    for row in OutboundMail.objects.filter(game=game, kind="turn").order_by("-id"):
        assert row.seat is not None
        moves = Event.objects.filter(game=game, type=events.MOVE, seq__lte=row.context["seq"])
        own = moves.filter(payload__player=row.seat.display_name).order_by("-seq").first()
        since = moves.filter(seq__gt=own.seq if own else 0).exclude(
            payload__player=row.seat.display_name
        )
        text = _flat(mail_compose(row).body)
        for event in since:
            move = event.payload["move"]
            words, notation = _words(kind, language, move), engine.format_move(move)
            said = _said(event.payload["player"], words, language)
            assert _flat(said if words == notation else f"{said} ({notation})") in text
            told += 1
    assert told >= 1  # the turn emails told the other players' moves at least once


@pytest.mark.parametrize("kind", ["freibeuter", "seerauber"])
def test_a_turn_email_lists_players_by_their_seat_letters(db: None, kind: str) -> None:
    game = _game(kind, "en")
    bot_moves(game, 1)
    row = OutboundMail.objects.filter(game=game, kind="turn").order_by("-id").first()
    assert row is not None
    text = mail_compose(row).body
    marks = kind_of(kind).seat_marks(list(KINDS[kind]))
    for name in KINDS[kind]:
        assert f"\n{marks[name].letter} {name}" in text  # "A Anne:", or "A Anne (red):"
    assert "\n1 Anne:" not in text and "player 2" not in text


def test_the_freibeuter_email_board_marks_boats_and_boardings_by_seat_letter(db: None) -> None:
    game = _game("freibeuter", "en")
    bot_moves(game, 8)
    kind = kind_of("freibeuter")
    view = engine_for(game).view(load_state(game), "Anne")
    marks = kind.seat_marks(list(KINDS["freibeuter"]))
    board = kind.position_text(view)
    rows = {line.split()[0]: line for line in board.splitlines()[1::2]}
    boats = [(field, owners) for field, owners in view["board"]["fields"].items() if owners]
    assert boats
    for field, owners in boats:
        assert "".join(marks[owner].letter for owner in owners) in rows[field[1:]]
    assert not re.search(r"\+\d", board)  # a boarding is "15/3+B", not "15/3+2"
    row = OutboundMail.objects.filter(game=game, kind="turn").order_by("-id").first()
    assert row is not None and "letters are the players" in mail_compose(row).body


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_reply_is_answered_with_the_move_in_words(db: None, language: str) -> None:
    game = _game("freibeuter", language)
    anne = _seat(game, "Anne")
    move = engine_for(game).legal_moves(load_state(game), "Anne")[0]
    notation = engine_for(game).format_move(move)

    assert mail_receive(raw=reply(anne, notation)) == "played"

    answer = OutboundMail.objects.get(game=game, kind="move_accepted")
    body = _flat(mail_compose(answer).body)
    words = _words("freibeuter", language, move)
    assert notation in body and _said("Anne", words, language) in body


def test_a_refused_reply_lists_the_legal_moves_by_notation_and_in_words(db: None) -> None:
    game = _game("freibeuter", "de")
    assert mail_receive(raw=reply(_seat(game, "Anne"), "board Z9-Z9")) == "refused"
    body = mail_compose(OutboundMail.objects.get(game=game, kind="move_refused")).body
    move = engine_for(game).legal_moves(load_state(game), "Anne")[0]
    notation = engine_for(game).format_move(move)
    assert f"  {notation}  ({_words('freibeuter', 'de', move)})" in body


def _started(kind: str) -> Game:
    """A table of ``kind`` whose invited players all accept, so the game is dealt."""
    names = KINDS[kind]
    seats = [SeatSpec(kind="email", name=n, email=f"{n.lower()}@example.org") for n in names]
    table = table_create(kind=kind, seats=seats, options={})
    invitation: Invitation
    for invitation in table.invitations.order_by("position"):
        invitation_accept(
            invitation=invitation, name=invitation.display_name, language="en", time_zone="UTC"
        )
    table.refresh_from_db()
    assert table.game is not None
    return table.game


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_each_player_gets_exactly_one_email_when_the_game_starts(db: None, kind: str) -> None:
    game = _started(kind)
    at_start = OutboundMail.objects.filter(game=game).exclude(kind="invitation")
    kinds = {name: [] for name in KINDS[kind]}
    for row in at_start:
        assert row.seat is not None
        kinds[row.seat.display_name].append(row.kind)
    expected = {
        name: ["turn"] if name in game.to_move else ["game_started"] for name in KINDS[kind]
    }
    assert kinds == expected


def test_a_simultaneous_first_step_gets_everyone_a_turn_email_only(db: None) -> None:
    game = _started("flusspiraten")
    assert sorted(game.to_move) == sorted(KINDS["flusspiraten"])  # the deploy: all at once
    rows = OutboundMail.objects.filter(game=game).exclude(kind="invitation")
    assert sorted(rows.values_list("kind", flat=True)) == ["turn"] * 3


@pytest.mark.clock  # the timeout is decided by time
def test_the_timeout_email_tells_the_move_made_for_the_player_in_words(db: None) -> None:
    game = _game("freibeuter", "de")
    assert deadline_sweep(now=T0 + timedelta(hours=73)) == 1
    made = Event.objects.get(game=game, type=events.MOVE)
    assert made.payload["auto"] is True
    body = _flat(mail_compose(OutboundMail.objects.get(game=game, kind="timed_out")).body)
    words = _words("freibeuter", "de", made.payload["move"])
    notation = engine_for(game).format_move(made.payload["move"])
    assert f"Der eingebaute Bot hat für dich gespielt: {words} ({notation})" in body
