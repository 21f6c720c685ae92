"""Standing answers: a question a game asks off a player's turn is answered at once by the
answer he set in advance, as his move marked ``standing``.

The answers play once the move that asks commits, so these tests commit (``transaction``).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.errors import GameNotActive, Refused, TooMany
from games.interventions.services import seat_replace
from games.interventions.sweep import deadline_sweep
from games.mail.compose import mail_compose
from games.models import Event, Game, OutboundMail, Seat
from games.moderation.actions import game_pause, game_unpause
from games.play import standing
from games.play.selectors import game_record
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from tests.site.seerauber_mutiny import MUTINY, OPENING
from tests.site.seerauber_mutiny import NAMES as MUTINY_NAMES

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ("Anne", "Bert", "Cleo")


def _game(kind: str) -> Game:
    return game_create(
        kind=kind,
        players=[PlayerSpec(name=name, email=f"{name.lower()}@example.org") for name in NAMES],
        seed=0,
    )


def _seat(game: Game, name: str) -> Seat:
    return game.seats.get(display_name=name)


def _standing_moves(game: Game) -> list[dict[str, Any]]:
    return [
        event.payload
        for event in Event.objects.filter(game=game, type="move").order_by("seq")
        if event.payload.get("standing")
    ]


def _play_until(game: Game, done: Any, *, most: int = 400) -> None:
    """Play the first player to move's first row, else stacking, else first legal move,
    until ``done(game)``."""
    for _ in range(most):
        game.refresh_from_db()
        if done(game) or game.status != Game.Status.ACTIVE:
            return
        engine = engine_for(game)
        name = game.to_move[0]
        moves = engine.legal_moves(load_state(game), name)
        preferred = [m for m in moves if m["type"] in ("row", "stack")]
        move = preferred[-1] if game.kind == "seerauber" and preferred else (preferred or moves)[0]
        move_submit(game=game, seat=_seat(game, name), move=move, expected_seq=game.last_seq)
    raise AssertionError("the question never came")


def test_a_mutiny_question_is_answered_at_once_by_the_standing_answer(client: Client) -> None:
    """Rule: when a Seeräuber player is asked to mutiny, his standing answer is played at
    once as his move, marked as played by standing order in the history, the API's events
    and the record."""
    game = _game("seerauber")
    standing.standing_set(
        game=game, seat=_seat(game, "Anne"), question="mutiny", rule={"mutiny": "always"}
    )

    _play_until(game, lambda g: bool(_standing_moves(g)))

    (played,) = _standing_moves(game)
    assert played["player"] == "Anne"
    assert played["move"] == {"type": "mutiny", "stack": "B?"}
    assert load_state(game).mutiny_by == 0
    assert game.to_move == ["Bert"]
    history = client.get(reverse("game-history", args=[game.pk]))
    assert "played by standing order" in history.content.decode()
    listed = client.get(reverse("api-game-events", args=[game.pk])).json()
    assert [e["payload"]["move"] for e in listed["results"] if e["payload"].get("standing")] == [
        played["move"]
    ]
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    game.refresh_from_db()
    record = game_record(game=game)
    (index,) = record["standing"]
    assert record["moves"][index] == {"player": "Anne", **played["move"]}


def test_the_player_is_not_asked_by_email_and_hears_what_his_standing_answer_played() -> None:
    """Rule: a seat whose standing answer answers the question another's move asks gets no
    turn email asking it; its next turn email says what the standing answer played."""
    game = game_create(
        kind="seerauber",
        players=[PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in MUTINY_NAMES],
        seed=4,
    )
    bart = _seat(game, "Bart")
    standing.standing_set(game=game, seat=bart, question="mutiny", rule={"mutiny": "always"})
    engine = engine_for(game)
    for player, text in OPENING:
        game.refresh_from_db()
        move_submit(
            game=game,
            seat=_seat(game, player),
            move=engine.parse_move(text),
            expected_seq=game.last_seq,
        )
    (played,) = _standing_moves(game)
    assert engine.format_move(played["move"]) == MUTINY
    answered = Event.objects.get(game=game, type="move", payload__standing=True).seq
    turns = OutboundMail.objects.filter(game=game, seat=bart, kind="turn")
    assert not turns.filter(context__seq=answered - 1).exists()

    _play_until(game, lambda g: turns.filter(context__seq__gt=answered).exists())

    body = mail_compose(turns.filter(context__seq__gt=answered).earliest("pk")).body
    assert "Bart (you) (played by standing order): " in body


def test_a_wages_rule_declines_a_mutiny_that_pays_too_little() -> None:
    """Rule: "mutiny for wages of at least N" declines when the player's pirates in the
    stack would earn less than N on some ship the stack could board."""
    game = _game("seerauber")
    rule = {"mutiny": "wages", "ducats": 99}
    standing.standing_set(game=game, seat=_seat(game, "Anne"), question="mutiny", rule=rule)

    _play_until(game, lambda g: bool(_standing_moves(g)))

    (played,) = _standing_moves(game)
    assert (played["player"], played["move"]) == ("Anne", {"type": "no_mutiny"})


def test_a_rowing_test_partner_chooses_by_standing_answer_and_it_stays_sealed() -> None:
    """Rule: the partner's rowing-test choice is played by his standing answer as soon as
    the test begins, and the other players' views do not show it until the test resolves."""
    game = _game("flusspiraten")
    for name in NAMES:
        standing.standing_set(
            game=game, seat=_seat(game, name), question="choose", rule={"choice": "club"}
        )

    _play_until(game, lambda g: bool(_standing_moves(g)))

    (played,) = _standing_moves(game)
    assert played["move"] == {"type": "choose", "choice": "club"}
    state = load_state(game)
    helmsman = state.players[state.turn]
    assert played["player"] != helmsman
    assert game.to_move == [helmsman]
    engine = engine_for(game)
    assert engine.view(state, helmsman)["step"]["choices"] == {}
    assert engine.view(state, None)["step"]["choices"] == {}
    assert engine.view(state, played["player"])["step"]["choices"] == {played["player"]: "club"}


