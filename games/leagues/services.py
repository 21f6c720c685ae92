"""Writes of a league: its creation, sign-ups and withdrawals, and each round's deal and end.

Each service locks the league row and appends to its stream in one
transaction, with the projections (``League``, ``LeagueEntry``,
``LeagueTable``) and the games and emails a step makes. Time is the ``now``
passed in: the beat's sweep (:func:`leagues_sweep`) passes its own, tests
theirs. How a league moves from sign-up to its last round: :func:`league_advance`.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet

from engine.base import get_game
from games.errors import Conflict, Forbidden, Refused
from games.interventions.services import game_decide
from games.kinds import has_kind
from games.leagues import events as league_events
from games.leagues.dealing import table_sizes, tables_deal
from games.leagues.standings import ranks_set, round_count, standing_key
from games.models import Game, League, LeagueEntry, LeagueTable, Player, Rating
from games.people.results import MODEL
from games.play.lobby import LANGUAGES
from games.play.services import PlayerSpec, game_create
from games.play.signals import round_dealt
from games.timecontrol.deadlines import time_control

ACTOR = "system:league"
NEWCOMER_RATING = MODEL.rating().ordinal()
"""The rating a player without a rated game of the kind is seeded with (mu0 - 3 sigma0 = 0)."""
DEFAULT_TABLE_SIZE = 3
"""The players a table aims at unless the league says otherwise (within the game's range)."""


class LeagueError(Refused):
    """A league request the service refuses."""

    code = "league_error"


class SignupNotOpen(Conflict):
    code = "signup_not_open"


class SignupClosed(Conflict):
    code = "signup_closed"


class AlreadySignedUp(Conflict):
    code = "already_signed_up"


class NotSignedUp(Conflict):
    code = "not_signed_up"


class NoAccount(Forbidden):
    code = "no_account"


@transaction.atomic
def league_create(
    *,
    name: str,
    kind: str,
    signup_opens_at: datetime,
    signup_closes_at: datetime,
    rounds: int,
    round_hours: int,
    options: dict[str, Any] | None = None,
    table_size: int | None = None,
    now: datetime,
) -> League:
    """Open a league of ``kind`` for sign-up between the two instants; its games use
    ``options`` (a time control, as a lobby table's)."""
    if not has_kind(kind):
        raise LeagueError(f"{kind} cannot be played on this site yet.")
    engine = get_game(kind)
    options = options or {}
    time_control(options)  # BadOptions, the deadline module's own check
    size = DEFAULT_TABLE_SIZE if table_size is None else table_size
    if not name.strip() or signup_closes_at <= signup_opens_at or rounds < 1 or round_hours < 1:
        raise LeagueError(
            "A league needs a name, a sign-up that closes after it opens, "
            "at least one round and a round of at least one hour."
        )
    league = League.objects.create(
        name=name.strip()[:60],
        kind=kind,
        options=options,
        signup_opens_at=signup_opens_at,
        signup_closes_at=signup_closes_at,
        rounds=rounds,
        round_hours=round_hours,
        table_size=min(max(size, engine.MIN_PLAYERS), engine.MAX_PLAYERS),
        created_at=now,
    )
    league_events.league_event_append(
        league,
        event_type=league_events.LEAGUE_CREATED,
        payload=league_events.league_created_payload(league),
        now=now,
    )
    return league


def _signup_league(league: League, now: datetime) -> League:
    """``league`` locked, while its sign-up is open at ``now``."""
    league = League.objects.select_for_update().get(pk=league.pk)
    if now < league.signup_opens_at:
        raise SignupNotOpen(
            f"The sign-up of {league.name} opens at {league.signup_opens_at:%Y-%m-%d %H:%M} UTC."
        )
    if league.status != League.Status.SIGNUP or now >= league.signup_closes_at:
        raise SignupClosed(f"The sign-up of {league.name} has closed.")
    return league


@transaction.atomic
def league_sign_up(
    *, league: League, player: Player | None, language: str, now: datetime
) -> LeagueEntry:
    """Sign ``player`` (an account; ``None``: a visitor without one) up to ``league``."""
    if player is None:
        raise NoAccount(
            "Sign in and choose a handle first: a league is played by players with an account."
        )
    league = _signup_league(league, now)
    if league.entries.filter(player=player).exists():
        raise AlreadySignedUp(f"{player.handle} is already signed up to {league.name}.")
    language = language if language in LANGUAGES else "en"
    event = league_events.league_event_append(
        league,
        event_type=league_events.PLAYER_SIGNED_UP,
        payload=league_events.player_signed_up_payload(player=player.pk, language=language),
        now=now,
    )
    return LeagueEntry.objects.create(
        league=league, player=player, language=language, signup_seq=event.seq
    )


@transaction.atomic
def league_withdraw(*, league: League, player: Player, now: datetime) -> None:
    """Take ``player``'s sign-up back, while the sign-up is open."""
    league = _signup_league(league, now)
    entry = league.entries.filter(player=player).first()
    if entry is None:
        raise NotSignedUp(f"{player.handle} is not signed up to {league.name}.")
    league_events.league_event_append(
        league,
        event_type=league_events.PLAYER_WITHDREW,
        payload=league_events.player_withdrew_payload(player=player.pk),
        now=now,
    )
    entry.delete()


def _close(league: League, now: datetime) -> None:
    """End the sign-up: seed the players by rating and deal round 1, or cancel the league."""
    entries = list(league.entries.select_related("player"))
    needed = get_game(league.kind).MIN_PLAYERS
    if len(entries) < needed:
        league.status = League.Status.CANCELLED
        league_events.league_event_append(
            league,
            event_type=league_events.LEAGUE_CANCELLED,
            payload=league_events.league_cancelled_payload(players=len(entries), needed=needed),
            now=now,
            changed=["status"],
        )
        return
    ratings = dict(
        Rating.objects.filter(
            kind=league.kind, player__in=[e.player_id for e in entries]
        ).values_list("player", "ordinal")
    )
    for entry in entries:
        entry.seed_rating = ratings.get(entry.player_id, NEWCOMER_RATING)
    seeded = ranks_set(entries)
    LeagueEntry.objects.bulk_update(seeded, ["seed_rating", "rank"])
    league.status = League.Status.PLAYING
    league_events.league_event_append(
        league,
        event_type=league_events.SIGNUP_CLOSED,
        payload=league_events.signup_closed_payload(
            seeds=[(entry.player_id, float(entry.seed_rating or 0.0)) for entry in seeded]
        ),
        now=now,
        changed=["status"],
    )
    _deal(league, seeded, now)


def _deal(league: League, order: list[LeagueEntry], now: datetime) -> None:
    """Deal the next round: ``order`` (the standings) cut into tables, each a new game."""
    engine = get_game(league.kind)
    league.round += 1
    sizes = table_sizes(
        len(order), minimum=engine.MIN_PLAYERS, maximum=engine.MAX_PLAYERS, aim=league.table_size
    )
    deadline = now + timedelta(hours=league.round_hours)
    dealt: list[tuple[LeagueTable, list[LeagueEntry]]] = []
    for number, seated in enumerate(tables_deal(order, sizes), start=1):
        game = game_create(
            kind=league.kind,
            players=[
                PlayerSpec(
                    name=entry.player.handle, email=entry.player.email, language=entry.language
                )
                for entry in seated
            ],
            options={**league.options, "name": f"{league.name} {league.round}.{number}"},
            actor=ACTOR,
            now=now,
        )
        table = LeagueTable.objects.create(
            league=league, round=league.round, number=number, game=game
        )
        dealt.append((table, seated))
    league.round_deadline = deadline
    league_events.league_event_append(
        league,
        event_type=league_events.ROUND_DEALT,
        payload=league_events.round_dealt_payload(
            round=league.round,
            deadline=deadline.isoformat(),
            tables=[(t.game_id, [entry.player_id for entry in seated]) for t, seated in dealt],
        ),
        now=now,
        changed=["round", "round_deadline"],
    )
    round_dealt.send(sender=League, league=league, dealt=dealt, now=now)


def _running(league: League) -> QuerySet[LeagueTable]:
    """The tables of the league's current round whose game is not over."""
    return league.tables.filter(round=league.round).exclude(
        game__status__in=[Game.Status.FINISHED, Game.Status.ABORTED]
    )


def _decide_unfinished(league: League, now: datetime) -> None:
    """Decide each game of the round still running by its current scores (the rules')."""
    for table in _running(league).order_by("number"):
        game = Game.objects.select_for_update().get(pk=table.game_id)
        if game.is_over:
            continue
        scores = {name: int(score) for name, score in game.scores.items()}
        best = max(scores.values())
        names = list(game.seats.order_by("position").values_list("display_name", flat=True))
        game_decide(
            game=game,
            winners=[name for name in names if scores[name] == best],
            reason="",
            by="league",
            actor=ACTOR,
            now=now,
        )
        league_events.league_event_append(
            league,
            event_type=league_events.GAME_ADJUDICATED,
            payload=league_events.game_adjudicated_payload(
                round=league.round, game=game.pk, scores=scores
            ),
            now=now,
        )


def _round_end(league: League, now: datetime) -> None:
    """Count the finished round and deal the next one, or finish the league after the last."""
    league_events.league_event_append(
        league,
        event_type=league_events.ROUND_FINISHED,
        payload=league_events.round_finished_payload(round=league.round),
        now=now,
    )
    round_count(league=league, round=league.round)
    if league.round < league.rounds:
        standings = sorted(league.entries.select_related("player"), key=standing_key)
        _deal(league, standings, now)
        return
    league.status = League.Status.FINISHED
    league_events.league_event_append(
        league, event_type=league_events.LEAGUE_FINISHED, payload={}, now=now, changed=["status"]
    )


@transaction.atomic
def league_advance(*, league: League, now: datetime) -> bool:
    """Take ``league``'s next step if its time has come; tell whether it took one.

    At the sign-up's close: seed the players by rating and deal round 1. During a round:
    once every game is over, or at the round's deadline (after deciding the games still
    running by their current scores), count the round and deal the next by the standings.
    """
    league = League.objects.select_for_update().get(pk=league.pk)
    if league.status == League.Status.SIGNUP and now >= league.signup_closes_at:
        _close(league, now)
        return True
    if league.status != League.Status.PLAYING:
        return False
    if _running(league).exists():
        if league.round_deadline is None or now < league.round_deadline:
            return False
        _decide_unfinished(league, now)
    _round_end(league, now)
    return True


def leagues_sweep(*, now: datetime) -> int:
    """Advance every league whose sign-up closed or that is playing; return the steps taken."""
    due = League.objects.filter(
        Q(status=League.Status.SIGNUP, signup_closes_at__lte=now) | Q(status=League.Status.PLAYING)
    ).order_by("id")
    return sum(league_advance(league=league, now=now) for league in due)
