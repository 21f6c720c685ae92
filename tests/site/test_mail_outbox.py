# ruff: noqa: F811  (pytest fixtures imported from mail_helpers)
"""The outbox without a worker: rows written with their event, claims, failures, the message."""

from __future__ import annotations

import email
import email.policy
import re
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

import pytest
from babel.dates import format_date
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from mail_helpers import SmtpSink, smtp, text_of  # noqa: F401

from games.mail.compose import mail_compose
from games.mail.digest import digest_send
from games.mail.outbox import (
    TransportError,
    lease,
    mail_claim,
    mail_due,
    mail_send,
)
from games.models import Game, MailPreference, OutboundMail
from games.play.chat import chat_post
from games.play.links import preferences_link
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from games.store.repository import NOT_DURABLE
from tests.clock import T0, next_local

pytestmark = pytest.mark.clock

HOUR = timedelta(hours=1)
TOKYO_NEXT_SEVEN = next_local(7, "Asia/Tokyo")
"""The first 07:00 in Anne's time zone (Tokyo) after the suite's clock, T0."""


@pytest.fixture
def mailed_game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(
                name="Anne", email="anne@example.org", language="de", time_zone="Asia/Tokyo"
            ),
            PlayerSpec(name="Bart", email="bart@example.org"),
            PlayerSpec(name="Cleo", is_bot=True),
        ],
        seed=4,
        now=T0,
    )


def test_it_writes_the_turn_email_with_the_event_that_caused_it(mailed_game: Game) -> None:
    (row,) = OutboundMail.objects.all()
    assert (row.kind, row.to, row.status, row.game) == (
        "turn",
        "anne@example.org",
        "pending",
        mailed_game,
    )
    assert row.message_id.startswith("<") and row.message_id.endswith(">")


def test_it_writes_no_email_for_bots_seats_without_address_or_link_only_players(db: None) -> None:
    game_create(
        kind="freibeuter",
        players=[PlayerSpec(name="Bot", is_bot=True), PlayerSpec(name="Nomail")],
        seed=1,
    )
    assert not OutboundMail.objects.exists()


def test_it_renders_the_turn_email_in_the_seats_language_and_time_zone(mailed_game: Game) -> None:
    row = OutboundMail.objects.get()
    message = mail_compose(row)
    assert "Du bist am Zug" in message.subject and f"#{mailed_game.pk}" in message.subject
    deadline = mailed_game.deadline_at.astimezone(ZoneInfo("Asia/Tokyo"))
    weekday = format_date(deadline, "EEEE", locale="de")
    assert f"{weekday}, " in message.body and f"{deadline:%H:%M} (Asia/Tokyo)" in message.body
    raw = message.message().as_bytes()
    assert mail_compose(row).message()["Message-ID"] == row.message_id
    parsed = email.message_from_bytes(raw, policy=email.policy.default)
    assert parsed["List-Unsubscribe"].strip() == f"<{preferences_link(row.seat)}unsubscribe/>"
    assert parsed["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert parsed["Auto-Submitted"] == "auto-generated"


def test_it_lets_only_one_claim_hold_a_row_until_its_lease_runs_out(mailed_game: Game) -> None:
    row, lease_time = OutboundMail.objects.get(), lease()
    assert mail_claim(mail_id=row.pk, now=T0) is not None
    assert mail_claim(mail_id=row.pk, now=T0 + lease_time / 2) is None
    assert mail_due(now=T0 + lease_time / 2) == []
    assert mail_due(now=T0 + lease_time + timedelta(seconds=1)) == [row.pk]
    assert mail_claim(mail_id=row.pk, now=T0 + lease_time + timedelta(seconds=1)) is not None


def test_it_marks_a_row_failed_on_a_permanent_refusal(mailed_game: Game, smtp: SmtpSink) -> None:
    smtp.refuse_with = "550 5.1.1 no such mailbox"
    row = OutboundMail.objects.get()
    assert mail_send(mail_id=row.pk) is False
    row.refresh_from_db()
    assert row.status == "failed" and "550" in row.error
    assert mail_send(mail_id=row.pk) is False and smtp.received == []


def test_it_keeps_a_row_pending_while_the_server_is_down(mailed_game: Game, smtp: SmtpSink) -> None:
    smtp.stop()
    row = OutboundMail.objects.get()
    with pytest.raises(TransportError) as failure:
        mail_send(mail_id=row.pk)
    assert not failure.value.permanent
    row.refresh_from_db()
    assert row.status == "pending" and row.attempts == 1 and row.error
    smtp.start()
    assert mail_send(mail_id=row.pk, now=row.claimed_until + timedelta(seconds=1)) is True
    row.refresh_from_db()
    assert row.status == "sent" and len(smtp.received) == 1


def test_it_gathers_a_digest_players_turns_into_one_daily_email(mailed_game: Game) -> None:
    anne = mailed_game.seats.get(display_name="Anne")
    anne.mail_preference = MailPreference.DIGEST
    anne.save()
    other = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name="Anne", email="anne@example.org"), PlayerSpec(name="Zed")],
        seed=3,
    )
    other.seats.filter(display_name="Anne").update(mail_preference=MailPreference.DIGEST)
    game_create(
        kind="freibeuter",
        players=[PlayerSpec(name="Anne", email="anne@example.org"), PlayerSpec(name="Zed")],
        seed=5,
    )
    OutboundMail.objects.filter(to="anne@example.org").update(status="held")
    assert digest_send(now=TOKYO_NEXT_SEVEN - timedelta(hours=1)) == 0  # 06:00 in Tokyo
    assert digest_send(now=TOKYO_NEXT_SEVEN) == 1
    digest = OutboundMail.objects.get(kind="digest")
    assert digest.to == "anne@example.org" and len(digest.context["games"]) == 3
    assert not OutboundMail.objects.filter(status="held").exists()
    assert "3" in mail_compose(digest).subject


