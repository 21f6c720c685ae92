"""Reliability: turns moved in time over the last 12 months, games left.

A timeout ladder is played with a moved clock: each of Anne's turns is either
moved by her or left to run out, and her figures are counted from the events.
"""

from __future__ import annotations

import html
from datetime import datetime, timedelta

import pytest
from django.test import Client

from games.interventions.services import seat_replace
from games.interventions.sweep import deadline_sweep
from games.models import FormerHolder, Game, Player, Table
from games.people.accounts import player_create
from games.people.reliability import WINDOW, Reliability, reliability
from games.play.lobby import invitation_token, open_seat_token, table_token
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from games.web.lobby_forms import MAX_SEATS
from tests.clock import T0

pytestmark = pytest.mark.clock

MINUTE, HOUR = timedelta(minutes=1), timedelta(hours=1)


def _game(now: datetime = T0) -> Game:
    return game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name=name, email=f"{name.lower()}@example.org") for name in ("Anne", "Bart")
        ],
        options={"timeout_policy": {"action": "bot", "replace_after": 3}},
        seed=5,
        now=now,
    )


def _step(game: Game, now: datetime, *, late: set[str]) -> tuple[str, datetime]:
    """One turn: the player to move moves an hour in, or (named in ``late``, or a bot seat)
    lets his deadline pass and the sweep deals with it. Returns who and when it ended."""
    game.refresh_from_db()
    name = game.to_move[0]
    seat = game.seats.get(display_name=name)
    if seat.is_bot or name in late:
        assert seat.deadline_at is not None
        now = max(now, seat.deadline_at + MINUTE)
        assert deadline_sweep(now=now) >= 1
        return name, now
    now += HOUR
    move = engine_for(game).bot_move(load_state(game), name)
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq, now=now)
    return name, now


def _ladder(game: Game, anne_late: list[bool], now: datetime) -> datetime:
    """Play until Anne's turns in ``anne_late`` are done, each moved or timed out as told."""
    script = list(anne_late)
    while script:
        game.refresh_from_db()
        anne = game.seats.get(display_name="Anne")
        late = {"Anne"} if game.to_move[0] == "Anne" and script[0] else set()
        name, now = _step(game, now, late=late)
        if name == "Anne" and not anne.is_bot:
            script.pop(0)
    return now


def test_a_timeout_ladder_counts_each_turn_and_the_game_left_exactly(db: None) -> None:
    anne = player_create(email="anne@example.org", handle="Anne", now=T0)
    bart = player_create(email="bart@example.org", handle="Bart", now=T0)
    game = _game()
    # Anne: moved, late, moved, then three late in a row: the third gives her seat to the bot.
    now = _ladder(game, [False, True, False, True, True, True], T0)
    game.refresh_from_db()
    assert game.seats.get(display_name="Anne").is_bot
    for _ in range(4):  # the bot plays on for her: none of it is hers
        _, now = _step(game, now, late=set())

    figures = reliability(player=anne, now=now)
    assert (figures.turns, figures.in_time, figures.left) == (6, 2, 1)
    assert figures.percent == 33  # 2 of 6, rounded down
    bart_figures = reliability(player=bart, now=now)
    assert bart_figures.turns > 0 and bart_figures.in_time == bart_figures.turns
    assert bart_figures.left == 0 and bart_figures.percent == 100


def test_a_seat_given_to_another_player_counts_for_each_holder(db: None) -> None:
    anne = player_create(email="anne@example.org", handle="Anne", now=T0)
    game = _game()
    now = _ladder(game, [False, True, True, True], T0)  # 4 turns, 1 in time, then the bot
    seat = game.seats.get(display_name="Anne")
    seat_replace(game=game, seat=seat, email="dora@example.org", actor="user:1", now=now)
    handed_over = now
    assert FormerHolder.objects.get(seat=seat).player == anne
    dora_turns = 0
    while dora_turns < 2:  # Dora moves twice in time
        name, now = _step(game, now, late=set())
        dora_turns += name == "Anne"
    # Dora signs in later: the seat and its two turns are hers; Anne's stay Anne's.
    dora = player_create(email="dora@example.org", handle="Dora", now=now)
    assert reliability(player=dora, now=now) == Reliability(turns=2, in_time=2, left=0)
    figures = reliability(player=anne, now=now)
    assert (figures.turns, figures.in_time, figures.left) == (4, 1, 1)
    before = reliability(player=dora, now=handed_over - MINUTE)  # asked as of an earlier day
    assert (before.turns, before.left) == (0, 0)


def test_a_moderator_giving_away_a_played_seat_counts_as_left(db: None) -> None:
    bart = player_create(email="bart@example.org", handle="Bart", now=T0)
    game = _game()
    now = _ladder(game, [False, False], T0)
    seat = game.seats.get(display_name="Bart")
    seat_replace(game=game, seat=seat, email="eve@example.org", actor="user:1", now=now)
    figures = reliability(player=bart, now=now)
    assert figures.left == 1 and figures.turns == figures.in_time > 0


