"""Standing orders by email: a player's own turn emails list his standing answers and queued
moves, no one else's email does, a reply of ``cancel`` cancels them, and an email tells him
when one was played."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid
from html import unescape
from typing import Any

import pytest
from django.utils import translation

from engine.base import Move
from games.kinds import kind_of
from games.mail.compose import mail_compose
from games.mail.inbound import mail_receive
from games.mail.turn_content import standing_orders
from games.models import (
    Event,
    Game,
    InboundMail,
    MailPreference,
    OutboundMail,
    Seat,
    StandingAnswers,
)
from games.play import services
from games.play.links import reply_address
from games.play.queued import queue_add, queued_moves
from games.play.services import PlayerSpec, game_create, move_submit
from games.play.standing import CHANGES_LIMIT, standing_answers, standing_set
from games.store.loading import engine_for, load_state
from tests.site.seerauber_mutiny import MUTINY, OPENING
from tests.site.seerauber_mutiny import NAMES as MUTINY_NAMES

pytestmark = [
    pytest.mark.django_db(transaction=True),  # orders fire when a move commits
    pytest.mark.usefixtures("fresh_cache"),  # the hourly limit of changes counts afresh
]

NAMES = ("Anne", "Bart", "Cleo")
WAGES = {"mutiny": "wages", "ducats": 7}
PASS = {"type": "pass"}
"""Cleo's queued move: a captain's pass, not legal while he can stack, so it never fires in
these openings and stays in her queue."""


def _game(languages: tuple[str, ...] = ("en", "en", "en")) -> Game:
    return game_create(
        kind="seerauber",
        players=[
            PlayerSpec(name=name, email=f"{name.lower()}@example.org", language=language)
            for name, language in zip(NAMES, languages, strict=True)
        ],
        seed=4,
    )


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def _orders(game: Game, seat: Seat) -> None:
    """Give ``seat`` a standing mutiny answer and two queued moves, one watching a pirate."""
    standing_set(game=game, seat=seat, question="mutiny", rule=WAGES)
    queue_add(game=game, seat=seat, move=PASS)
    queue_add(game=game, seat=seat, move=PASS, fields=["R2"])


def _move_until(game: Game, name: str) -> None:
    """Play each seat's first stacking move (else its first legal move) until ``name`` is to
    move."""
    engine = engine_for(game)
    for _ in range(20):
        game.refresh_from_db()
        if game.to_move == [name]:
            return
        player = game.to_move[0]
        moves = engine.legal_moves(load_state(game), player)
        move = next((m for m in moves if m["type"] == "stack"), moves[0])
        move_submit(game=game, seat=_seat(game, player), move=move, expected_seq=game.last_seq)
    raise AssertionError(f"{name} never came to move")


def _bodies(row: OutboundMail) -> tuple[str, str]:
    """The text and the HTML of ``row``'s email (its character references read)."""
    message = mail_compose(row)
    html = str(message.alternatives[0][0])  # type: ignore[index]
    return str(message.body), unescape(html)


def test_a_turn_email_lists_its_readers_own_standing_orders_in_his_language() -> None:
    """Rule: a player's turn email lists his standing answers and queued moves, in words and
    his language, with the page link and the reply line that change or cancel them."""
    game = _game(languages=("en", "en", "de"))
    cleo = _seat(game, "Cleo")
    _orders(game, cleo)

    _move_until(game, "Cleo")

    row = OutboundMail.objects.filter(game=game, seat=cleo, kind="turn").latest("pk")
    text, html = _bodies(row)
    assert len(queued_moves(cleo)) == 2  # nothing fired: the pass is not legal yet
    for body in (text, html):
        assert "Deine Vorab-Anweisungen (nur du siehst sie):" in body
        assert "Meuterei gegen den Stapel eines anderen Kapitäns: meutern für eine Heuer" in body
        assert "mindestens 7 Dukaten" in body
        assert "Vorgemerkter Zug 1: " in body and "Vorgemerkter Zug 2: " in body
        assert "nur wenn sich hier nichts geändert hat: R2" in body
        assert "antworte mit stornieren in der ersten Zeile" in body
    assert f"Spielseite: {row.context['seat_link']}" in text


def test_no_other_seats_email_holds_a_players_standing_orders() -> None:
    """Rule: standing orders are secret: no email to another seat (turn emails, reminders,
    answers to replies) shows them or says that the player has any."""
    game = _game()
    cleo = _seat(game, "Cleo")
    _orders(game, cleo)
    _move_until(game, "Cleo")
    orders = standing_orders(game, cleo, standing_answers(cleo), queued_moves(cleo))
    lines = [*orders["answers"], *orders["queue"]]
    others = OutboundMail.objects.filter(game=game).exclude(seat=cleo)
    assert {row.kind for row in others} >= {"turn"}
    for row in others:
        for body in _bodies(row):
            assert "standing orders" not in body
            assert all(line not in body for line in lines), row.kind
    own = OutboundMail.objects.filter(game=game, seat=cleo, kind="turn").latest("pk")
    assert all(line in _bodies(own)[0] for line in lines)


