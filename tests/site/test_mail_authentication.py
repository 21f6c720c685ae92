"""Moves by reply need the receiving server's authentication when INBOUND_AUTHSERV_ID is set.

A reply's ``From`` is easily forged: anyone who has seen a turn email's
``Reply-To`` (a forwarded email, a shared screen) could move for the seat.
With the setting, only an ``Authentication-Results`` header from the
operator's own server that passes DMARC, or an aligned DKIM or SPF, plays.
"""

from __future__ import annotations

import logging
from email.message import EmailMessage
from email.utils import make_msgid
from typing import Any

import pytest

from games.mail.inbound import mail_receive
from games.models import Event, Game, InboundMail, OutboundMail, Seat
from games.play.links import reply_address
from games.play.selectors import game_legal_moves
from games.play.services import PlayerSpec, game_create
from games.store.loading import engine_for

SERVER = "mx.freibeuter.example"


@pytest.fixture
def mailed_game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")],
        seed=9,
    )


@pytest.fixture
def checked(settings: Any) -> None:
    settings.INBOUND_AUTHSERV_ID = SERVER


def _anne(game: Game) -> Seat:
    return game.seats.get(display_name="Anne")


def _move(game: Game, seat: Seat) -> str:
    return engine_for(game).format_move(game_legal_moves(game=game, seat=seat)[0])


def reply(seat: Seat, body: str, *results: str) -> bytes:
    """A reply from the seat's own address as our server passes it on: the first
    ``Authentication-Results`` on top, then the server's ``Received``, then the
    sender's own headers (the other ``results``)."""
    message = EmailMessage()
    message["From"] = f"Anne <{seat.email}>"
    message["To"] = reply_address(seat)
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = make_msgid(domain="players.example")
    message.set_content(body)
    headers = [f"Authentication-Results: {value}" for value in results]
    received = f"Received: from mail.example.org by {SERVER} with ESMTPS id 4AbC"
    on_top = "\r\n".join([*headers[:1], received, *headers[1:]]) + "\r\n"
    return on_top.encode() + message.as_bytes()


def _moves(game: Game) -> int:
    return Event.objects.filter(game=game, type="move").count()


SPOOFED = {
    "no header": (),
    "another authserv-id": (
        "mx.attacker.example; dkim=pass header.d=example.org; dmarc=pass header.from=example.org",
    ),
    "ours fails, a forged one with our id below the Received": (
        f"{SERVER}; dkim=none; spf=softfail smtp.mailfrom=anne@example.org",
        f"{SERVER}; dkim=pass header.d=example.org; dmarc=pass header.from=example.org",
    ),
    "dkim fail": (f"{SERVER}; dkim=fail (bad signature) header.d=example.org; spf=none",),
    "dmarc fail": (
        f"{SERVER}; dkim=pass header.d=example.org; dmarc=fail header.from=example.org",
    ),
    "a pass for another domain": (
        f"{SERVER}; dkim=pass header.d=attacker.example; "
        "spf=pass smtp.mailfrom=mallory@attacker.example; dmarc=none header.from=example.org",
    ),
    "a pass for a look-alike domain": (
        f"{SERVER}; dkim=pass header.d=evilexample.org; spf=pass smtp.mailfrom=x@org",
    ),
    "a pass named only in a comment": (
        f"{SERVER}; dkim=neutral (dkim=pass header.d=example.org) header.d=example.org",
    ),
}


@pytest.mark.parametrize("results", SPOOFED.values(), ids=SPOOFED.keys())
def test_a_spoofed_reply_plays_nothing_and_the_seat_is_told(
    mailed_game: Game, checked: None, results: tuple[str, ...]
) -> None:
    anne = _anne(mailed_game)
    assert mail_receive(raw=reply(anne, _move(mailed_game, anne), *results)) == "unauthenticated"
    assert _moves(mailed_game) == 0
    assert not OutboundMail.objects.filter(kind="move_accepted").exists()
    answer = OutboundMail.objects.get(kind="move_refused")
    assert answer.to == "anne@example.org"
    assert "could not confirm that the email came from your address" in answer.context["message"]
    assert InboundMail.objects.get().outcome == "unauthenticated"


