"""A league's rounds: dealt at the sign-up's close by rating, later by the
standings, into tables the size the game allows; the next round once every game is over, or at
the round's deadline by the current scores; standings a projection its events rebuild exactly."""

from __future__ import annotations

import random
from datetime import datetime, timedelta
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from games.event_lines import event_line
from games.leagues import events as league_events
from games.leagues.services import leagues_sweep
from games.leagues.standings import POINTS, league_rebuild, placements
from games.models import Event, Game, League, LeagueEntry, LeagueTable
from games.moderation import actions
from games.store import events
from tests.site.league_helpers import (
    CLOSES,
    ROUND_HOURS,
    league_of,
    players_signed_up,
)
from tests.site.player_helpers import address, bot_moves, finished_game

pytestmark = pytest.mark.django_db

HANDLES = ["Anne", "Bart", "Cleo", "Dora", "Emil", "Fritz", "Greta", "Hanna", "Ida"]


def _standings(league: League) -> list[tuple[str, int, int, int, int | None, float | None]]:
    return [
        (e.player.handle, e.points, e.score_sum, e.games, e.rank, e.seed_rating)
        for e in LeagueEntry.objects.filter(league=league).select_related("player").order_by("rank")
    ]


def _tables(league: League, round: int) -> list[list[str]]:
    tables = LeagueTable.objects.filter(league=league, round=round).order_by("number")
    return [
        list(table.game.seats.order_by("position").values_list("display_name", flat=True))
        for table in tables
    ]


def _finish_round(league: League, now: datetime) -> datetime:
    """Play every game of the league's round to its end; return the time of the last move."""
    for table in LeagueTable.objects.filter(league=league, round=league.round):
        now = bot_moves(table.game, now=now)
    return now


def test_nine_seerauber_players_play_two_rounds_and_the_events_rebuild_the_standings() -> None:
    rng = random.Random(5)
    for _ in range(2):  # Ida and Hanna bring ratings: the seeding puts them first
        finished_game("seerauber", ["Ida", "Hanna", "Zora"], rng)
    league = league_of("seerauber", rounds=2)
    players_signed_up(league, HANDLES)
    ida = LeagueEntry.objects.get(player__handle="Ida")
    assert ida.seed_rating is None and address("Ida") == "ida@example.org"

    assert leagues_sweep(now=CLOSES - timedelta(seconds=1)) == 0
    assert leagues_sweep(now=CLOSES) == 1
    league.refresh_from_db()
    assert (league.status, league.round) == (League.Status.PLAYING, 1)
    first = _tables(league, 1)
    assert [len(table) for table in first] == [3, 3, 3]  # 9 players of 3..5: three tables of 3
    seeded = sorted(_standings(league), key=lambda row: row[4] or 0)
    by_rating = [row[0] for row in seeded]
    assert set(by_rating[:2]) == {"Ida", "Hanna"} and sum(first, []) == by_rating
    assert by_rating[2:] == [h for h in HANDLES if h not in ("Ida", "Hanna")]  # then sign-up order

    now = _finish_round(league, CLOSES)
    assert leagues_sweep(now=now) == 1  # every game over: round 2 is dealt at once
    league.refresh_from_db()
    assert league.round == 2
    after_one = _standings(league)
    assert [row[0] for row in after_one] == sum(_tables(league, 2), [])  # similar standings
    assert all(row[3] == 1 for row in after_one)
    for table in LeagueTable.objects.filter(league=league, round=1):
        finished = Event.objects.get(game=table.game, type=events.GAME_FINISHED).payload
        names = list(table.game.seats.order_by("position").values_list("display_name", flat=True))
        places = placements([finished["scores"][name] for name in names])
        for name, place in zip(names, places, strict=True):
            row = next(row for row in after_one if row[0] == name)
            assert row[1] == POINTS.get(place, 0) and row[2] == finished["scores"][name]

    now = _finish_round(league, now)
    assert leagues_sweep(now=now) == 1
    league.refresh_from_db()
    assert league.status == League.Status.FINISHED and league.round == 2
    live = _standings(league)
    assert all(row[3] == 2 for row in live) and [row[4] for row in live] == list(range(1, 10))
    keys = [(-row[1], -row[2], -(row[5] or 0)) for row in live]
    assert keys == sorted(keys)  # points, then the sum of scores, then the seed rating
    types = list(league.events.order_by("seq").values_list("type", flat=True))
    assert types == [
        league_events.LEAGUE_CREATED,
        *[league_events.PLAYER_SIGNED_UP] * 9,
        league_events.SIGNUP_CLOSED,
        league_events.ROUND_DEALT,
        league_events.ROUND_FINISHED,
        league_events.ROUND_DEALT,
        league_events.ROUND_FINISHED,
        league_events.LEAGUE_FINISHED,
    ]

    assert league_rebuild(league=league) is False  # the live standings are the events' fold
    LeagueEntry.objects.filter(league=league).update(points=0, score_sum=0, rank=None)
    LeagueTable.objects.filter(league=league, round=2).delete()
    assert league_rebuild(league=league) is True
    assert _standings(league) == live and len(_tables(league, 2)) == 3
    assert leagues_sweep(now=now + timedelta(days=30)) == 0  # a finished league stays so