def test_a_digest_goes_out_at_seven_in_its_readers_time_zone(db: None) -> None:
    berlin_seven = next_local(7, "Europe/Berlin")
    new_york_seven = next_local(7, "America/New_York", after=berlin_seven)
    anne = PlayerSpec(name="Anne", email="anne@example.org", time_zone="Europe/Berlin")
    zed = PlayerSpec(name="Zed", email="zed@example.org", time_zone="America/New_York")
    for players in ([anne, zed], [zed, anne]):  # each is first to move in one game
        game = game_create(kind="freibeuter", players=players, seed=3)
        game.seats.update(mail_preference=MailPreference.DIGEST)
    OutboundMail.objects.update(status="held", created_at=berlin_seven - 2 * HOUR)

    def sent(now: datetime) -> list[str]:
        digest_send(now=now)
        return sorted(OutboundMail.objects.filter(kind="digest").values_list("to", flat=True))

    assert sent(berlin_seven - HOUR) == []
    assert sent(berlin_seven) == ["anne@example.org"]
    assert sent(new_york_seven - HOUR) == ["anne@example.org"]
    assert sent(new_york_seven) == ["anne@example.org", "zed@example.org"]


def test_a_held_turn_goes_out_the_next_hour_after_a_missed_digest_run(db: None) -> None:
    players = [PlayerSpec(name="Anne", email="anne@example.org"), PlayerSpec(name="Zed")]
    game = game_create(kind="freibeuter", players=players, seed=3)
    game.seats.update(mail_preference=MailPreference.DIGEST)
    held_at = next_local(7, "UTC") + HOUR  # just after the day's digest
    OutboundMail.objects.filter(game=game).update(status="held", created_at=held_at)
    # The next day's 07:00 run never came: at 08:00 it waits, at 09:00 it is overdue.
    assert digest_send(now=held_at + 24 * HOUR) == 0
    assert digest_send(now=held_at + 25 * HOUR) == 1


def test_it_unsubscribes_with_one_click_but_never_on_a_get(
    mailed_game: Game, client: Client
) -> None:
    anne = mailed_game.seats.get(display_name="Anne")
    url = urlsplit(preferences_link(anne)).path + "unsubscribe/"
    assert client.get(url).status_code == 302
    anne.refresh_from_db()
    assert anne.mail_preference == MailPreference.EVERY_TURN
    answer = Client(enforce_csrf_checks=True).post(url, {"List-Unsubscribe": "One-Click"})
    assert answer.status_code == 200
    anne.refresh_from_db()
    assert anne.mail_preference == MailPreference.NONE


def test_it_changes_preferences_by_a_post_from_the_page(mailed_game: Game, client: Client) -> None:
    anne = mailed_game.seats.get(display_name="Anne")
    url = urlsplit(preferences_link(anne)).path
    page = client.get(url)
    assert page.status_code == 200 and "tägliche Übersicht" in page.content.decode()
    assert Client(enforce_csrf_checks=True).post(url, {"preference": "digest"}).status_code == 403
    client.post(url, {"preference": "digest"})
    anne.refresh_from_db()
    assert anne.mail_preference == MailPreference.DIGEST


def test_it_shows_the_development_mailbox_only_with_debug(
    mailed_game: Game, client: Client, settings: Any, tmp_path: Any
) -> None:
    settings.DEBUG = False
    assert client.get("/dev/mail/").status_code == 404
    settings.DEBUG = True
    settings.DEV_MAILBOX = True  # the embedded default's (the suite runs on a database)
    settings.EMAIL_BACKEND = "games.mail.backend.EmlFileBackend"
    settings.EMAIL_FILE_PATH = tmp_path
    mail_send(mail_id=OutboundMail.objects.get().pk)
    listing = client.get("/dev/mail/").content.decode()
    assert "Du bist am Zug" in listing
    (name,) = [path.name for path in tmp_path.glob("*.eml")]
    page = client.get(f"/dev/mail/{name}/").content.decode()
    assert "/play/" in page and "data:image/png;base64," in page
    assert client.get("/dev/mail/../secret/").status_code == 404
    move = re.search(r"^  ((?:board|place) .+)$", page, re.MULTILINE).group(1)
    answer = client.post(f"/dev/mail/{name}/", {"reply": move}).content.decode()
    assert "received: played" in answer and mailed_game.events.filter(type="move").exists()


