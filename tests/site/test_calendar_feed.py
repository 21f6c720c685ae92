# ruff: noqa: F811  (pytest fixtures imported from notice_helpers)
"""A player's calendar feed: an iCalendar event per active game at its current deadline,
moved as the game goes (stable UID, higher SEQUENCE), an alarm at the reminder while it is
his turn, only what the game's public page says, behind a token that a new link revokes."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from icalendar import Calendar
from notice_helpers import game  # noqa: F401

from games.models import Game, Seat
from games.people.accounts import player_create
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from tests.clock import T0

pytestmark = [pytest.mark.django_db, pytest.mark.clock]


def _feed_of(seat: Seat) -> str:
    """The feed's address as Anne's settings page shows it (path and query)."""
    page = Client().get(f"/play/{seat_token(seat)}/mail/").content.decode()
    start = page.index("/players/anne/calendar.ics?token=")
    return page[start : page.index("<", start)]


def _events(path: str) -> list[Any]:
    answer = Client().get(path)
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/calendar")
    return list(Calendar.from_ical(answer.content).walk("VEVENT"))


def test_the_feed_has_an_event_per_game_at_its_deadline_and_follows_the_game(game: Game) -> None:
    """The event of Anne's turn is at her deadline with an alarm at her reminder; after her
    move the same event (same UID, a higher SEQUENCE) says Bart is to move, at the game's
    deadline, without an alarm."""
    player_create(email="anne@example.org", handle="anne")
    anne = game.seats.get(display_name="Anne")
    path = _feed_of(anne)
    (event,) = _events(path)
    assert str(event["summary"]) == f"Dein Zug in Freibeuter #{game.pk}"
    assert anne.deadline_at is not None and anne.remind_at is not None
    assert event.decoded("dtstart") == anne.deadline_at.replace(microsecond=0)
    (alarm,) = event.walk("VALARM")
    assert alarm.decoded("trigger") == anne.remind_at.replace(microsecond=0)
    assert str(event["url"]).endswith(f"/games/{game.pk}/")
    uid, sequence = str(event["uid"]), int(event["sequence"])

    move = engine_for(game).legal_moves(load_state(game), "Anne")[0]
    move_submit(game=game, seat=anne, move=move, expected_seq=game.last_seq)
    game.refresh_from_db()
    (moved,) = _events(path)
    assert str(moved["uid"]) == uid and int(moved["sequence"]) > sequence
    assert str(moved["summary"]) == f"Bart am Zug in Freibeuter #{game.pk}"
    assert game.deadline_at is not None
    assert moved.decoded("dtstart") == game.deadline_at.replace(microsecond=0)  # in seconds
    assert moved.walk("VALARM") == []


def test_the_feed_shows_nothing_the_rules_hide(game: Game) -> None:
    """No seat link, no address: only the game, who is to move, the deadline and the public
    page, fields a stranger sees on the game's page. Another player's games are not in it."""
    player_create(email="anne@example.org", handle="anne")
    game_create(
        kind="freibeuter",
        players=[PlayerSpec(name="Cleo", email="cleo@example.org"), PlayerSpec(name="Dirk")],
        seed=5,
        now=T0,
    )
    anne = game.seats.get(display_name="Anne")
    body = Client().get(_feed_of(anne)).content.decode()
    for secret in [*(seat_token(seat) for seat in Seat.objects.all()), "@example.org", "Cleo"]:
        assert secret not in body
    (event,) = Calendar.from_ical(body.encode()).walk("VEVENT")
    assert set(event.keys()) == {
        "UID",
        "SEQUENCE",
        "DTSTAMP",
        "LAST-MODIFIED",
        "DTSTART",
        "DTEND",
        "SUMMARY",
        "URL",
        "DESCRIPTION",
    }


def test_a_revoked_token_finds_nothing(game: Game) -> None:
    """A new link from the settings page makes the old one answer 404, as a wrong one."""
    player_create(email="anne@example.org", handle="anne")
    anne = game.seats.get(display_name="Anne")
    old = _feed_of(anne)
    page = Client().post(f"/play/{seat_token(anne)}/mail/", {"action": "calendar-revoke"})
    assert "Der Kalender hat einen neuen Link" in page.content.decode()
    new = _feed_of(anne)
    assert new != old
    assert Client().get(old).status_code == 404
    assert len(_events(new)) == 1
    assert Client().get("/players/anne/calendar.ics?token=guess").status_code == 404
    assert Client().get("/players/anne/calendar.ics").status_code == 404


def test_a_seat_without_an_account_offers_no_feed(game: Game) -> None:
    bart = game.seats.get(display_name="Bart")
    page = Client().get(f"/play/{seat_token(bart)}/mail/").content.decode()
    assert "calendar.ics" not in page
