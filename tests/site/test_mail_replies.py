"""Moves by reply, and bad input around them: nothing changes, nothing crashes, all is logged."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

import pytest
from django.test import Client

from games.mail.inbound import mail_receive
from games.mail.reply_text import first_line, html_text
from games.models import Event, Game, InboundMail, OutboundMail, Seat
from games.play.links import reply_address
from games.play.selectors import game_legal_moves
from games.play.services import PlayerSpec, game_create
from games.store.loading import engine_for

SECRET = "reply-test-secret"


@pytest.fixture
def mailed_game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")],
        seed=9,
    )


def _anne(game: Game) -> Seat:
    return game.seats.get(display_name="Anne")


def _legal(game: Game, seat: Seat) -> list[str]:
    engine = engine_for(game)
    return [engine.format_move(m) for m in game_legal_moves(game=game, seat=seat)]


def reply(
    seat: Seat, body: str, *, sender: str | None = None, to: str | None = None, html: str = ""
) -> bytes:
    message = EmailMessage()
    message["From"] = f"Someone <{sender or seat.email}>"
    message["To"] = to or reply_address(seat)
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = make_msgid(domain="players.example")
    if html:
        message.set_content(html, subtype="html")
    else:
        message.set_content(body)
    return message.as_bytes()


def _moves(game: Game) -> int:
    return Event.objects.filter(game=game, type="move").count()


@pytest.mark.parametrize(
    ("text", "line"),
    [
        (
            "place F4 draw sea\n\nOn Mon, 1 Dec 2026, Game wrote:\n> board A1-B2",
            "place F4 draw sea",
        ),
        ("\n\n  board A1-B2  \n-- \nAnne, sent from my phone", "board A1-B2"),
        ("> quoted first\n>> deeper\nplace F4 draw sea", "place F4 draw sea"),
        ("Am 1. Dezember 2026 schrieb Spiel:\n> board A1-B2", None),
        ("-- \nonly a signature", None),
        ("", None),
    ],
)
def test_it_finds_the_first_line_the_player_wrote(text: str, line: str | None) -> None:
    assert first_line(text) == line


def test_it_reads_the_text_of_an_html_reply_without_its_quote() -> None:
    html = "<div dir=ltr>board A1-B2<br></div><blockquote>place F4 draw sea</blockquote>"
    assert first_line(html_text(html)) == "board A1-B2"


def test_it_plays_a_legal_reply_and_confirms_it(mailed_game: Game) -> None:
    anne = _anne(mailed_game)
    move = _legal(mailed_game, anne)[0]
    raw = reply(anne, f"{move}\n\nOn Monday the game wrote:\n> {_legal(mailed_game, anne)[1]}")
    assert mail_receive(raw=raw) == "played"
    assert _moves(mailed_game) == 1
    confirmation = OutboundMail.objects.get(kind="move_accepted")
    assert confirmation.to == "anne@example.org" and confirmation.context["text"] == move


def test_it_plays_an_html_only_reply(mailed_game: Game) -> None:
    anne = _anne(mailed_game)
    move = _legal(mailed_game, anne)[0]
    assert mail_receive(raw=reply(anne, "", html=f"<p>{move}</p><p>Anne</p>")) == "played"
    assert _moves(mailed_game) == 1


def test_it_plays_the_same_reply_once(mailed_game: Game) -> None:
    anne = _anne(mailed_game)
    raw = reply(anne, _legal(mailed_game, anne)[0])
    assert mail_receive(raw=raw) == "played"
    assert mail_receive(raw=raw) == "duplicate"
    assert _moves(mailed_game) == 1
    assert OutboundMail.objects.filter(kind="move_accepted").count() == 1


def test_it_refuses_an_illegal_move_and_lists_the_legal_ones(mailed_game: Game) -> None:
    anne = _anne(mailed_game)
    assert mail_receive(raw=reply(anne, "dutchman row 9 Z9 draw sea")) == "refused"
    assert mail_receive(raw=reply(anne, "place G7 draw sea")) in ("refused", "played")
    refusal = OutboundMail.objects.filter(kind="move_refused").order_by("id").first()
    assert refusal is not None
    assert [move["notation"] for move in refusal.context["legal"]] == _legal(mailed_game, anne)
    assert "Could not read" in refusal.context["message"]


def test_it_refuses_a_reply_when_it_is_not_the_players_turn(mailed_game: Game) -> None:
    bart = mailed_game.seats.get(display_name="Bart")
    assert mail_receive(raw=reply(bart, "board A1-B2")) == "refused"
    assert _moves(mailed_game) == 0
    assert OutboundMail.objects.get(kind="move_refused").context["legal"] == []


def test_it_ignores_a_reply_from_a_stranger(mailed_game: Game) -> None:
    anne = _anne(mailed_game)
    raw = reply(anne, _legal(mailed_game, anne)[0], sender="mallory@example.net")
    assert mail_receive(raw=raw) == "stranger"
    assert _moves(mailed_game) == 0
    assert not OutboundMail.objects.filter(kind__startswith="move_").exists()
    assert InboundMail.objects.get().outcome == "stranger"


def test_it_ignores_forged_and_revoked_reply_addresses(mailed_game: Game, settings: Any) -> None:
    anne = _anne(mailed_game)
    move = _legal(mailed_game, anne)[0]
    genuine = reply_address(anne)
    local, _, domain = genuine.partition("@")
    forged = [
        f"{local[:-1]}{'a' if local[-1] != 'a' else 'b'}@{domain}",
        f"play+{anne.pk}.1.aaaaaaaaaaaaaaaa@{domain}",
        f"play+{anne.pk + 1}{local[len('play+') + len(str(anne.pk)) :]}@{domain}",
        f"play+nonsense@{domain}",
    ]
    for address in forged:
        assert mail_receive(raw=reply(anne, move, to=address)) == "bad_address"
    anne.token_version += 1
    anne.save()
    assert mail_receive(raw=reply(anne, move, to=genuine)) == "bad_address"
    assert _moves(mailed_game) == 0


@pytest.mark.parametrize(
    "raw",
    [
        b"",
        b"\x00\xff\xfe garbage \x80\x81",
        b"From: a@example.org\r\nContent-Type: multipart/mixed; boundary=zz\r\n\r\n--zz\r\nbroken",
        b"From: anne@example.org\r\nContent-Type: text/plain; charset=no-such-charset\r\n\r\nboard",
        b"To: =?utf-8?b?!!!?= <play+1.1.x@x>\r\nFrom: <<<>>>\r\n\r\nboard A1-B2",
        b"Subject: " + b"A" * 100_000 + b"\r\n\r\nbody",
    ],
)
def test_it_survives_malformed_mail_and_changes_nothing(mailed_game: Game, raw: bytes) -> None:
    assert mail_receive(raw=raw) in ("malformed", "bad_address")
    assert _moves(mailed_game) == 0 and not OutboundMail.objects.filter(kind__startswith="move_")


def test_it_guards_the_webhook_with_the_shared_secret(
    mailed_game: Game, client: Client, settings: Any
) -> None:
    anne = _anne(mailed_game)
    raw = reply(anne, _legal(mailed_game, anne)[0])
    settings.INBOUND_MAIL_SECRET = ""
    assert client.post("/mail/inbound/", raw, content_type="message/rfc822").status_code == 404
    settings.INBOUND_MAIL_SECRET = SECRET
    wrong = client.post(
        "/mail/inbound/", raw, content_type="message/rfc822", HTTP_AUTHORIZATION="Bearer nope"
    )
    assert wrong.status_code == 403 and _moves(mailed_game) == 0
    assert client.get("/mail/inbound/", HTTP_AUTHORIZATION=f"Bearer {SECRET}").status_code == 405
    right = client.post(
        "/mail/inbound/", raw, content_type="message/rfc822", HTTP_AUTHORIZATION=f"Bearer {SECRET}"
    )
    assert right.status_code == 200 and right.json() == {"outcome": "played"}