def test_a_reply_with_a_second_from_plays_nothing(mailed_game: Game, checked: None) -> None:
    anne = _anne(mailed_game)
    raw = reply(anne, _move(mailed_game, anne), f"{SERVER}; dmarc=pass")
    own = b"From: Anne <anne@example.org>\n"
    raw = raw.replace(own, own + b"From: Mallory <mallory@attacker.example>\n")
    assert mail_receive(raw=raw) == "unauthenticated"
    assert _moves(mailed_game) == 0


@pytest.mark.parametrize(
    ("language", "words"),
    [("de", "konnte nicht bestätigen"), ("fr", "n'a pas pu confirmer")],
)
def test_the_refusal_is_in_the_seats_language(
    mailed_game: Game, checked: None, language: str, words: str
) -> None:
    anne = _anne(mailed_game)
    anne.language = language
    anne.save()
    assert mail_receive(raw=reply(anne, _move(mailed_game, anne))) == "unauthenticated"
    assert words in OutboundMail.objects.get(kind="move_refused").context["message"]
    assert _moves(mailed_game) == 0


AUTHENTICATED = {
    "dmarc pass": f"{SERVER}; dmarc=pass (p=reject) header.from=example.org",
    "aligned dkim, no dmarc": f"{SERVER} 1; dkim=pass (good) header.d=example.org header.s=s1",
    "dkim of the parent domain by header.i": f"{SERVER}; dkim=pass header.i=@example.org",
    "aligned spf": f"{SERVER}; dkim=none; spf=pass smtp.mailfrom=anne@example.org; dmarc=none",
    "one header per filter": (
        f"{SERVER}; dmarc=none header.from=example.org\r\n"
        f"Authentication-Results: {SERVER}; dkim=pass header.d=example.org"
    ),
    "upper case and folded": f"{SERVER.upper()};\r\n  DKIM = Pass header.d=Example.ORG",
}


@pytest.mark.parametrize("result", AUTHENTICATED.values(), ids=AUTHENTICATED.keys())
def test_an_authenticated_reply_plays_its_move(
    mailed_game: Game, checked: None, result: str
) -> None:
    anne = _anne(mailed_game)
    forged_below = "mx.attacker.example; dmarc=fail header.from=example.org"
    assert mail_receive(raw=reply(anne, _move(mailed_game, anne), result, forged_below)) == "played"
    assert _moves(mailed_game) == 1
    assert OutboundMail.objects.get(kind="move_accepted").to == "anne@example.org"


def test_without_the_setting_replies_play_as_before(mailed_game: Game, settings: Any) -> None:
    settings.INBOUND_AUTHSERV_ID = ""
    anne = _anne(mailed_game)
    assert mail_receive(raw=reply(anne, _move(mailed_game, anne))) == "played"
    assert _moves(mailed_game) == 1


def test_each_reply_is_logged_with_its_authentication(
    mailed_game: Game, checked: None, caplog: pytest.LogCaptureFixture
) -> None:
    anne = _anne(mailed_game)
    caplog.set_level(logging.INFO, logger="games.mail.inbound")
    mail_receive(raw=reply(anne, "place F4 draw sea", f"{SERVER}; dkim=fail header.d=example.org"))
    assert "unauthenticated" in caplog.text and "[auth fail dkim" in caplog.text
    caplog.clear()
    mail_receive(raw=reply(anne, "place F4 draw sea"))
    assert f"[auth none (no Authentication-Results from {SERVER})" in caplog.text
    caplog.clear()
    good = f"{SERVER}; spf=pass smtp.mailfrom=anne@example.org"
    assert mail_receive(raw=reply(anne, _move(mailed_game, anne), good)) == "played"
    assert "received" in caplog.text and "[auth pass spf" in caplog.text


def test_it_parses_authentication_results() -> None:
    from games.mail.inbound import authentication_results

    server, results = authentication_results(
        '(relay) MX.example.net 1; dkim/1=pass (sig "ok"; fine) header.d=example.org '
        'reason="header.d=evil.example"; spf = pass smtp.mailfrom=a@example.org; none'
    )
    assert server == "mx.example.net"
    assert results == [
        ("dkim", "pass", {"header.d": "example.org", "reason": "header.d=evil.example"}),
        ("spf", "pass", {"smtp.mailfrom": "a@example.org"}),
    ]
