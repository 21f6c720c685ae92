# ruff: noqa: F811  (pytest fixtures imported from notice_helpers)
"""Turn notices by webhook: written with the move that begins the turn, delivered to a real
local receiver in each kind's format, retried until a receiver that was down comes back, a
channel that keeps failing paused with an email to its player, and nothing sent for an
ended game."""

from __future__ import annotations

import hashlib
import hmac
from datetime import timedelta

import pytest
from api_helpers import post_json
from django.conf import settings as django_settings
from django.contrib.auth.models import User
from django.test import Client
from notice_helpers import Receiver, anne_moves, game, receiver  # noqa: F401

from games.mail.compose import mail_compose
from games.models import Game, Notice, NoticeChannel, OutboundMail, Seat
from games.moderation.actions import game_abort
from games.notices.channels import channel_add
from games.notices.delivery import notice_send, notices_due
from games.play.links import seat_token
from games.play.services import move_submit
from games.store.loading import engine_for, load_state
from tests.clock import T0

pytestmark = [pytest.mark.django_db, pytest.mark.clock]


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def _send_all() -> int:
    return sum(notice_send(notice_id=pk) for pk in notices_due(now=T0 + timedelta(days=1)))


def _verify(secret: str, headers: dict[str, str], body: bytes) -> bool:
    """The receiver's check, as docs/playing.md shows it."""
    timestamp = headers["X-Notice-Timestamp"]
    expected = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return hmac.compare_digest(headers["X-Notice-Signature"], "sha256=" + expected.hexdigest())


def test_each_kind_gets_the_turn_in_its_format_with_the_game_page_and_never_the_play_link(
    game: Game, receiver: Receiver
) -> None:
    """Discord and Slack get their incoming-webhook JSON, the generic kind the notice's fields
    signed with HMAC-SHA256; each names the game, whose turn, the deadline in the player's
    zone and the game's public page, with the same notice id in a header."""
    bart = _seat(game, "Bart")
    for kind in ("discord", "slack", "json"):
        channel_add(seat=bart, kind=kind, url=receiver.url, now=T0)
    anne_moves(game)
    assert Notice.objects.filter(kind="turn", status="pending").count() == 3

    assert _send_all() == 3
    by_kind = {
        kind: next(r for r in receiver.received if r.headers["X-Notice-Id"] == notice.notice_id)
        for notice in Notice.objects.select_related("channel")
        for kind in [notice.channel.kind]
    }
    link = f"/games/{game.pk}/"
    discord = by_kind["discord"].json()
    assert discord["allowed_mentions"] == {"parse": []}
    assert discord["content"].startswith(f"Bart doit jouer dans Freibeuter #{game.pk}, jusqu'au ")
    assert "(Europe/Paris)" in discord["content"] and discord["content"].endswith(link)
    slack = by_kind["slack"].json()
    assert slack == {"text": discord["content"]}
    generic = by_kind["json"]
    fields = generic.json()
    assert fields["type"] == "turn" and fields["player"] == "Bart"
    assert fields["id"] == generic.headers["X-Notice-Id"]
    assert fields["game"] == {
        "id": game.pk,
        "kind": "freibeuter",
        "name": f"Freibeuter #{game.pk}",
        "url": f"{django_settings.SITE_URL}{link}",
    }
    assert fields["deadline"] == _seat(game, "Bart").deadline_at.isoformat()
    assert "(Europe/Paris)" in fields["deadline_local"]
    secret = NoticeChannel.objects.get(kind="json").secret
    assert _verify(secret, generic.headers, generic.body)
    assert not _verify("another secret", generic.headers, generic.body)
    assert all(r.path == "/hook/abc?x=1" for r in receiver.received)
    token = seat_token(_seat(game, "Bart"))
    assert not any(token.encode() in r.body for r in receiver.received)
    assert set(Notice.objects.values_list("status", flat=True)) == {"sent"}


def test_a_receiver_that_is_down_gets_the_notice_after_it_comes_back(
    game: Game, receiver: Receiver
) -> None:
    """A failed send leaves the notice waiting for its retry, with back-off; once the receiver
    answers again the same notice (same id) is delivered, once."""
    channel_add(seat=_seat(game, "Bart"), kind="json", url=receiver.url, now=T0)
    receiver.stop()
    anne_moves(game)
    (notice,) = Notice.objects.all()
    assert not notice_send(notice_id=notice.pk, now=T0)
    notice.refresh_from_db()
    assert notice.status == "pending" and "Connection" in notice.error
    assert notice.claimed_until == T0 + timedelta(seconds=30)
    assert notices_due(now=T0 + timedelta(seconds=29)) == []

    receiver.start()
    later = T0 + timedelta(seconds=31)
    assert notices_due(now=later) == [notice.pk]
    assert notice_send(notice_id=notice.pk, now=later)
    assert not notice_send(notice_id=notice.pk, now=later)  # sent once
    (got,) = receiver.received
    assert got.headers["X-Notice-Id"] == notice.notice_id == got.json()["id"]
    assert NoticeChannel.objects.get().failures == 0


