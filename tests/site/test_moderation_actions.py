"""Moderator actions: each appends its event with moderator and reason, changes the game,
emails the players concerned, reads as a line of the history, and is refused once the game is over.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from games.errors import GameNotActive, GameOver, Refused
from games.models import Event, Game, OutboundMail
from games.moderation import actions
from games.play.links import seat_from_token, seat_token
from games.play.services import PlayerSpec, game_create
from games.play.tables import table_for
from games.store.loading import engine_for, load_state
from games.store.projections import game_projections_rebuild
from tests.clock import T0

pytestmark = pytest.mark.clock


@pytest.fixture
def mod(db: None) -> User:
    return User.objects.create_user("mod", "mod@example.org", "x", is_staff=True)


@pytest.fixture
def game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name=name, email=f"{name.lower()}@example.org", language=language)
            for name, language in (("Anne", "en"), ("Bart", "de"), ("Cleo", "fr"))
        ],
        seed=5,
        now=T0,
    )


def _last(game: Game) -> Event:
    return Event.objects.filter(game=game).order_by("-seq").first()


def _notices(game: Game) -> list[str]:
    return sorted(
        OutboundMail.objects.filter(game=game, kind="notice").values_list("to", flat=True)
    )


def _history(game: Game) -> list[str]:
    game.refresh_from_db()
    with translation.override("en"):
        return [note.words for note in table_for(game=game, seat=None).history().notes]


def test_it_pauses_and_resumes_with_reason(game: Game, mod: User) -> None:
    actions.game_pause(game=game, moderator=mod, reason="checking a report", now=T0)
    game.refresh_from_db()
    event = _last(game)
    assert (event.type, event.actor, event.payload["reason"]) == (
        "game_paused",
        f"user:{mod.pk}",
        "checking a report",
    )
    assert game.status == "paused" and game.deadline_at is None
    assert _notices(game) == ["anne@example.org", "bart@example.org", "cleo@example.org"]
    actions.game_unpause(game=game, moderator=mod, reason="all clear", now=T0 + timedelta(hours=1))
    game.refresh_from_db()
    assert game.status == "active" and game.deadline_at == T0 + timedelta(hours=73)
    assert _history(game) == [
        "A moderator paused the game. Reason: checking a report",
        "A moderator let the game go on. Reason: all clear",
    ]


def test_it_extends_the_deadline_of_the_seat_to_move(game: Game, mod: User) -> None:
    before = game.deadline_at
    actions.deadline_extend(game=game, moderator=mod, reason="ill", hours=48, now=T0)
    game.refresh_from_db()
    assert game.deadline_at == before + timedelta(hours=48)
    assert _last(game).payload == {
        "player": "Anne",
        "hours": 48,
        "deadline": game.deadline_at.isoformat(),
        "reason": "ill",
    }
    assert _notices(game) == ["anne@example.org"]
    assert _history(game) == ["A moderator gave Anne 48 more hours to move. Reason: ill"]


def test_it_hands_a_vanished_players_seat_to_the_bot(game: Game, mod: User) -> None:
    anne = game.seats.get(display_name="Anne")
    anne.user = User.objects.create_user("anne")
    anne.save()
    old = seat_token(anne)
    actions.seat_remove(game=game, moderator=mod, reason="vanished", seat=anne, now=T0)
    anne.refresh_from_db()
    assert anne.is_bot and seat_from_token(old) is None and anne.user is None
    assert _last(game).payload == {
        "player": "Anne",
        "by": "bot",
        "reason": "vanished",
        "level": "easy",
    }
    assert "anne@example.org" in _notices(game)
    assert _history(game) == ["The bot now plays for Anne. Reason: vanished"]


def test_it_invites_a_new_player_to_a_seat(game: Game, mod: User) -> None:
    bart = game.seats.get(display_name="Bart")
    actions.seat_invite(
        game=game, moderator=mod, reason="Bart left", seat=bart, email="dora@example.org", now=T0
    )
    bart.refresh_from_db()
    assert bart.email == "dora@example.org" and not bart.is_bot
    assert _last(game).payload == {"player": "Bart", "by": "player", "reason": "Bart left"}
    assert "dora@example.org" in _notices(game)
    assert _history(game) == ["A new player now plays the seat of Bart. Reason: Bart left"]


def test_it_reissues_a_leaked_link_and_mails_the_new_one(game: Game, mod: User) -> None:
    cleo = game.seats.get(display_name="Cleo")
    old = seat_token(cleo)
    actions.link_reissue(game=game, moderator=mod, reason="link leaked", seat=cleo, now=T0)
    cleo.refresh_from_db()
    assert seat_from_token(old) is None and seat_from_token(seat_token(cleo)) == cleo
    (mail,) = OutboundMail.objects.filter(game=game, kind="notice")
    assert mail.to == "cleo@example.org" and seat_token(cleo) in mail.context["seat_link"]
    assert _history(game) == [
        "A moderator sent Cleo a new link; the old one no longer works. Reason: link leaked"
    ]


def test_it_aborts_a_game_and_refuses_anything_after(game: Game, mod: User) -> None:
    actions.game_abort(game=game, moderator=mod, reason="abuse", now=T0)
    game.refresh_from_db()
    assert (game.status, game.to_move, game.deadline_at) == ("aborted", [], None)
    assert len(_notices(game)) == 3
    with pytest.raises(GameOver) as refused:
        actions.game_pause(game=game, moderator=mod, reason="again")
    assert refused.value.code == "game_over" and "aborted" in refused.value.message
    assert game_projections_rebuild(game=game) is False


def test_it_adjudicates_a_stuck_game(game: Game, mod: User) -> None:
    actions.game_adjudicate(
        game=game, moderator=mod, reason="stuck for months", winners=["Cleo", "Bart"], now=T0
    )
    game.refresh_from_db()
    assert (game.status, game.winners) == ("finished", ["Bart", "Cleo"])
    assert _history(game) == [
        "A moderator decided the game: won by Bart, Cleo. Reason: stuck for months"
    ]
    assert game_projections_rebuild(game=game) is False
    with pytest.raises(GameOver):
        actions.deadline_extend(game=game, moderator=mod, reason="x", hours=2)


def test_every_action_needs_a_reason_and_sane_input(game: Game, mod: User) -> None:
    with pytest.raises(Refused):
        actions.game_pause(game=game, moderator=mod, reason="  ")
    with pytest.raises(Refused):
        actions.deadline_extend(game=game, moderator=mod, reason="x", hours=0)
    with pytest.raises(Refused):
        actions.game_adjudicate(game=game, moderator=mod, reason="x", winners=["Zed"])
    with pytest.raises(GameNotActive):
        actions.game_unpause(game=game, moderator=mod, reason="not paused")
    assert game.events.count() == 1


def test_notices_are_in_each_players_language(game: Game, mod: User) -> None:
    from games.mail.compose import mail_compose

    actions.game_pause(game=game, moderator=mod, reason="r", now=T0)
    bodies = {row.to: mail_compose(row).body for row in OutboundMail.objects.filter(kind="notice")}
    assert "A moderator paused the game." in bodies["anne@example.org"]
    assert "Ein Moderator hat das Spiel angehalten." in bodies["bart@example.org"]
    assert "Un modérateur a mis la partie en pause." in bodies["cleo@example.org"]


def test_a_removed_player_to_move_is_played_by_the_bot(game: Game, mod: User) -> None:
    anne = game.seats.get(display_name="Anne")
    actions.seat_remove(game=game, moderator=mod, reason="gone", seat=anne, now=T0)
    game.refresh_from_db()
    assert game.deadline_at == T0
    from games.interventions.sweep import deadline_sweep

    deadline_sweep(now=T0)
    game.refresh_from_db()
    assert game.to_move == ["Bart"]
    engine = engine_for(game)
    assert engine.to_move(load_state(game)) == ["Bart"]


def test_the_history_page_shows_moderation_in_the_readers_language(game: Game, mod: User) -> None:
    from django.test import Client

    actions.deadline_extend(game=game, moderator=mod, reason="krank", hours=12, now=T0)
    bart = seat_token(game.seats.get(display_name="Bart"))
    page = Client().get(f"/play/{bart}/history/").content.decode()
    assert "Ein Moderator hat Anne 12 Stunden mehr Zeit für den Zug gegeben. Grund: krank" in page
