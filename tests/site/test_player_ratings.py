"""Ratings are a projection of finished games: the rebuild reproduces the live ones exactly."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.core.management import call_command
from django.db.models import Count

from games.models import Game, GameResult, Rating
from games.people.accounts import player_create, seats_claim
from games.people.results import MODEL
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, load_state
from tests.clock import T0
from tests.site.player_helpers import address, finished_game

SIZES = {"freibeuter": (2, 4), "seerauber": (3, 5), "flusspiraten": (3, 6)}
NAMES = ["Anne", "Bart", "Cleo", "Dirk", "Emma", "Finn", "Gero", "Hana", "Ines", "Jan"]
EARLY = NAMES[:5]
"""Accounts made before the games; ``LATE`` ones sign up after them, the rest never."""
LATE = NAMES[5:8]
GAMES = 210


def _projection() -> tuple[list[Any], list[Any]]:
    results = GameResult.objects.order_by("seat_id").values_list(
        "seat_id",
        "player_id",
        "kind",
        "finished_at",
        "placement",
        "score",
        "won",
        "rated",
        "moves",
        "move_seconds",
        "mu",
        "sigma",
    )
    ratings = Rating.objects.order_by("player_id", "kind").values_list(
        "player_id", "kind", "mu", "sigma", "ordinal", "games"
    )
    return list(results), list(ratings)


@pytest.mark.django_db
def test_ratings_rebuilt_from_the_events_equal_the_live_ones_over_hundreds_of_games(
    clock: time_machine.Coordinates,
) -> None:
    rng = random.Random(18)
    accounts = {name: player_create(email=address(name), handle=name) for name in EARLY}
    for number in range(GAMES):
        kind = list(SIZES)[number % 3]
        fewest, most = SIZES[kind]
        names = rng.sample(NAMES, rng.choice([fewest, fewest, fewest + 1, most]))
        # Now and then a game finishes stamped before others already rated.
        late = rng.randint(0, 200) if rng.random() < 0.1 else 0
        clock.move_to(T0 + timedelta(hours=10 * number - late), tick=True)
        finished_game(kind, names, rng)
        for name in set(names) & set(accounts):
            seats_claim(player=accounts[name])
    for name in LATE:
        player_create(email=address(name), handle=name)
    live = _projection()

    call_command("rebuild_projections")

    assert _projection() == live
    results, ratings = live
    assert len(ratings) == 3 * len(EARLY + LATE)
    assert GameResult.objects.filter(rated=True, player__isnull=True).exists()  # newcomers
    tied = GameResult.objects.filter(rated=True, placement=1, won=True).values("game")
    tied = tied.annotate(count=Count("id")).filter(count__gt=1)
    assert tied.exists(), "some rated games end in a shared first place"
    assert not GameResult.objects.exclude(won=True).filter(placement=1).exists()


def _play_out(game: Game, rng: random.Random, clock: time_machine.Coordinates) -> None:
    """Play ``game`` to the end by the service, every move chosen by the bot."""
    engine = engine_for(game)
    while game.status == Game.Status.ACTIVE:
        state = load_state(game)
        player = rng.choice(engine.to_move(state))
        clock.shift(timedelta(minutes=rng.randint(1, 300)))
        move_submit(
            game=game,
            seat=game.seats.get(display_name=player),
            move=engine.bot_move(state, player),
            expected_seq=game.last_seq,
        )
        game.refresh_from_db()


@pytest.mark.django_db
def test_a_game_finished_by_play_rates_its_seats_in_the_transaction_of_its_end(
    clock: time_machine.Coordinates,
) -> None:
    rng = random.Random(7)
    accounts = {name: player_create(email=address(name), handle=name) for name in NAMES[:4]}
    for kind in SIZES:
        game = game_create(
            kind=kind,
            players=[PlayerSpec(name=n, email=address(n)) for n in NAMES[:3]],
            seed=rng.randint(0, 99),
        )
        assert {seat.player_id for seat in game.seats.all()} == {accounts[n].pk for n in NAMES[:3]}
        _play_out(game, rng, clock)
        results = GameResult.objects.filter(game=game)
        assert results.count() == 3 and all(row.rated and row.mu for row in results)
        assert all(row.moves > 0 and row.move_seconds >= 60 * row.moves for row in results)
    live = _projection()
    call_command("rebuild_projections")
    assert _projection() == live
    assert Rating.objects.filter(player=accounts["Anne"]).count() == 3
    assert not Rating.objects.filter(player=accounts["Dirk"]).exists()


@pytest.mark.django_db
def test_games_with_a_bot_seat_have_results_but_no_rating(clock: time_machine.Coordinates) -> None:
    anne = player_create(email=address("Anne"), handle="Anne")
    game = game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name="Anne", email=address("Anne")),
            PlayerSpec(name="Robo", is_bot=True),
        ],
        seed=3,
    )
    engine = engine_for(game)
    while game.status == Game.Status.ACTIVE:
        state = load_state(game)
        player = engine.to_move(state)[0]
        move_submit(
            game=game,
            seat=game.seats.get(display_name=player),
            move=engine.bot_move(state, player),
            expected_seq=game.last_seq,
            auto=player == "Robo",
        )
        game.refresh_from_db()
    (result,) = GameResult.objects.filter(game=game)
    assert result.player == anne and not result.rated and result.mu is None
    assert not Rating.objects.exists()


def test_the_model_rates_a_shared_first_place_alike() -> None:
    first, second, third = (MODEL.rating() for _ in range(3))
    (a,), (b,), (c,) = MODEL.rate([[first], [second], [third]], ranks=[1, 1, 3])
    assert a.mu == b.mu > 25 > c.mu