def test_a_turn_email_without_standing_orders_says_nothing_of_them() -> None:
    """Rule: a player with no standing orders reads no section about them."""
    game = _game()
    (row,) = OutboundMail.objects.filter(game=game, kind="turn")
    for body in _bodies(row):
        assert "standing orders" not in body and "Queued move" not in body


def _reply(seat: Seat, line: str, *, sender: str | None = None) -> bytes:
    """What ``seat``'s player sends, answering his game's email with ``line``."""
    message = EmailMessage()
    message["From"] = f"{seat.display_name} <{sender or seat.email}>"
    message["To"] = reply_address(seat)
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = make_msgid(domain="players.example")
    message.set_content(f"{line}\n\nOn Monday, the game wrote:\n> your turn\n")
    return message.as_bytes()


def _answer(seat: Seat) -> OutboundMail:
    return OutboundMail.objects.filter(seat=seat, kind__startswith="move_").latest("pk")


def test_a_cancel_reply_cancels_all_standing_orders_and_says_which() -> None:
    """Rule: a reply whose first line is "cancel" cancels all of the seat's standing answers
    and queued moves, and is answered with what was cancelled."""
    game = _game()
    cleo = _seat(game, "Cleo")
    _orders(game, cleo)

    assert mail_receive(raw=_reply(cleo, "Cancel")) == "cancelled"

    assert standing_answers(cleo) == {} and queued_moves(cleo) == []
    answer = _answer(cleo)
    assert answer.kind == "move_accepted" and answer.to == "cleo@example.org"
    text, html = _bodies(answer)
    message = mail_compose(answer)
    assert "cancelling your standing orders" in str(message.subject)
    for body in (text, html):
        assert "Your standing orders in" in body and "are cancelled:" in body
        assert "Mutiny against another captain's stack: mutiny for wages of at least" in body
        assert "Queued move 2: " in body and "only if nothing changed on: R2" in body
        assert "is recorded" not in body
    assert InboundMail.objects.get().outcome == "cancelled"


@pytest.mark.parametrize(
    ("language", "line", "answers_left", "queue_left"),
    [
        ("en", "cancel queue", True, False),
        ("en", "cancel answers", False, True),
        ("de", "stornieren Züge", True, False),
        ("de", "Abbrechen", False, False),
        ("fr", "annuler réponses", False, True),
        ("fr", "ANNULER", False, False),
    ],
)
def test_a_cancel_reply_may_name_one_kind_of_standing_order(
    language: str, line: str, answers_left: bool, queue_left: bool
) -> None:
    """Rule: "cancel queue" cancels only the queued moves, "cancel answers" only the standing
    answers; German players may write "stornieren" (or "abbrechen"), French "annuler", with
    "züge"/"antworten" and "coups"/"réponses"."""
    game = _game(languages=("en", "en", language))
    cleo = _seat(game, "Cleo")
    _orders(game, cleo)

    assert mail_receive(raw=_reply(cleo, line)) == "cancelled"

    assert bool(standing_answers(cleo)) is answers_left
    assert bool(queued_moves(cleo)) is queue_left
    assert _answer(cleo).kind == "move_accepted"


def test_a_cancel_reply_naming_no_kind_is_answered_with_how_to_write_it() -> None:
    """Rule: a cancel line the service cannot read changes nothing and is answered with the
    lines it takes, in the seat's language."""
    game = _game(languages=("en", "en", "de"))
    cleo = _seat(game, "Cleo")
    _orders(game, cleo)

    assert mail_receive(raw=_reply(cleo, "stornieren alles bitte")) == "refused"

    assert standing_answers(cleo) == {"mutiny": WAGES} and len(queued_moves(cleo)) == 2
    refusal = _answer(cleo)
    assert refusal.kind == "move_refused"
    assert 'Schreib nur "stornieren"' in refusal.context["message"]


def test_a_strangers_cancel_reply_changes_nothing_and_is_not_answered() -> None:
    """Rule: a reply from another address than the seat's cancels nothing and gets no
    answer (no backscatter)."""
    game = _game()
    cleo = _seat(game, "Cleo")
    _orders(game, cleo)

    assert mail_receive(raw=_reply(cleo, "cancel", sender="mallory@example.net")) == "stranger"

    assert standing_answers(cleo) == {"mutiny": WAGES} and len(queued_moves(cleo)) == 2
    assert not OutboundMail.objects.filter(kind__startswith="move_").exists()


