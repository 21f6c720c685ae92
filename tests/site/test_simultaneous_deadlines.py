"""Each player a step waits for has a deadline of his own.

Flußpiraten asks several players at once: all deploy together [F2], and both
rowers of a rowing test choose in secret [F5]. Another player's decision must
not restart a waiting player's clock (that let a step take twice the limit),
and the sweep reminds and times out each of them on his own. The games are
played with a moved clock (the services take ``now``).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.display import local_time
from games.interventions.services import seat_replace, vacation_start
from games.interventions.sweep import deadline_sweep
from games.mail.compose import mail_compose
from games.models import Event, Game, OutboundMail, Seat
from games.moderation import actions
from games.pages.dashboard import dashboard
from games.play.links import seat_token
from games.play.services import PlayerSpec, game_create, move_submit
from games.store import events
from games.store.loading import engine_for, load_state
from games.store.projections import game_projections_rebuild
from games.timecontrol.deadlines import CLOCK_FIELDS, SEAT_CLOCK_FIELDS
from tests.clock import T0

pytestmark = pytest.mark.clock

HOUR = timedelta(hours=1)
LIMIT = 72 * HOUR  # the default time per move
NAMES = ("Volker", "Birgit", "Dieter")


def _game(seed: int = 5) -> Game:
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES]
    options = {"timeout_policy": {"action": "bot", "replace_after": 100}}
    return game_create(kind="flusspiraten", players=players, seed=seed, options=options, now=T0)


def _play(game: Game, name: str, now: datetime, move: dict[str, Any] | None = None) -> None:
    seat = game.seats.get(display_name=name)
    move = move or engine_for(game).bot_move(load_state(game), name)
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq, now=now)
    game.refresh_from_db()


def _deadlines(game: Game) -> dict[str, datetime | None]:
    return dict(game.seats.values_list("display_name", "deadline_at"))


def _timed_out(game: Game, after: int = 0) -> list[str]:
    late = Event.objects.filter(game=game, type=events.TURN_TIMED_OUT, seq__gt=after)
    return [event.payload["player"] for event in late.order_by("seq")]


def _step(game: Game) -> dict[str, Any]:
    step: dict[str, Any] = engine_for(game).summary(load_state(game))["step"]
    return step


def _to_rowing_test(seed: int) -> tuple[Game, datetime]:
    """A game the bots play, a move an hour, up to a rowing test; and when the test began."""
    game = _game(seed)
    now = T0
    while _step(game)["kind"] != "choose":
        now += HOUR
        _play(game, game.to_move[0], now)
    return game, now


def test_all_deploying_players_get_their_own_deadline_which_no_other_deploy_resets(
    db: None,
) -> None:
    game = _game()
    assert sorted(game.to_move) == sorted(NAMES)
    assert _deadlines(game) == dict.fromkeys(NAMES, T0 + LIMIT)
    _play(game, "Volker", T0 + 10 * HOUR, {"type": "deploy", "left": 3})
    assert _deadlines(game) == {"Volker": None, "Birgit": T0 + LIMIT, "Dieter": T0 + LIMIT}
    _play(game, "Birgit", T0 + 70 * HOUR, {"type": "deploy", "left": 2})
    assert _deadlines(game)["Dieter"] == T0 + LIMIT  # not T0 + 142 h
    assert game.deadline_at == T0 + LIMIT


def test_the_sweep_times_out_each_late_deployer_on_his_own(db: None) -> None:
    game = _game()
    _play(game, "Volker", T0 + 10 * HOUR, {"type": "deploy", "left": 3})
    deadline_sweep(now=T0 + LIMIT - HOUR)  # reminders only
    assert _timed_out(game) == []
    assert deadline_sweep(now=T0 + LIMIT + HOUR) == 2
    assert _timed_out(game) == ["Birgit", "Dieter"]
    auto = Event.objects.filter(game=game, type=events.MOVE, payload__auto=True)
    assert sorted(event.payload["player"] for event in auto) == ["Birgit", "Dieter"]
    told = OutboundMail.objects.filter(game=game, kind="timed_out").order_by("pk")
    assert [row.to for row in told] == ["birgit@example.org", "dieter@example.org"]
    assert deadline_sweep(now=T0 + LIMIT + HOUR) == 0  # nobody is timed out twice


def test_the_helmsmans_clock_runs_on_when_his_partner_chooses_first(db: None) -> None:
    game, began = _to_rowing_test(seed=5)
    step = _step(game)
    helmsman, partner = step["helmsman"], step["partner"]
    assert _deadlines(game)[helmsman] == _deadlines(game)[partner] == began + LIMIT
    _play(game, partner, began + 30 * HOUR, {"type": "choose", "choice": "club"})
    assert game.to_move == [helmsman]
    assert _deadlines(game)[helmsman] == began + LIMIT  # not began + 102 h
    mark = game.last_seq
    deadline_sweep(now=began + LIMIT + HOUR)
    assert _timed_out(game, mark) == [helmsman]
    (default,) = Event.objects.filter(game=game, type=events.MOVE, seq__gt=mark)[:1]
    assert default.payload["player"] == helmsman
    assert default.payload["move"]["choice"] == "die"


def test_each_undecided_player_is_reminded_a_day_before_his_own_deadline(db: None) -> None:
    game = _game()
    _play(game, "Volker", T0 + 10 * HOUR, {"type": "deploy", "left": 3})
    assert deadline_sweep(now=T0 + 47 * HOUR) == 0
    assert deadline_sweep(now=T0 + 49 * HOUR) == 1  # one game, two reminders
    reminders = OutboundMail.objects.filter(game=game, kind="reminder").order_by("to")
    assert [row.to for row in reminders] == ["birgit@example.org", "dieter@example.org"]
    sent = Event.objects.filter(game=game, type=events.REMINDER_SENT).order_by("seq")
    assert [event.payload["player"] for event in sent] == ["Birgit", "Dieter"]
    assert deadline_sweep(now=T0 + 50 * HOUR) == 0  # and never again


def test_every_page_and_email_shows_its_reader_his_own_deadline(db: None) -> None:
    game, began = _to_rowing_test(seed=5)
    helmsman, partner = _step(game)["helmsman"], _step(game)["partner"]
    _play(game, partner, began + 30 * HOUR, {"type": "choose", "choice": "club"})
    # The partner, still to move in the next step or not, is told a deadline of his own.
    partner_seat = game.seats.get(display_name=partner)
    helmsman_seat = game.seats.get(display_name=helmsman)
    own = local_time((began + LIMIT).isoformat(), helmsman_seat.time_zone)
    page = Client().get(f"/play/{seat_token(helmsman_seat)}/").content.decode()
    assert own in page
    # The helmsman's turn goes on, so the partner alone was emailed when the test began.
    mails = OutboundMail.objects.filter(game=game, seat=partner_seat, kind="turn")
    mail = mails.order_by("pk").last()
    told = local_time((began + LIMIT).isoformat(), partner_seat.time_zone)
    assert mail is not None and told in mail_compose(mail).body
    api = Client().get(
        f"/api/games/{game.pk}/", HTTP_AUTHORIZATION=f"Bearer {seat_token(partner_seat)}"
    )
    seats = {row["name"]: row["deadline_at"] for row in api.json()["seats"]}
    assert datetime.fromisoformat(seats[helmsman]) == began + LIMIT


def test_a_vacation_moves_only_its_takers_deadline_and_he_is_shown_his_own(db: None) -> None:
    game = _game()
    birgit = game.seats.get(display_name="Birgit")
    vacation_start(game=game, seat=birgit, days=1, now=T0 + 10 * HOUR)
    game.refresh_from_db()
    assert _deadlines(game) == {"Volker": T0 + LIMIT, "Birgit": T0 + LIMIT + 24 * HOUR,
                                "Dieter": T0 + LIMIT}  # fmt: skip
    assert game.deadline_at == T0 + LIMIT
    (row,) = dashboard(email=birgit.email, show="mine", page=1)["rows"]
    assert row["waiting_for_me"] and row["deadline"] == T0 + LIMIT + 24 * HOUR
    own = local_time((T0 + LIMIT + 24 * HOUR).isoformat(), birgit.time_zone)
    assert own in Client().get(f"/play/{seat_token(birgit)}/").content.decode()
    deadline_sweep(now=T0 + LIMIT + HOUR)
    assert _timed_out(game) == ["Volker", "Dieter"]


def test_a_moderator_extends_the_deadline_of_every_player_the_step_waits_for(db: None) -> None:
    game = _game()
    moderator = User.objects.create_user("mod", "mod@example.org", "x", is_staff=True)
    _play(game, "Volker", T0 + 10 * HOUR, {"type": "deploy", "left": 3})
    actions.deadline_extend(
        game=game, moderator=moderator, reason="storm", hours=24, now=T0 + 20 * HOUR
    )
    game.refresh_from_db()
    later = T0 + LIMIT + 24 * HOUR
    assert _deadlines(game) == {"Volker": None, "Birgit": later, "Dieter": later}
    extended = Event.objects.filter(game=game, type=events.DEADLINE_EXTENDED).order_by("seq")
    assert [event.payload["player"] for event in extended] == ["Birgit", "Dieter"]


def _clocks(game: Game) -> dict[str, Any]:
    row = Game.objects.values(*CLOCK_FIELDS).get(pk=game.pk)
    seats = Seat.objects.filter(game=game).order_by("position")
    return {**row, "seats": list(seats.values("display_name", *SEAT_CLOCK_FIELDS))}


@pytest.mark.parametrize("seed", [5, 7])
def test_a_rebuild_restores_each_players_own_clock(db: None, seed: int) -> None:
    game, began = _to_rowing_test(seed)
    partner = _step(game)["partner"]
    deadline_sweep(now=began + 50 * HOUR)  # both rowers are reminded
    _play(game, partner, began + 60 * HOUR, {"type": "choose", "choice": "empty"})
    deadline_sweep(now=began + LIMIT + HOUR)  # the helmsman times out
    snapshot = _clocks(game)
    assert any(seat["deadline_at"] for seat in snapshot["seats"])
    assert game_projections_rebuild(game=game) is False
    Game.objects.filter(pk=game.pk).update(deadline_at=T0, remind_at=None)
    Seat.objects.filter(game=game).update(
        turn_started_at=T0, turn_allowance=HOUR, deadline_at=None, remind_at=T0, timeouts=9
    )
    assert game_projections_rebuild(game=game) is True
    assert _clocks(game) == snapshot


def test_a_seat_given_to_a_new_player_mid_deploy_mails_only_him(db: None) -> None:
    game = _game()
    told = {name: OutboundMail.objects.filter(game=game, kind="turn", seat__display_name=name)
            for name in NAMES}  # fmt: skip
    before = {name: rows.count() for name, rows in told.items()}
    birgit = game.seats.get(display_name="Birgit")
    seat_replace(game=game, seat=birgit, email="zoe@example.org", actor="user:1", now=T0 + HOUR)
    after = {name: rows.count() for name, rows in told.items()}
    assert after == {**before, "Birgit": before["Birgit"] + 1}
    assert told["Birgit"].order_by("pk").last().to == "zoe@example.org"
    assert _deadlines(game)["Birgit"] == T0 + HOUR + LIMIT  # a fresh clock for the newcomer
    assert _deadlines(game)["Volker"] == T0 + LIMIT


def test_an_extension_never_holds_back_a_bot_deciding_in_the_same_step(db: None) -> None:
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES[:2]]
    players.append(PlayerSpec(name="Dieter", is_bot=True))
    game = game_create(kind="flusspiraten", players=players, seed=5, now=T0)
    moderator = User.objects.create_user("mod", "mod@example.org", "x", is_staff=True)
    actions.deadline_extend(game=game, moderator=moderator, reason="storm", hours=24, now=T0)
    extended = Event.objects.filter(game=game, type=events.DEADLINE_EXTENDED)
    assert sorted(event.payload["player"] for event in extended) == ["Birgit", "Volker"]
    deadline_sweep(now=T0 + timedelta(minutes=1))
    assert "Dieter" not in Game.objects.get(pk=game.pk).to_move  # the bot deployed at once
