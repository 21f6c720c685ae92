# ruff: noqa: F811  (pytest fixtures imported from notice_helpers)
"""A seat's webhook channels on its settings page: added, tried with a test and removed by
its player in his language; a stranger's or another seat's request changes nothing; test
sends are limited; private addresses and ended games are refused."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from notice_helpers import Receiver, game, receiver  # noqa: F401

from games.models import Game, Notice, NoticeChannel, Seat
from games.moderation.actions import game_abort
from games.notices.delivery import notice_send, notices_due
from games.play.links import mail_settings_token, seat_token
from tests.clock import T0

pytestmark = [pytest.mark.django_db, pytest.mark.clock]


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def _page(seat: Seat) -> str:
    return f"/play/{seat_token(seat)}/mail/"


def _post(seat: Seat, **data: Any) -> Any:
    return Client().post(_page(seat), data)


def test_a_player_adds_a_channel_tries_it_and_removes_it(game: Game, receiver: Receiver) -> None:
    """The page speaks the player's language; it shows the channel's host and the signing
    secret, never the whole address (a Discord address is itself a secret)."""
    anne = _seat(game, "Anne")
    page = Client().get(_page(anne)).content.decode()
    assert "Zugbenachrichtigungen per Webhook" in page and "nie deinen eigenen Spiellink" in page

    added = _post(anne, action="channel-add", kind="json", url=receiver.url)
    assert added.status_code == 200
    shown = added.content.decode()
    channel = NoticeChannel.objects.get(seat=anne)
    assert "Der Kanal ist hinzugefügt." in shown and channel.secret in shown
    assert "/hook/abc" not in shown and "127.0.0.1" in shown

    tried = _post(anne, action="channel-test", channel=channel.pk)
    assert "Eine Testbenachrichtigung ist unterwegs." in tried.content.decode()
    assert [notice_send(notice_id=pk) for pk in notices_due(now=T0)] == [True]
    (got,) = receiver.received
    assert got.json()["type"] == "test" and "Dieser Kanal funktioniert" in got.json()["text"]

    by_mail = Client().post(
        f"/mail-settings/{mail_settings_token(anne)}/",
        {"action": "channel-remove", "channel": channel.pk},
    )
    assert "Der Kanal ist entfernt." in by_mail.content.decode()
    assert not NoticeChannel.objects.exists()


def test_a_stranger_or_another_seat_cannot_touch_a_seats_channels(
    game: Game, receiver: Receiver
) -> None:
    """Only a seat's own links reach its page; a channel id of another seat is not found."""
    anne, bart = _seat(game, "Anne"), _seat(game, "Bart")
    _post(anne, action="channel-add", kind="discord", url=receiver.url)
    channel = NoticeChannel.objects.get()
    forged = Client().post(
        "/play/not-a-token/mail/", {"action": "channel-add", "kind": "json", "url": receiver.url}
    )
    assert forged.status_code == 404
    for action in ("channel-test", "channel-remove"):
        _post(bart, action=action, channel=channel.pk)
    assert NoticeChannel.objects.get() == channel and channel.seat == anne
    assert not Notice.objects.exists()
    assert channel.secret not in Client().get(_page(bart)).content.decode()


def test_test_sends_are_limited(game: Game, receiver: Receiver) -> None:
    """Three tests in ten minutes; the fourth is refused with 429 and writes nothing."""
    anne = _seat(game, "Anne")
    _post(anne, action="channel-add", kind="slack", url=receiver.url)
    channel = NoticeChannel.objects.get()
    codes = [_post(anne, action="channel-test", channel=channel.pk).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    assert Notice.objects.count() == 3
    refused = _post(anne, action="channel-test", channel=channel.pk).content.decode()
    assert "Höchstens 3 Tests in 10 Minuten" in refused


def test_a_private_or_plain_http_address_is_refused(game: Game) -> None:
    """Without ``NOTICE_ALLOW_PRIVATE``, the page says why, in the player's language."""
    bart = _seat(game, "Bart")
    for url, why in [
        ("http://hooks.example/x", "doit commencer par https://"),
        ("https://127.0.0.1/x", "ne peut pas pointer vers un réseau privé"),
        ("https://[::1]/x", "ne peut pas pointer vers un réseau privé"),
    ]:
        answer = _post(bart, action="channel-add", kind="discord", url=url)
        assert answer.status_code == 400 and why in answer.content.decode()
    assert not NoticeChannel.objects.exists()


def test_an_ended_game_takes_no_channel(game: Game, receiver: Receiver) -> None:
    game_abort(game=game, moderator=User.objects.create_user("mod"), reason="test")
    answer = _post(_seat(game, "Anne"), action="channel-add", kind="json", url=receiver.url)
    assert answer.status_code == 400
    assert "Es verschickt keine Benachrichtigungen mehr" in answer.content.decode()
    assert not NoticeChannel.objects.exists()