def test_it_lists_a_games_mail_for_moderators(mailed_game: Game, admin_client: Client) -> None:
    game_page = admin_client.get(f"/admin/games/game/{mailed_game.pk}/change/").content.decode()
    assert f"?game__id__exact={mailed_game.pk}" in game_page and "1 emails" in game_page
    listing = admin_client.get(f"/admin/games/outboundmail/?game__id__exact={mailed_game.pk}")
    assert "anne@example.org" in listing.content.decode()


def _send_barts_turn_after(chats: int) -> list[str]:
    """Anne posts ``chats`` messages and moves in a new game; send Bart's turn email as the
    worker does and return the statements the send ran."""
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")],
        seed=4,
        now=T0,
    )
    anne = game.seats.get(display_name="Anne")
    for number in range(chats):
        chat_post(game=game, seat=anne, text=f"Message {number}", now=T0)
    game.refresh_from_db()
    move = engine_for(game).legal_moves(load_state(game), "Anne")[0]
    move_submit(game=game, seat=anne, move=move, expected_seq=game.last_seq)
    (turn,) = OutboundMail.objects.filter(game=game, kind="turn", to="bart@example.org")
    with CaptureQueriesContext(connection) as queries:
        assert mail_send(mail_id=turn.pk, now=T0) is True
    return [query["sql"] for query in queries]


def test_a_turn_email_is_sent_in_the_same_statements_however_much_chat_it_carries(
    db: None, smtp: SmtpSink
) -> None:
    """The worker reads the moderators' hidden messages once, not once per chat message, and
    the row's game and seat with the row itself, as a worker's budget of 100 emails a second
    needs."""
    one = _send_barts_turn_after(1)
    five = _send_barts_turn_after(5)
    first, second = (text_of(message) for message in smtp.to("bart@example.org"))
    assert "Anne says: Message 0" in first
    assert all(f"Anne says: Message {number}" in second for number in range(5))
    assert len(five) == len(one)
    assert [sql for sql in one if re.match(r'SELECT .* FROM "games_(game|seat)" WHERE', sql)] == []


def test_a_claim_commits_without_waiting_for_the_disk_at_no_round_trip_of_its_own(
    transactional_db: None, mailed_game: Game
) -> None:
    """Only the outbox's own marks commit with ``synchronous_commit`` off (a crash
    of the server may then send an email twice, with its Message-ID); the setting goes in one
    call with the claim's ``UPDATE``, and the session's own setting stays as it was."""
    row = OutboundMail.objects.get()
    with CaptureQueriesContext(connection) as queries:
        assert mail_claim(mail_id=row.pk, now=T0) is not None
    statements = [query["sql"] for query in queries if query["sql"] not in ("BEGIN", "COMMIT")]
    assert statements[0].startswith(f"{NOT_DURABLE}; UPDATE "), statements
    assert not any(sql == NOT_DURABLE for sql in statements)
    with connection.cursor() as cursor:
        cursor.execute("SHOW synchronous_commit")
        assert cursor.fetchone() == ("on",)


def test_a_turn_email_costs_the_worker_one_call_each_to_claim_read_and_mark_it(
    db: None, smtp: SmtpSink
) -> None:
    """Within a worker's budget of 100 emails a second, the claim comes with the row's game and
    seat, the seat's last move, the events since it and its standing orders come together, and
    the sent mark keeps the composed content; the state itself is read once more where no
    checkpoint holds it."""
    claim, state, since, mark = _send_barts_turn_after(0)
    assert claim.startswith(f"{NOT_DURABLE}; UPDATE games_outboundmail SET claimed_until")
    assert "LEFT JOIN games_game" in claim and "LEFT JOIN games_seat" in claim
    assert state.startswith('SELECT "games_event"."seq"')
    assert since.startswith("SELECT MAX(seq) FROM games_event") and "; SELECT seq, " in since
    assert "; SELECT answers, queue FROM games_standinganswers WHERE seat_id = " in since
    assert mark.startswith(f"{NOT_DURABLE}; UPDATE games_outboundmail SET \"status\" = 'sent'")
    (turn,) = OutboundMail.objects.filter(kind="turn", to="bart@example.org")
    assert turn.status == "sent" and turn.attempts == 1 and turn.claimed_until is None
    (sent,) = smtp.to("bart@example.org")
    (anne,) = turn.context["since"]
    assert f"Anne: {anne['move']} ({anne['notation']})" in text_of(sent)
