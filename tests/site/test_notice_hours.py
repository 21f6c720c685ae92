# ruff: noqa: F811  (pytest fixtures imported from notice_helpers)
"""Playing hours: a turn that begins outside a seat's hours is told (by email and by webhook)
when they begin on the player's wall clock, across a change of summer time too, but never
after the seat's reminder time, and the reminder itself comes at its time; a turn the player
played meanwhile is not told; the player sets
his hours on the seat's settings and the game's page shows them to everyone at the table."""

from __future__ import annotations

import smtplib
from datetime import UTC, datetime, time, timedelta

import pytest
import time_machine
from django.core import mail
from django.test import Client
from notice_helpers import Receiver, game, receiver  # noqa: F401

from games.interventions.sweep import deadline_sweep
from games.mail.outbox import TransportError, mail_send
from games.models import Game, Notice, OutboundMail, Seat
from games.notices.channels import channel_add
from games.notices.delivery import notice_send, notices_due
from games.play.links import seat_token
from games.timecontrol.hours import hours_set
from tests.site.dates_helpers import CHANGES, DAY, game_at, play, seat_of, travel

pytestmark = [pytest.mark.django_db, pytest.mark.clock]

MINUTE = timedelta(minutes=1)
SPRING = CHANGES["berlin-spring"]
"""Berlin's clocks go from 02:00 to 03:00 in the night to Sunday, 31 March 2041."""


def _late_saturday_move(
    clock: time_machine.Coordinates, receiver: Receiver, hours_from: time, **options: object
) -> tuple[Game, Seat, datetime]:
    """Anne, Bart and Cleo in Berlin, the two others with playing hours from ``hours_from``
    to 22:00 and Bart with a webhook; Anne moves at 23:30 on the Saturday before the change.
    The game, Bart's seat and the instant of the move."""
    SPRING.check()
    start = travel(clock, SPRING.wall(SPRING.sunday - DAY, 20))
    game = game_at(start, SPRING.zone, dict(options) or None)
    for name in ("Bart", "Cleo"):
        hours_set(seat_of(game, name), hours_from, time(22))
    bart = seat_of(game, "Bart")
    channel_add(seat=bart, kind="json", url=receiver.url, now=start)
    moved = travel(clock, SPRING.wall(SPRING.sunday - DAY, 23, 30))
    assert play(game, moved) == "Anne" and game.to_move == ["Bart"]
    bart.refresh_from_db()
    return game, bart, moved


def _sent_at(row: OutboundMail, moment: datetime) -> bool:
    """Whether the outbox sends ``row`` when its sweep runs at ``moment``."""
    return mail_send(mail_id=row.pk, now=moment)


def test_a_turn_at_night_is_told_when_the_hours_begin_on_the_sunday_of_summer_time(
    clock: time_machine.Coordinates, receiver: Receiver
) -> None:
    """Bart's turn begins at 23:30, after his hours (08:00 to 22:00): his turn email and his
    webhook's notice wait until 08:00 on his wall clock, which on the Sunday the clocks go
    forward is 06:00 UTC, an hour earlier than the day before; not sent before, sent then."""
    game, bart, _ = _late_saturday_move(clock, receiver, time(8))
    morning = SPRING.wall(SPRING.sunday, 8)
    assert morning == datetime(2041, 3, 31, 6, 0, tzinfo=UTC)
    turn = OutboundMail.objects.get(game=game, seat=bart, kind="turn")
    (notice,) = Notice.objects.filter(channel__seat=bart)

    early = morning - MINUTE
    assert notices_due(now=early) == [] and not notice_send(notice_id=notice.pk, now=early)
    assert not _sent_at(turn, early) and mail.outbox == []
    assert receiver.received == []

    later = morning + MINUTE
    assert notices_due(now=later) == [notice.pk] and notice_send(notice_id=notice.pk, now=later)
    assert receiver.received[0].json()["player"] == "Bart"
    assert _sent_at(turn, later)
    assert [message.to for message in mail.outbox] == [["bart@example.org"]]


