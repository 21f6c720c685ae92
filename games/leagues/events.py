"""A league's own event stream: its types, their payloads, and the one append.

Like a game's events, a league's are never changed or deleted
(``LeagueEvent``; on PostgreSQL a trigger refuses it too). They name players by
their account's id, never by address or handle, so an account's deletion
leaves them as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from games.models import League, LeagueEvent

LEAGUE_CREATED = "league_created"
PLAYER_SIGNED_UP = "player_signed_up"
PLAYER_WITHDREW = "player_withdrew"
SIGNUP_CLOSED = "signup_closed"
LEAGUE_CANCELLED = "league_cancelled"
ROUND_DEALT = "round_dealt"
GAME_ADJUDICATED = "game_adjudicated"
ROUND_FINISHED = "round_finished"
LEAGUE_FINISHED = "league_finished"

SCHEMA_VERSIONS = {
    LEAGUE_CREATED: 1,
    PLAYER_SIGNED_UP: 1,
    PLAYER_WITHDREW: 1,
    SIGNUP_CLOSED: 1,
    LEAGUE_CANCELLED: 1,
    ROUND_DEALT: 1,
    GAME_ADJUDICATED: 1,
    ROUND_FINISHED: 1,
    LEAGUE_FINISHED: 1,
}

Payload = dict[str, Any]


def league_event_append(
    league: League,
    *,
    event_type: str,
    payload: Payload,
    now: datetime,
    changed: Sequence[str] = (),
) -> LeagueEvent:
    """Append the next event of the locked ``league`` and save its ``last_seq`` with the
    ``changed`` projections the event moves (set on ``league`` before)."""
    event = LeagueEvent.objects.create(
        league=league,
        seq=league.last_seq + 1,
        type=event_type,
        version=SCHEMA_VERSIONS[event_type],
        payload=payload,
        created_at=now,
    )
    league.last_seq = event.seq
    league.save(update_fields=["last_seq", *changed])
    return event


def league_created_payload(league: League) -> Payload:
    """The league's settings as it was created."""
    return {
        "name": league.name,
        "kind": league.kind,
        "options": league.options,
        "signup_opens_at": league.signup_opens_at.isoformat(),
        "signup_closes_at": league.signup_closes_at.isoformat(),
        "rounds": league.rounds,
        "round_hours": league.round_hours,
        "table_size": league.table_size,
    }


def player_signed_up_payload(*, player: int, language: str) -> Payload:
    """The account ``player`` signed up; his league emails are in ``language``."""
    return {"player": player, "language": language}


def player_withdrew_payload(*, player: int) -> Payload:
    """The account ``player`` withdrew before the sign-up closed."""
    return {"player": player}


def signup_closed_payload(*, seeds: list[tuple[int, float]]) -> Payload:
    """The sign-up closed; ``seeds`` are the players with their rating then, best first."""
    return {"seeds": [{"player": player, "rating": rating} for player, rating in seeds]}


def league_cancelled_payload(*, players: int, needed: int) -> Payload:
    """Too few players signed up for one table."""
    return {"players": players, "needed": needed}


def round_dealt_payload(
    *, round: int, deadline: str, tables: list[tuple[int, list[int]]]
) -> Payload:
    """Round ``round`` is dealt: each table's game and its players in seat order."""
    return {
        "round": round,
        "deadline": deadline,
        "tables": [{"game": game, "players": players} for game, players in tables],
    }


def game_adjudicated_payload(*, round: int, game: int, scores: dict[str, int]) -> Payload:
    """The round's deadline passed with ``game`` unfinished: it counts with these scores."""
    return {"round": round, "game": game, "scores": scores}


def round_finished_payload(*, round: int) -> Payload:
    """Every game of round ``round`` is over; its results count from here."""
    return {"round": round}