def _resumed_at_the_question() -> Game:
    """A Seeräuber game paused by a moderator while Anne is asked to mutiny, Anne's standing
    answer "always" set meanwhile, and resumed."""
    game = _game("seerauber")
    _play_until(game, lambda g: load_state(g).asked is not None)
    moderator = User.objects.create_user("mod", is_staff=True)
    game_pause(game=game, moderator=moderator, reason="checking a report")
    game.refresh_from_db()
    rule = {"mutiny": "always"}
    standing.standing_set(game=game, seat=_seat(game, "Anne"), question="mutiny", rule=rule)
    game_unpause(game=game, moderator=moderator, reason="all clear")
    game.refresh_from_db()
    return game


def test_a_moderators_resume_back_at_the_question_does_not_play_the_standing_answer() -> None:
    """Rule: a moderator's action (a pause and resume) that leaves a question open never
    has it answered silently by a standing answer; the player answers it himself."""
    game = _resumed_at_the_question()

    assert game.to_move == ["Anne"]
    assert _standing_moves(game) == []


def test_at_a_timeout_the_standing_answer_is_played_before_the_bot() -> None:
    """Rule: when a seat times out on a question it answered in advance (set while the game
    was paused, so not played at the resume), its standing answer is played, not the bot's
    move, marked as made by the service and by standing order."""
    game = _resumed_at_the_question()
    assert game.deadline_at is not None

    deadline_sweep(now=game.deadline_at + timedelta(hours=1))

    (played,) = _standing_moves(game)
    assert played["player"] == "Anne" and played["auto"] is True
    assert played["move"] == {"type": "mutiny", "stack": "B?"}


def test_a_seat_that_changes_hands_forgets_its_standing_answers() -> None:
    """Rule: standing answers are their player's: a seat given to another player keeps
    none of the former holder's."""
    game = _game("seerauber")
    anne = _seat(game, "Anne")
    standing.standing_set(game=game, seat=anne, question="mutiny", rule={"mutiny": "always"})

    seat_replace(game=game, seat=anne, email="dora@example.org", actor="user:1")

    assert standing.standing_answers(_seat(game, "Anne")) == {}


def test_setting_an_answer_while_its_question_is_open_plays_it() -> None:
    """Rule: a standing answer set while its question is open is played at once."""
    game = _game("seerauber")
    _play_until(game, lambda g: load_state(g).asked is not None)

    standing.standing_set(
        game=game, seat=_seat(game, "Anne"), question="mutiny", rule={"mutiny": "never"}
    )

    (played,) = _standing_moves(game)
    assert (played["player"], played["move"]) == ("Anne", {"type": "no_mutiny"})


def test_standing_answers_are_refused_after_the_end_unknown_or_too_often() -> None:
    """Rule: a standing answer is refused once the game is over, for a question or rule the
    game does not know, and after too many changes in an hour."""
    game = _game("seerauber")
    anne = _seat(game, "Anne")
    with pytest.raises(Refused):
        standing.standing_set(game=game, seat=anne, question="choose", rule={"choice": "die"})
    with pytest.raises(Refused):
        standing.standing_set(game=game, seat=anne, question="mutiny", rule={"mutiny": "maybe"})
    for _ in range(standing.CHANGES_LIMIT):
        standing.standing_set(game=game, seat=anne, question="mutiny", rule=None)
    with pytest.raises(TooMany):
        standing.standing_set(game=game, seat=anne, question="mutiny", rule=None)

    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    game.refresh_from_db()
    with pytest.raises(GameNotActive):
        standing.standing_set(game=game, seat=_seat(game, "Bert"), question="mutiny", rule=None)