def test_a_channel_failing_repeatedly_is_paused_and_its_player_told_by_email(
    game: Game, receiver: Receiver, settings: object
) -> None:
    """After ``NOTICE_PAUSE_AFTER`` failures in a row the channel is paused, its waiting
    notices dropped, its player emailed why; a paused channel hears of no further turn."""
    settings.NOTICE_PAUSE_AFTER = 2  # type: ignore[attr-defined]
    bart = _seat(game, "Bart")
    channel_add(seat=bart, kind="discord", url=receiver.url, now=T0)
    receiver.status = 500
    receiver.answer = b"x" * 100_000
    anne_moves(game)
    (notice,) = Notice.objects.all()
    assert not notice_send(notice_id=notice.pk, now=T0)
    assert not notice_send(notice_id=notice.pk, now=T0 + timedelta(minutes=1))
    channel = NoticeChannel.objects.get()
    assert channel.paused_at is not None and channel.failures == 2
    notice.refresh_from_db()
    assert notice.status == "dropped" and notice.error.startswith("HTTP 500: xxx")
    assert len(notice.error) < 300  # the answer is read only so far
    mail = OutboundMail.objects.get(kind="channel_paused")
    assert mail.to == "bart@example.org"
    text = mail_compose(mail).body
    assert "Discord" in text and "HTTP 500" in text and "/mail-settings/" in text


def test_an_ended_game_sends_nothing_more(game: Game, receiver: Receiver) -> None:
    """A turn notice still waiting when its game is aborted is dropped unsent."""
    channel_add(seat=_seat(game, "Bart"), kind="slack", url=receiver.url, now=T0)
    anne_moves(game)
    game_abort(game=game, moderator=User.objects.create_user("mod"), reason="test")
    assert _send_all() == 0
    assert receiver.received == []
    assert set(Notice.objects.values_list("status", flat=True)) == {"dropped"}


def test_a_redirect_is_not_followed(game: Game, receiver: Receiver) -> None:
    """A 3xx answer fails the notice for good; its Location is never requested."""
    channel_add(seat=_seat(game, "Bart"), kind="json", url=receiver.url, now=T0)
    receiver.status = 307
    receiver.answer = b"see elsewhere"
    receiver.answer_headers = {"Location": receiver.url + "&again=1"}
    anne_moves(game)
    assert _send_all() == 0
    (notice,) = Notice.objects.all()
    assert notice.status == "failed" and notice.error == "HTTP 307: see elsewhere"
    assert len(receiver.received) == 1


def test_a_turn_that_passed_while_the_receiver_was_down_is_not_told(
    game: Game, receiver: Receiver
) -> None:
    """A turn notice still waiting for its retry when the player it names has moved is
    dropped: it would say what is no longer true."""
    channel_add(seat=_seat(game, "Bart"), kind="json", url=receiver.url, now=T0)
    receiver.stop()
    anne_moves(game)
    (notice,) = Notice.objects.all()
    assert not notice_send(notice_id=notice.pk, now=T0)
    bart = _seat(game, "Bart")
    move = engine_for(game).legal_moves(load_state(game), "Bart")[0]
    move_submit(game=game, seat=bart, move=move, expected_seq=game.last_seq)
    game.refresh_from_db()
    assert "Bart" not in game.to_move
    receiver.start()
    assert not notice_send(notice_id=notice.pk, now=T0 + timedelta(hours=1))
    notice.refresh_from_db()
    assert notice.status == "dropped" and receiver.received == []


def _api_move(client: Client, game: Game, name: str) -> None:
    """``name`` makes a legal move through the API's move POST (the locked read's path)."""
    game.refresh_from_db()
    move = engine_for(game).legal_moves(load_state(game), name)[0]
    body = {"move": move, "expected_seq": game.last_seq}
    response = post_json(
        client, f"/api/games/{game.pk}/moves/", body, seat_token(_seat(game, name))
    )
    assert response.status_code == 201, response.json()


def test_a_move_through_the_api_tells_only_the_seats_and_table_with_a_channel(
    game: Game, receiver: Receiver, client: Client
) -> None:
    """The move POST reads with the game's lock who hears its notices: a turn beginning for a
    seat without a channel writes no notice, one for a seat with a channel writes its own,
    and a paused channel hears nothing."""
    anne, bart = _seat(game, "Anne"), _seat(game, "Bart")
    channel_add(seat=anne, kind="json", url=receiver.url, now=T0)
    paused = channel_add(seat=bart, kind="json", url=receiver.url + "&b", now=T0)
    NoticeChannel.objects.filter(pk=paused.pk).update(paused_at=T0)

    _api_move(client, game, "Anne")
    assert not Notice.objects.exists(), "Bart's turn: his only channel is paused"

    game.refresh_from_db()
    while "Anne" not in game.to_move:
        (player,) = game.to_move
        if _seat(game, player).is_bot:
            move = engine_for(game).legal_moves(load_state(game), player)[0]
            move_submit(game=game, seat=_seat(game, player), move=move, expected_seq=game.last_seq)
        else:
            _api_move(client, game, player)
        game.refresh_from_db()
    assert list(Notice.objects.values_list("channel__seat__display_name", flat=True)) == ["Anne"]
