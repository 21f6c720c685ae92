# ruff: noqa: F811  (pytest fixtures imported from mail_helpers)
"""Bot levels on the site: a host seats a bot at the level he chooses, a moderator's seat
replacement and the timeout ladder name theirs, a real worker plays each bot's move after
the write that gave it its turn committed, and the record, the history and the moderation
page say which seats a bot plays and at which level. An unknown level is refused."""

from __future__ import annotations

import json
import time
from datetime import timedelta
from typing import Any

import pytest
from api_helpers import post_json
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.utils import translation
from mail_helpers import SmtpSink, queue, smtp, worker  # noqa: F401
from player_helpers import moderator_create

from games.errors import StaleSeq
from games.interventions.services import seat_replace
from games.interventions.sweep import deadline_sweep
from games.models import Event, Game, Invitation, Table
from games.moderation import actions
from games.play.levels import UnknownLevel
from games.play.links import seat_token
from games.play.lobby import SeatSpec, invitation_accept, table_create
from games.play.refusals import refusal_text
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from games.web.lobby_forms import MAX_SEATS
from tests.clock import T0

PEOPLE = ("Anne", "Bart")


def _strong_table() -> Game:
    """A 4-player Seeräuber table from the lobby: two people invited, two strong bots."""
    table = table_create(
        kind="seerauber",
        seats=[
            *(SeatSpec(kind="email", name=n, email=f"{n.lower()}@example.org") for n in PEOPLE),
            SeatSpec(kind="bot", level="strong"),
            SeatSpec(kind="bot", level="strong"),
        ],
        options={},
    )
    for invitation in Invitation.objects.filter(table=table, kind="email").order_by("position"):
        name = PEOPLE[invitation.position]
        invitation_accept(invitation=invitation, name=name, language="en", time_zone="UTC")
    table.refresh_from_db()
    assert table.game is not None
    return table.game


def _people_move(game: Game) -> None:
    """Each person to move plays the greedy bot's move through the service."""
    state = load_state(game)
    for seat in game.seats.filter(display_name__in=game.to_move, is_bot=False):
        move = engine_for(game).bot_move(state, seat.display_name)
        try:
            move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)
        except StaleSeq:  # a bot moved meanwhile: read the game again
            return


@pytest.mark.django_db(transaction=True)
def test_two_strong_bots_and_two_people_play_to_the_end(worker: Any, smtp: SmtpSink) -> None:
    """Two strong bots seated in the lobby are played by a real worker (no sweep runs)
    while two people move through the service, to the game's end; the record's ``bots``
    names both at their level, and the history page says which seats a bot plays."""
    game = _strong_table()
    assert game.options["bots"] == {"Bot 1": "strong", "Bot 2": "strong"}
    waited = time.monotonic() + 240
    while game.status == Game.Status.ACTIVE and time.monotonic() < waited:
        _people_move(game)
        time.sleep(0.05)
        game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    played = Event.objects.filter(game=game, type="move", payload__player__startswith="Bot")
    assert played.count() > 10

    client = Client()
    record = json.loads(client.get(f"/games/{game.pk}/record/").content)
    assert record["bots"] == {"Bot 1": "strong", "Bot 2": "strong"}
    page = client.get(f"/games/{game.pk}/history/", HTTP_ACCEPT_LANGUAGE="de")
    assert "Von einem Bot gespielt: Bot 1 (stark), Bot 2 (stark)" in page.content.decode()


@pytest.fixture
def game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in (*PEOPLE, "Cleo")],
        options={"timeout_policy": {"action": "bot", "replace_after": 1, "level": "strong"}},
        seed=5,
        now=T0,
    )


