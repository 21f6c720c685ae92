"""Chat and reports cannot flood a game's history: each seat has its limits, a message is
reported once by a seat, an ended game takes neither, and the history is read in pages.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Event, Game, Seat
from games.moderation.actions import game_abort, game_adjudicate
from games.play.chat import DAILY, REPORT_RATE, chat_post
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create
from games.store import events
from tests.clock import T0
from tests.site.api_helpers import get_json, post_json
from tests.site.player_helpers import moderator_create

pytestmark = pytest.mark.clock


@pytest.fixture
def game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name=name, email=f"{name.lower()}@example.org", language=language)
            for name, language in (("Anne", "en"), ("Bart", "de"), ("Cleo", "fr"))
        ],
        seed=4,
        now=T0,
    )


@pytest.fixture
def mod(db: None) -> User:
    return moderator_create()


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def _messages(game: Game, seat: Seat, count: int) -> list[int]:
    """``count`` messages by ``seat``, one a minute over the last hours before T0."""
    start = T0 - timedelta(minutes=count + 1)
    return [
        chat_post(game=game, seat=seat, text=f"ahoy {n}", now=start + timedelta(minutes=n)).seq
        for n in range(count)
    ]


def _count(game: Game, event_type: str) -> int:
    return Event.objects.filter(game=game, type=event_type).count()


def _report(client: Client, seat: Seat, seq: int) -> str:
    """Report message ``seq`` from ``seat``'s page; the page it comes back to."""
    path = f"/play/{seat_token(seat)}/chat/{seq}/report/"
    answer = client.post(path, {"reason": "x" * 500}, follow=True)
    assert answer.status_code == 200
    return answer.content.decode()


def _head(game: Game) -> tuple[int, str]:
    game.refresh_from_db()
    return game.last_seq, game.head_hash


def test_it_refuses_a_flood_of_reports_from_one_seat(game: Game) -> None:
    seqs = _messages(game, _seat(game, "Anne"), REPORT_RATE + 5)
    client = Client()
    bart = _seat(game, "Bart")
    for seq in seqs[:REPORT_RATE]:
        _report(client, bart, seq)
    page = _report(client, bart, seqs[REPORT_RATE])
    assert f"Höchstens {REPORT_RATE} Meldungen am Tag von einem Platz" in page
    for seq in seqs[REPORT_RATE + 1 :]:
        _report(client, bart, seq)
    assert _count(game, events.CHAT_REPORTED) == REPORT_RATE
    # Another seat has its own reports.
    _report(Client(), _seat(game, "Cleo"), seqs[-1])
    assert _count(game, events.CHAT_REPORTED) == REPORT_RATE + 1


def test_a_seat_reports_a_message_once(game: Game) -> None:
    (seq,) = _messages(game, _seat(game, "Bart"), 1)
    client = Client()
    cleo = _seat(game, "Cleo")
    assert f"/chat/{seq}/report/" in client.get(f"/play/{seat_token(cleo)}/chat/").content.decode()
    _report(client, cleo, seq)
    page = _report(client, cleo, seq)
    assert "Vous avez déjà signalé ce message." in page
    assert _count(game, events.CHAT_REPORTED) == 1
    _report(Client(), _seat(game, "Anne"), seq)
    assert _count(game, events.CHAT_REPORTED) == 2


def test_a_flood_of_messages_from_one_seat_gets_429(game: Game) -> None:
    anne = _seat(game, "Anne")
    _messages(game, anne, DAILY)
    client = Client()
    answer = post_json(
        client, f"/api/games/{game.pk}/chat/", {"text": "one more"}, seat_token(anne)
    )
    assert answer.status_code == 429
    assert answer.json()["error"]["code"] == "chat_daily_rate"
    assert set(answer.json()) == {"error"}
    assert _count(game, events.CHAT_POSTED) == DAILY
    # The web page says so in the seat's language, and writes nothing either.
    bart = _seat(game, "Bart")
    _messages(game, bart, DAILY)
    page = client.post(f"/play/{seat_token(bart)}/chat/", {"text": "noch eine"}, follow=True)
    assert f"Höchstens {DAILY} Nachrichten am Tag" in page.content.decode()
    assert _count(game, events.CHAT_POSTED) == 2 * DAILY


