"""Games for the players' tests: finished ones made fast (played in the engine, loaded by
import), and games played on by the bot through the service (:func:`bot_moves`).

``game_import`` is the service's own way in: the game's ``game_finished`` is
appended in its transaction, so its results and ratings are recorded there,
as for a game played move by move. Its seats then get their addresses, as a
game dealt by the lobby would have had them.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import Group, User

from engine.base import get_game
from engine.record import new_record
from games.models import Game
from games.play.services import game_import, move_submit
from games.store.loading import engine_for, load_state

RANDOM_MOVES = {"freibeuter": 0.8, "seerauber": 0.8, "flusspiraten": 0.0}
"""The share of random moves: fast and varied; Flußpiraten at random would row for ever."""


def moderator_create(username: str = "mod") -> User:
    """A staff user in the moderators group."""
    user = User.objects.create_user(username, is_staff=True)
    user.groups.add(Group.objects.get(name="moderators"))
    return user


def address(name: str) -> str:
    return f"{name.lower()}@example.org"


def played_record(kind: str, names: list[str], rng: random.Random) -> dict[str, Any]:
    """A record of ``kind`` played to the end, by the bot or at random (``RANDOM_MOVES``)."""
    engine = get_game(kind)
    record = new_record(kind, names, rng)
    state = engine.start(record["players"], record["setup"])
    while not engine.result(state):
        player = rng.choice(engine.to_move(state))
        if rng.random() < RANDOM_MOVES[kind]:
            move = rng.choice(engine.legal_moves(state, player))
        else:
            move = engine.bot_move(state, player)
        if dice := engine.rolls_needed(state, move):
            move = {**move, "roll": [rng.randint(1, 6) for _ in range(dice)]}
        state = engine.apply(state, player, move)
        record["moves"].append({"player": player, **move})
    return record


def finished_game(kind: str, names: list[str], rng: random.Random) -> Game:
    """A game of ``kind`` between ``names`` loaded finished, each seat with its address."""
    game = game_import(record=played_record(kind, names, rng))
    for name in names:
        game.seats.filter(display_name=name).update(email=address(name))
    return game


def bot_moves(
    game: Game, count: int | None = None, *, now: datetime | None = None
) -> datetime | None:
    """``count`` moves of ``game`` (``None``: to its end), each the bot's choice for the first
    player to move, made as his through ``move_submit``; with ``now``, a minute apart from it
    (the time of the last is returned), else on the suite's clock."""
    engine = engine_for(game)
    game.refresh_from_db()
    while game.status == Game.Status.ACTIVE and count != 0:
        player = game.to_move[0]
        move = engine.bot_move(load_state(game), player)
        now = None if now is None else now + timedelta(minutes=1)
        seat = game.seats.get(display_name=player)
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq, now=now)
        game.refresh_from_db()
        count = None if count is None else count - 1
    return now