def test_only_the_last_twelve_months_count(db: None) -> None:
    anne = player_create(email="anne@example.org", handle="Anne", now=T0)
    game = _game()
    now = _ladder(game, [True, False], T0)
    assert reliability(player=anne, now=now).turns == 2
    assert reliability(player=anne, now=T0 + WINDOW).turns == 2
    later = reliability(player=anne, now=now + WINDOW + HOUR)
    assert (later.turns, later.left, later.percent) == (0, 0, None)
    assert reliability(player=anne, now=T0 - HOUR).turns == 0  # nothing after ``now`` counts


def _new_table_form(minimum: str) -> dict[str, str]:
    """A table of Freibeuter for an invited Bart and two open seats, asking for ``minimum``."""
    form = {"game": "freibeuter", "clock": "per_move", "hours": "72", "bank_days": "10"}
    form |= {"timeout_policy": "bot", "replace_after": "3", "min_reliability": minimum}
    form |= {f"seat{index}_language": "en" for index in range(MAX_SEATS)}
    form |= {"seat0_kind": "email", "seat0_name": "Bart", "seat0_email": "bart@example.org"}
    return form | {"seat1_kind": "open", "seat2_kind": "open"}


def _sign_in(client: Client, address: str) -> None:
    """Sign ``client`` in as ``address``, as its sign-in link does."""
    session = client.session
    session["email"] = address
    session.save()


@pytest.fixture
def records(db: None) -> dict[str, Player]:
    """Anne moved 2 of her 6 turns in time (and left the game); Bart moved all of his."""
    accounts = {
        name: player_create(email=f"{name.lower()}@example.org", handle=name, now=T0)
        for name in ("Anne", "Bart")
    }
    month_ago = T0 - 30 * 24 * HOUR
    _ladder(_game(month_ago), [False, True, False, True, True, True], month_ago)
    return accounts


@pytest.mark.parametrize(
    ("language", "refusal"),
    [
        ("en", "at least 50 % of their turns in time in the last 12 months; you moved 33 %"),
        ("de", "mindestens 50 % ihrer Züge rechtzeitig gemacht haben; du hast 33 % geschafft"),
        ("fr", "au moins 50 % de leurs tours ces 12 derniers mois ; vous en avez joué 33 %"),
    ],
)
def test_a_host_asks_for_a_minimum_and_a_player_below_it_is_told_why(
    records: dict[str, Player], client: Client, language: str, refusal: str
) -> None:
    created = client.post("/games/new/", _new_table_form("50"))
    assert created.status_code == 302
    table = Table.objects.get()
    assert table.min_reliability == 50
    page = client.get(f"/tables/{open_seat_token(table)}/join/", HTTP_ACCEPT_LANGUAGE=language)
    assert "50 %" in page.content.decode()  # the minimum is said before anyone tries
    _sign_in(client, "anne@example.org")
    form = {"name": "Anne", "email": "Anne@example.org", "language": language, "time_zone": "UTC"}
    refused = client.post(
        f"/tables/{open_seat_token(table)}/join/", form, HTTP_ACCEPT_LANGUAGE=language
    )
    assert refusal in html.unescape(refused.content.decode())
    assert not table.invitations.filter(display_name="Anne").exists()
    player_create(email="nora@example.org", handle="Nora", now=T0)  # no turn yet
    _sign_in(client, "nora@example.org")
    newcomer = {"name": "Nora", "email": "", "language": "en", "time_zone": "UTC"}
    assert client.post(f"/tables/{open_seat_token(table)}/join/", newcomer).status_code == 302


def test_reliability_is_shown_beside_names_on_the_lobby_pages_and_the_profile(
    records: dict[str, Player], client: Client
) -> None:
    client.post("/games/new/", _new_table_form(""))
    table = Table.objects.get()
    assert table.min_reliability is None
    _sign_in(client, "anne@example.org")
    form = {"name": "Anne", "email": "anne@example.org", "language": "en", "time_zone": "UTC"}
    assert (
        client.post(f"/tables/{open_seat_token(table)}/join/", form).status_code == 302
    )  # no minimum
    bart = reliability(player=records["Bart"], now=T0)
    bart_words = f"100 % of {bart.turns} turns moved in time"
    anne_words = "33 % of 6 turns moved in time · left 1 game"
    host = client.get(f"/tables/{open_seat_token(table)}/join/").content.decode()
    assert anne_words in host and bart_words not in host  # Bart has not accepted yet
    invitation = table.invitations.get(display_name="Bart")
    form = {"name": "Bart", "language": "en", "time_zone": "UTC"}
    accepted = client.post(f"/invite/{invitation_token(invitation)}/", form)
    invited = client.get(accepted["Location"]).content.decode()
    assert bart_words in invited and anne_words in invited
    hosted = client.get(f"/tables/{table_token(table)}/").content.decode()
    assert bart_words in hosted
    profile = client.get("/players/anne/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "33 % von 6 Zügen rechtzeitig gezogen · 1 Spiel verlassen" in html.unescape(profile)
    api = client.get("/api/players/Anne/").json()["reliability"]
    assert api == {"turns": 6, "in_time": 2, "share": 2 / 6, "percent": 33, "left": 1}
