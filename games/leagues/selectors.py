"""Reads of a league for its page and its API: rounds with their tables, and the standings."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from games.display import game_label
from games.leagues.standings import placements
from games.models import Game, League, LeagueEntry, Player


@dataclass(frozen=True)
class TableSeat:
    """One player at a league table; ``placement`` and ``score`` once the game is over."""

    handle: str
    placement: int | None
    score: int | None


@dataclass(frozen=True)
class TableLine:
    number: int
    game: Game
    label: str
    seats: list[TableSeat]


@dataclass(frozen=True)
class RoundLine:
    number: int
    tables: list[TableLine]


@dataclass(frozen=True)
class LeagueView:
    league: League
    rounds: list[RoundLine]
    standings: list[LeagueEntry]


def leagues_list() -> QuerySet[League]:
    """Every league, the latest sign-up first."""
    return League.objects.all()


def _seats(game: Game) -> list[TableSeat]:
    names = [seat.display_name for seat in game.seats.all()]
    if game.status != Game.Status.FINISHED:
        return [TableSeat(handle=name, placement=None, score=None) for name in names]
    scores = [int(game.scores.get(name, 0)) for name in names]
    return [
        TableSeat(handle=name, placement=place, score=score)
        for name, place, score in zip(names, placements(scores), scores, strict=True)
    ]


def league_view(*, league: League) -> LeagueView:
    """``league`` as its page shows it: each round's tables, newest round first, and the
    standings (the players signed up, while the sign-up is open)."""
    tables = league.tables.select_related("game").prefetch_related("game__seats")
    rounds: dict[int, list[TableLine]] = {}
    for table in tables.order_by("-round", "number"):
        rounds.setdefault(table.round, []).append(
            TableLine(
                number=table.number,
                game=table.game,
                label=game_label(table.game),
                seats=_seats(table.game),
            )
        )
    return LeagueView(
        league=league,
        rounds=[RoundLine(number=number, tables=lines) for number, lines in rounds.items()],
        standings=list(league.entries.select_related("player").order_by("rank", "signup_seq")),
    )


def league_entry_of(*, league: League, player: Player | None) -> LeagueEntry | None:
    """``player``'s sign-up to ``league``, if he has one."""
    return None if player is None else league.entries.filter(player=player).first()