def test_a_cancel_reply_delivered_again_cancels_nothing_more() -> None:
    """Rule: the same message delivered twice is handled once: orders set again after it was
    first read are not cancelled by its second delivery, and it is answered once."""
    game = _game()
    cleo = _seat(game, "Cleo")
    _orders(game, cleo)
    raw = _reply(cleo, "cancel")
    assert mail_receive(raw=raw) == "cancelled"
    _orders(game, cleo)

    assert mail_receive(raw=raw) == "duplicate"

    assert standing_answers(cleo) == {"mutiny": WAGES} and len(queued_moves(cleo)) == 2
    assert OutboundMail.objects.filter(seat=cleo, kind="move_accepted").count() == 1


def test_cancel_replies_beyond_the_hourly_limit_are_refused_and_change_nothing() -> None:
    """Rule: a flood of cancel replies counts against the hourly limit of changes to standing
    orders; beyond it a reply is answered with why, and orders set meanwhile stay."""
    game = _game()
    cleo = _seat(game, "Cleo")
    for _ in range(CHANGES_LIMIT):
        assert mail_receive(raw=_reply(cleo, "cancel")) == "cancelled"
    StandingAnswers.objects.create(seat=cleo, answers={"mutiny": WAGES})  # set uncounted

    assert mail_receive(raw=_reply(cleo, "cancel")) == "refused"

    assert standing_answers(cleo) == {"mutiny": WAGES}
    assert f"at most {CHANGES_LIMIT} times an hour" in _answer(cleo).context["message"]


def test_a_cancel_reply_after_the_game_ended_is_refused_with_why() -> None:
    """Rule: once the game has ended its standing orders no longer change; a cancel reply is
    answered with that, in the seat's language."""
    game = _game(languages=("en", "en", "fr"))
    cleo = _seat(game, "Cleo")
    _orders(game, cleo)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)

    assert mail_receive(raw=_reply(cleo, "annuler coups")) == "refused"

    assert len(StandingAnswers.objects.get(seat=cleo).queue) == 2
    refusal = _answer(cleo)
    assert refusal.kind == "move_refused"
    assert "terminée" in refusal.context["message"] or "ended" in refusal.context["message"]


def test_a_cancel_reply_with_no_standing_orders_says_nothing_changed() -> None:
    """Rule: cancelling when there is nothing to cancel is answered so, not as an error."""
    game = _game()
    cleo = _seat(game, "Cleo")

    assert mail_receive(raw=_reply(cleo, "cancel")) == "cancelled"

    text, _html = _bodies(_answer(cleo))
    assert "You had no such standing orders in" in text and "nothing changed" in text


def _notices(seat: Seat) -> list[OutboundMail]:
    return list(OutboundMail.objects.filter(seat=seat, kind="order_played").order_by("pk"))


def _mutiny_game(language: str) -> Game:
    """The Seeräuber opening that asks Bart (answering in ``language``) about a mutiny, his
    standing answer "always" set before it."""
    game = game_create(
        kind="seerauber",
        players=[
            PlayerSpec(name=name, email=f"{name.lower()}@example.org", language=lang)
            for name, lang in zip(MUTINY_NAMES, ("en", language, "en"), strict=True)
        ],
        seed=4,
    )
    standing_set(game=game, seat=_seat(game, "Bart"), question="mutiny", rule={"mutiny": "always"})
    engine = engine_for(game)
    for player, text in OPENING:
        game.refresh_from_db()
        move = engine.parse_move(text)
        move_submit(game=game, seat=_seat(game, player), move=move, expected_seq=game.last_seq)
    return game


def test_a_played_standing_answer_is_told_once_to_its_seat_in_its_language() -> None:
    """Rule: when a standing answer plays, its seat gets one email saying so, with the move in
    words and notation in its language, the page link and the reply line that cancel
    orders; no other seat gets it."""
    game = _mutiny_game("fr")
    bart = _seat(game, "Bart")

    (notice,) = OutboundMail.objects.filter(game=game, kind="order_played")
    assert notice.seat == bart and notice.to == "bart@example.org"
    message = mail_compose(notice)
    text, html = _bodies(notice)
    with translation.override("fr"):
        words = kind_of("seerauber").move_action(engine_for(game).parse_move(MUTINY))
    assert "votre réponse anticipée a été jouée" in str(message.subject)
    assert message.reply_to == [reply_address(bart)]
    for body in (text, html):
        assert "Bonjour Bart, votre réponse anticipée" in body
        assert words in body and MUTINY in body
        assert "répondez avec annuler sur la première ligne" in body
    _move_until(game, "Bart")
    assert len(_notices(bart)) == 1


def sea_card_move(view: dict[str, Any]) -> Move:
    """Placing a boat with the first card of Bart's hand (a sea card in these deals)."""
    return {
        "type": "place",
        "card": view["players"]["Bart"]["hand"][0],
        "boat": True,
        "draw": "sea",
    }