@pytest.mark.clock
def test_the_ladders_bot_and_a_moderators_take_the_seat_at_their_level(game: Game) -> None:
    """The timeout ladder's bot takes a late player's seat at the level the host chose, a
    moderator's at the level he names; the moderation page and the record say which."""
    late = game.seats.get(display_name__in=game.to_move)
    deadline_sweep(now=late.deadline_at + timedelta(minutes=1))
    replaced = Event.objects.get(game=game, type="seat_replaced")
    assert replaced.payload == {
        "player": late.display_name,
        "by": "bot",
        "reason": "timeouts",
        "level": "strong",
    }
    moderator = moderator_create()
    other = game.seats.exclude(pk=late.pk).filter(is_bot=False).first()
    assert other is not None
    actions.seat_remove(
        game=game, moderator=moderator, reason="gone", seat=other, level="easy", now=T0
    )
    client = Client()
    client.force_login(moderator)
    page = client.get(f"/moderate/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "joué par le bot, fort" in page and "joué par le bot, facile" in page
    assert '<select name="level">' in page


@pytest.mark.clock
def test_an_unknown_level_is_refused_and_a_player_cannot_change_a_bots(game: Game) -> None:
    """A level that is neither easy nor strong is refused with the unknown level's sentence
    (lobby, API, moderation); a player cannot give a bot seat another level."""
    with pytest.raises(UnknownLevel) as refused, translation.override("de"):
        table_create(
            kind="freibeuter",
            seats=[SeatSpec(kind="bot", level="grandmaster"), SeatSpec(kind="bot")],
            options={},
        )
    with translation.override("de"):
        assert refusal_text(refused.value) == (
            "Diese Bot-Stufe gibt es nicht; die Stufen sind „leicht“ (easy) und „stark“ (strong)."
        )
    host = Client()
    host.force_login(User.objects.create_user("host"))
    players = [{"name": "Robo", "is_bot": True, "bot_level": "grandmaster"}, {"name": "Anne"}]
    created = post_json(host, "/api/games/", {"kind": "freibeuter", "players": players})
    assert created.status_code == 400
    assert created.json()["error"]["code"] == "unknown_level"
    players[0]["bot_level"] = "strong"
    created = post_json(host, "/api/games/", {"kind": "freibeuter", "players": players})
    assert created.status_code == 201
    robo = Game.objects.get(pk=created.json()["id"])
    assert robo.options["bots"] == {"Robo": "strong"}

    anne = game.seats.get(display_name="Anne")
    body = {"reason": "mine", "seat": 2, "level": "strong"}
    answer = post_json(Client(), f"/api/games/{game.pk}/moderate/remove/", body, seat_token(anne))
    assert answer.status_code in (401, 403)
    assert not Event.objects.filter(game=game, type="seat_replaced").exists()


def test_the_host_picks_each_bots_level_and_the_ladders_in_the_lobby(db: None) -> None:
    """The lobby's form offers each bot seat's level and the ladder's, in the page's
    language; the table's options keep them, and an unknown level is not taken."""
    client = Client()
    page = client.get("/games/new/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert "Stufe des Bots, der den Platz übernimmt" in page
    assert '<option value="strong">stark</option>' in page
    form = {
        "game": "freibeuter",
        "clock": "per_move",
        "hours": 72,
        "bank_days": 10,
        "timeout_policy": "bot",
        "replace_after": 3,
        "ladder_level": "strong",
        "seat0_kind": "email",
        "seat0_name": "Anne",
        "seat0_email": "anne@example.org",
        "seat1_kind": "bot",
        "seat1_level": "strong",
        "seat2_kind": "bot",
        **{f"seat{i}_language": "en" for i in range(MAX_SEATS)},
    }
    refused = client.post("/games/new/", {**form, "seat2_level": "grandmaster"})
    assert refused.status_code == 200 and not Table.objects.exists()
    assert client.post("/games/new/", form).status_code == 302
    options = Table.objects.get().options
    assert options["bots"] == {"Bot 1": "strong", "Bot 2": "easy"}
    assert options["timeout_policy"]["level"] == "strong"


@pytest.mark.django_db(transaction=True)
def test_the_sweep_chooses_a_due_bots_move_outside_any_transaction(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bot seat the deadline sweep finds to move (its queued move lost) is played by the
    sweep once its locked transaction has committed: the move is chosen with no transaction
    open, so no game's lock is held while a strong bot thinks."""
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in PEOPLE],
        seed=5,
    )
    late = game.seats.get(display_name__in=game.to_move)
    seat_replace(game=game, seat=late, email=None, actor="test", level="strong")
    engine, chosen = engine_for(game), []
    choose = engine.bot_move

    def spy(state: Any, player: str, level: str = "easy", rng: Any = None) -> Any:
        chosen.append((player, level, connection.in_atomic_block))
        return choose(state, player, level, rng)

    monkeypatch.setattr(engine, "bot_move", spy)
    deadline_sweep()
    assert chosen[0] == (late.display_name, "strong", False)  # then its playouts' moves
    assert not any(locked for _, _, locked in chosen)
    game.refresh_from_db()
    assert late.display_name not in game.to_move