def test_a_waiting_turn_comes_no_later_than_the_reminder_which_comes_at_its_time(
    clock: time_machine.Coordinates, receiver: Receiver
) -> None:
    """With eight hours a move and the reminder two hours before the deadline, Bart's hours
    (from 09:00) begin after his deadline: his turn is told at his reminder time instead, and
    the reminder itself, due outside his hours, is sent at once."""
    game, bart, _ = _late_saturday_move(
        clock, receiver, time(9), time_control={"hours": 8}, reminder_hours=2
    )
    assert bart.remind_at is not None and bart.deadline_at is not None
    assert bart.deadline_at < SPRING.wall(SPRING.sunday, 9)
    turn = OutboundMail.objects.get(game=game, seat=bart, kind="turn")
    (notice,) = Notice.objects.filter(channel__seat=bart)
    assert notices_due(now=bart.remind_at - MINUTE) == []
    assert not _sent_at(turn, bart.remind_at - MINUTE)

    at = travel(clock, bart.remind_at)
    deadline_sweep(now=at)
    reminder = OutboundMail.objects.get(game=game, seat=bart, kind="reminder")
    assert _sent_at(reminder, at)
    assert _sent_at(turn, at + MINUTE)
    assert notice_send(notice_id=notice.pk, now=at + MINUTE)
    assert len(mail.outbox) == 2 and len(receiver.received) == 1


def test_a_waiting_turn_is_not_told_once_the_player_has_moved_by_his_link(
    clock: time_machine.Coordinates, receiver: Receiver
) -> None:
    """Bart plays by his link at 07:00, before his hours begin: at 08:00 neither his waiting
    turn email nor his webhook's notice goes out (both would tell a turn that is over)."""
    game, bart, _ = _late_saturday_move(clock, receiver, time(8))
    turn = OutboundMail.objects.get(game=game, seat=bart, kind="turn")
    (notice,) = Notice.objects.filter(channel__seat=bart)
    assert play(game, travel(clock, SPRING.wall(SPRING.sunday, 7))) == "Bart"

    later = travel(clock, SPRING.wall(SPRING.sunday, 8) + MINUTE)
    assert not _sent_at(turn, later) and not notice_send(notice_id=notice.pk, now=later)
    turn.refresh_from_db()
    notice.refresh_from_db()
    assert (turn.status, notice.status) == ("dropped", "dropped")
    assert mail.outbox == [] and receiver.received == []


class _Disconnecting:
    """A mail connection whose server drops the connection: a failure the outbox retries."""

    def send_messages(self, messages: object) -> int:
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")


def test_a_waiting_turn_whose_first_send_failed_is_not_told_once_the_player_has_moved(
    clock: time_machine.Coordinates, receiver: Receiver
) -> None:
    """Bart's waiting turn email meets a dropped connection at 08:01; he plays by his link
    at 08:02; the retry at 08:10 drops the email, as the first try would have."""
    game, bart, _ = _late_saturday_move(clock, receiver, time(8))
    turn = OutboundMail.objects.get(game=game, seat=bart, kind="turn")
    first = travel(clock, SPRING.wall(SPRING.sunday, 8) + MINUTE)
    with pytest.raises(TransportError):
        mail_send(mail_id=turn.pk, connect=_Disconnecting, now=first)
    assert play(game, travel(clock, first + MINUTE)) == "Bart"

    retry = travel(clock, SPRING.wall(SPRING.sunday, 8, 10))
    assert not _sent_at(turn, retry)
    turn.refresh_from_db()
    assert turn.status == "dropped" and mail.outbox == []


def test_a_player_sets_his_hours_and_the_table_sees_them(game: Game) -> None:
    """Bart sets 08:00 to 22:00 on his settings (in French); the game's page shows his hours
    with his zone to everyone, and Anne, who set none, has none shown. One time without
    the other is refused."""
    bart = game.seats.get(display_name="Bart")
    page = f"/play/{seat_token(bart)}/mail/"
    half = Client().post(page, {"action": "hours", "hours_from": "08:00", "hours_until": ""})
    assert half.status_code == 400
    assert "Indiquez les deux heures" in half.content.decode()

    saved = Client().post(page, {"action": "hours", "hours_from": "08:00", "hours_until": "22:00"})
    shown = saved.content.decode()
    assert saved.status_code == 200 and "Vos heures de jeu sont enregistrées." in shown
    bart.refresh_from_db()
    assert (bart.hours_from, bart.hours_until) == (time(8), time(22))

    table = Client().get(f"/games/{game.pk}/").content.decode()
    assert "Playing hours" in table and "Bart: 08:00–22:00 (Europe/Paris)" in table
    assert "Anne:" not in table