def _queued_game(preference: str = MailPreference.EVERY_TURN) -> tuple[Game, Seat, Move]:
    """A Freibeuter game where Bart queued a move that plays when Anne's move begins his turn."""
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")],
        seed=9,
    )
    bart = _seat(game, "Bart")
    Seat.objects.filter(pk=bart.pk).update(mail_preference=preference)
    engine = engine_for(game)
    queued = sea_card_move(engine.view(load_state(game), "Bart"))
    queue_add(game=game, seat=bart, move=queued)
    anne_move = engine.legal_moves(load_state(game), "Anne")[0]
    move_submit(game=game, seat=_seat(game, "Anne"), move=anne_move, expected_seq=game.last_seq)
    return game, bart, queued


def test_a_played_queued_move_is_told_to_its_seat_instead_of_its_turn() -> None:
    """Rule: a queued move played at the start of the seat's turn is told in one email (what
    it played, the queue now empty); the seat is not asked for the turn it no longer has."""
    game, bart, queued = _queued_game()

    (notice,) = _notices(bart)
    played = Event.objects.get(game=game, type="move", payload__order="queued").payload
    assert played["player"] == "Bart" and played["move"]["card"] == queued["card"]
    text, html = _bodies(notice)
    assert "your queued move was played" in str(mail_compose(notice).subject)
    for body in (text, html):
        assert "Hello Bart, your queued move in" in body
        assert kind_of("freibeuter").move_action(played["move"]) in body
        assert "Your queue was for that turn: it is now empty." in body
    assert not OutboundMail.objects.filter(seat=bart, kind="turn").exists()


@pytest.mark.parametrize(
    ("preference", "told"),
    [(MailPreference.NONE, False), (MailPreference.DIGEST, True)],
)
def test_the_notice_follows_the_seats_mail_settings(preference: str, told: bool) -> None:
    """Rule: a player who wants no email is not told by email that his order was played (his
    page's history says it); a digest player is told at once, not held for a digest that
    lists only the games waiting for him."""
    _game, bart, _queued = _queued_game(preference)

    notices = _notices(bart)
    assert len(notices) == int(told)
    assert all(row.status == OutboundMail.Status.PENDING for row in notices)


def test_a_seat_whose_turn_goes_on_reads_of_its_order_in_its_turn_email_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rule: when the queued move leaves its seat to move again in the same turn (a Flußpiraten
    walk, then its path), the one turn email of that step tells what the order played
    ("played by standing order"): no second email about it. The game's salt is fixed, so its
    dice give the walk a roll with more than one path."""
    monkeypatch.setattr(services.secrets, "token_hex", lambda size: "00" * size)
    game = game_create(
        kind="flusspiraten",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES],
        seed=1,
    )
    for name in NAMES:
        game.refresh_from_db()
        deploy = {"type": "deploy", "left": 3}
        move_submit(game=game, seat=_seat(game, name), move=deploy, expected_seq=game.last_seq)
    bart = _seat(game, "Bart")
    queue_add(game=game, seat=bart, move={"type": "walk", "from": "SL"})
    engine = engine_for(game)
    game.refresh_from_db()
    while game.to_move == ["Anne"]:
        move = engine.legal_moves(load_state(game), "Anne")[0]
        move_submit(game=game, seat=_seat(game, "Anne"), move=move, expected_seq=game.last_seq)
        game.refresh_from_db()

    fired = Event.objects.get(game=game, type="move", payload__order="queued")
    assert game.to_move == ["Bart"] and game.last_seq == fired.seq  # his path is next
    assert _notices(bart) == []
    turn = OutboundMail.objects.filter(seat=bart, kind="turn").latest("pk")
    words = kind_of("flusspiraten").move_action(fired.payload["move"])
    assert f"Bart (you) (played by standing order): {words}" in _bodies(turn)[0]


def test_a_turn_email_leaves_out_a_deploy_answer_once_it_has_played() -> None:
    """Rule: an answer to a question asked only as the game begins (Flußpiraten's deploy)
    stops being listed once it has played; the player's other answers stay listed."""
    game = game_create(
        kind="flusspiraten",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES],
        seed=1,
    )
    for seat in game.seats.all():
        standing_set(game=game, seat=seat, question="deploy", rule={"left": 2})
    bart = _seat(game, "Bart")
    standing_set(game=game, seat=bart, question="choose", rule={"choice": "club"})
    game.refresh_from_db()
    assert game.to_move == ["Anne"]  # every deploy played by its standing answer

    _move_until(game, "Bart")

    turn = OutboundMail.objects.filter(seat=bart, kind="turn").latest("pk")
    text = _bodies(turn)[0]
    assert "Rowing test, as partner: club" in text
    assert "Pirates on the left start (the others on the right start)" not in text
    assert standing_answers(bart)["deploy"] == {"left": 2}