def test_the_minute_limit_answers_429_with_the_one_error_body(game: Game) -> None:
    token = seat_token(_seat(game, "Anne"))
    path = f"/api/games/{game.pk}/chat/"
    answers = [post_json(Client(), path, {"text": f"hi {n}"}, token) for n in range(8)]
    assert [answer.status_code for answer in answers] == [201] * 5 + [429] * 3
    assert answers[-1].json()["error"]["code"] == "chat_rate"
    assert _count(game, events.CHAT_POSTED) == 5


@pytest.mark.parametrize("ending", ["aborted", "finished"])
def test_an_ended_game_takes_no_chat_and_no_report(game: Game, mod: User, ending: str) -> None:
    (seq,) = _messages(game, _seat(game, "Bart"), 1)
    if ending == "aborted":
        game_abort(game=game, moderator=mod, reason="abandoned")
    else:
        game_adjudicate(game=game, moderator=mod, reason="stuck", winners=["Anne"])
    before = _head(game)
    assert game.status == ending
    anne = _seat(game, "Anne")
    client = Client()
    fragment = client.get(f"/play/{seat_token(anne)}/chat/").content.decode()
    assert "ahoy 0" in fragment and "/report/" not in fragment
    page = _report(client, anne, seq)
    assert "its table chat is closed" in page
    page = client.post(f"/play/{seat_token(anne)}/chat/", {"text": "gg"}, follow=True)
    assert "its table chat is closed" in page.content.decode()
    path = f"/api/games/{game.pk}/chat/"
    answer = post_json(client, path, {"text": "gg"}, seat_token(anne))
    assert (answer.status_code, answer.json()["error"]["code"]) == (409, "game_over")
    assert _head(game) == before
    assert _count(game, events.CHAT_REPORTED) == 0
    record = get_json(client, f"/api/games/{game.pk}/fairness/").json()
    assert (record["head_seq"], record["head_hash"]) == before


def test_the_events_come_in_pages_with_a_next_link(game: Game) -> None:
    _messages(game, _seat(game, "Anne"), 4)
    total = _head(game)[0]
    client = Client()
    first = get_json(client, f"/api/games/{game.pk}/events/?limit=2").json()
    assert [event["seq"] for event in first["results"]] == [1, 2]
    assert first["next"].endswith(f"/api/games/{game.pk}/events/?after=2&limit=2")
    seen, link = [1, 2], first["next"]
    while link:
        page = get_json(client, link.removeprefix("http://testserver")).json()
        assert len(page["results"]) <= 2
        seen += [event["seq"] for event in page["results"]]
        link = page["next"]
    assert seen == list(range(1, total + 1))
    whole = get_json(client, f"/api/games/{game.pk}/events/").json()
    assert whole["next"] is None and len(whole["results"]) == total
    too_many = get_json(client, f"/api/games/{game.pk}/events/?limit=501")
    assert too_many.status_code == 400


def test_the_default_page_is_bounded(game: Game) -> None:
    for name in ("Anne", "Bart", "Cleo"):
        _messages(game, _seat(game, name), 40)
    page = get_json(Client(), f"/api/games/{game.pk}/events/").json()
    assert len(page["results"]) == 100 and page["next"].endswith("?after=100")


def test_the_admin_page_of_a_game_shows_its_latest_events(game: Game, admin_client: Client) -> None:
    for name in ("Anne", "Bart"):
        _messages(game, _seat(game, name), 40)
    total = _head(game)[0]
    page = admin_client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    assert page.count(">chat_posted<") == 50
    assert f"all {total} events</a>" in page
    listed = admin_client.get(f"/admin/games/event/?game__id__exact={game.pk}")
    assert listed.status_code == 200
