"""A seat's emails carry a token that can only do its own job in their footer's mail settings
link and their ``List-Unsubscribe``: it opens the seat's mail settings and takes RFC 8058's
one-click unsubscribe, but it is no play link, no ``Authorization: Seat`` token and no reply
address, the page it opens links to nothing that acts as the seat, and a moderator's reissue of
the seat's link revokes it with the rest. Mail providers read, scan and keep those headers and
links: they must never hold the key to the seat's game and hidden hand.
"""

from __future__ import annotations

import email
import email.policy
from email.message import EmailMessage
from urllib.parse import urlsplit

import pytest
from api_helpers import get_json
from django.conf import settings
from django.test import Client
from player_helpers import moderator_create

from games.mail.compose import mail_compose
from games.mail.inbound import mail_receive
from games.models import Event, Game, MailPreference, OutboundMail, Seat
from games.moderation import actions
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from tests.clock import T0


@pytest.fixture
def game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name="Anne", email="anne@example.org", language="de"),
            PlayerSpec(name="Bart", email="bart@example.org"),
            PlayerSpec(name="Cleo", is_bot=True),
        ],
        seed=4,
        now=T0,
    )


def _anne(game: Game) -> Seat:
    return game.seats.get(display_name="Anne")


def _turn_mail_links(game: Game) -> tuple[str, str]:
    """The paths of Anne's turn email's ``List-Unsubscribe`` and of its footer's mail settings
    link (the last line of its text)."""
    row = OutboundMail.objects.get(kind="turn", seat=_anne(game))
    raw = mail_compose(row).message().as_bytes()
    message = email.message_from_bytes(raw, policy=email.policy.default)
    assert isinstance(message, EmailMessage)
    unsubscribe = str(message["List-Unsubscribe"]).strip().strip("<>")
    body = message.get_body(preferencelist=("plain",))
    assert body is not None
    footer = str(body.get_content()).strip().splitlines()[-1].rsplit(" ", 1)[-1]
    return urlsplit(unsubscribe).path, urlsplit(footer).path


def _token_of(path: str) -> str:
    """The token in a link's path (its longest segment: the rest are words)."""
    return max(path.split("/"), key=len)


def _reply_to(address: str) -> bytes:
    return (
        f"From: Anne <anne@example.org>\r\nTo: {address}\r\nSubject: Re: your turn\r\n"
        "Message-ID: <reply-by-token@players.example>\r\n\r\nresign\r\n"
    ).encode()


def test_the_links_in_a_turn_email_unsubscribe_with_one_click(game: Game) -> None:
    unsubscribe, footer = _turn_mail_links(game)
    page = Client().get(footer)
    assert page.status_code == 200 and "tägliche Übersicht" in page.content.decode()
    assert Client().get(unsubscribe).status_code == 302
    assert _anne(game).mail_preference == MailPreference.EVERY_TURN  # a GET changes nothing

    one_click = Client(enforce_csrf_checks=True).post(
        unsubscribe, {"List-Unsubscribe": "One-Click"}
    )
    assert one_click.status_code == 200
    assert _anne(game).mail_preference == MailPreference.NONE


def test_the_mail_settings_page_holds_nothing_that_acts_as_the_seat(game: Game) -> None:
    _, footer = _turn_mail_links(game)
    page = Client().get(footer).content.decode()
    assert seat_token(_anne(game)) not in page
    assert "/play/" not in page and "/api/" not in page


def test_the_token_of_the_links_is_no_play_link_api_token_or_reply_address(game: Game) -> None:
    unsubscribe, footer = _turn_mail_links(game)
    token = _token_of(unsubscribe)
    assert _token_of(footer) == token

    for path in (f"/play/{token}/", f"/play/{token}/poll/", f"/play/{token}/history/"):
        assert Client().get(path).status_code == 404, path
    api = get_json(Client(), f"/api/games/{game.pk}/", token)
    assert api.status_code == 403 and "you" not in api.json()

    outcome = mail_receive(raw=_reply_to(f"play+{token}@{settings.MAIL_DOMAIN}"))
    assert outcome == "bad_address"
    assert not Event.objects.filter(game=game, type__in=["move", "resigned"]).exists()


def test_a_reissued_seats_old_mail_settings_links_stop_working(game: Game) -> None:
    unsubscribe, footer = _turn_mail_links(game)
    actions.link_reissue(
        game=game, moderator=moderator_create(), reason="link leaked", seat=_anne(game)
    )

    assert Client().get(footer).status_code == 404
    one_click = Client().post(unsubscribe, {"List-Unsubscribe": "One-Click"})
    assert one_click.status_code == 404
    assert _anne(game).mail_preference == MailPreference.EVERY_TURN

    reissued = OutboundMail.objects.filter(seat=_anne(game)).exclude(kind="turn").get()
    assert Client().get(urlsplit(reissued.context["preferences_link"]).path).status_code == 200