def test_at_the_rounds_deadline_unfinished_games_are_decided_by_their_current_scores() -> None:
    league = league_of("seerauber", rounds=1)
    players_signed_up(league, HANDLES[:4])
    leagues_sweep(now=CLOSES)
    league.refresh_from_db()
    (table,) = LeagueTable.objects.filter(league=league)
    assert table.game.seats.count() == 4  # 4 players of 3..5: one table
    bot_moves(table.game, 30, now=CLOSES)
    deadline = CLOSES + timedelta(hours=ROUND_HOURS)
    assert league.round_deadline == deadline

    assert leagues_sweep(now=deadline - timedelta(seconds=1)) == 0
    game = Game.objects.get(pk=table.game_id)
    assert game.status == Game.Status.ACTIVE
    scores = dict(game.scores)
    assert leagues_sweep(now=deadline) == 1
    game.refresh_from_db()
    best = max(scores.values())
    decided = Event.objects.filter(game=game).order_by("-seq").first()
    assert decided is not None and decided.type == events.GAME_ADJUDICATED
    assert decided.payload["by"] == "league" and decided.actor == "system:league"
    assert game.status == Game.Status.FINISHED
    assert decided.payload["winners"] == [n for n, s in scores.items() if s == best] == game.winners
    recorded = league.events.get(type=league_events.GAME_ADJUDICATED).payload
    assert recorded == {"round": 1, "game": game.pk, "scores": scores}
    league.refresh_from_db()
    assert league.status == League.Status.FINISHED
    live = _standings(league)
    for handle, points, score_sum, played, _, _ in live:
        place = 1 + sum(other > scores[handle] for other in scores.values())
        assert (points, score_sum, played) == (POINTS.get(place, 0), scores[handle], 1)
    assert league_rebuild(league=league) is False
    history = [e.type for e in Event.objects.filter(game=game)]
    assert events.GAME_FINISHED not in history  # decided, not finished by play: unrated


def test_too_few_sign_ups_cancel_the_league_at_the_close() -> None:
    league = league_of("seerauber")
    players_signed_up(league, HANDLES[:2])
    assert leagues_sweep(now=CLOSES) == 1
    league.refresh_from_db()
    assert league.status == League.Status.CANCELLED and not league.tables.exists()
    assert league.events.get(type=league_events.LEAGUE_CANCELLED).payload == {
        "players": 2,
        "needed": 3,
    }


def test_a_moderators_decision_places_its_winners_first_and_an_abort_counts_for_nobody() -> None:
    league = league_of("seerauber", rounds=1)
    players_signed_up(league, HANDLES[:6])
    leagues_sweep(now=CLOSES)
    decided, aborted = [
        t.game for t in LeagueTable.objects.filter(league=league).order_by("number")
    ]
    moderator = User.objects.create_user("mod", is_staff=True)
    winner = decided.seats.get(position=1).display_name
    actions.game_adjudicate(
        game=decided, moderator=moderator, reason="stuck", winners=[winner], now=CLOSES
    )
    actions.game_abort(game=aborted, moderator=moderator, reason="cheating", now=CLOSES)
    assert leagues_sweep(now=CLOSES + timedelta(minutes=1)) == 1
    standings = {row[0]: row[1:4] for row in _standings(league)}
    for seat in decided.seats.all():
        points = POINTS[1] if seat.display_name == winner else POINTS[2]
        assert standings[seat.display_name] == (points, 0, 1)
    assert all(standings[seat.display_name] == (0, 0, 0) for seat in aborted.seats.all())
    out = StringIO()
    call_command("rebuild_projections", stdout=out)
    assert "0 leagues' standings corrected." in out.getvalue()


def test_a_decision_stored_before_leagues_reads_as_a_moderators() -> None:
    stored = {"winners": ["Anne"], "reason": "stuck"}  # game_adjudicated, schema version 1
    payload = events.upcast(events.GAME_ADJUDICATED, 1, stored)
    assert payload == {**stored, "by": "moderator"}
    assert event_line(events.GAME_ADJUDICATED, payload) == (
        "A moderator decided the game: won by Anne. Reason: stuck"
    )
    league = {"winners": ["Anne"], "reason": "", "by": "league"}
    assert event_line(events.GAME_ADJUDICATED, league) == (
        "The league round's deadline decided the game by the scores: won by Anne."
    )
