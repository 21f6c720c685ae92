"""League standings: a projection of the league's events and its games' results.

A game of a round counts once the round is over (``round_finished``). Each
player's **placement** is 1 + the players at his table who scored more (ties
share a place), from the game's ``game_finished`` scores, or from the scores
the league recorded when the round's deadline decided an unfinished game
(its own ``game_adjudicated``). A game a moderator decided places its winners
first and the others next, without scores; an aborted game counts for nobody.
Points per placement are :data:`POINTS`; the order is :func:`standing_key`'s.
:func:`league_rebuild` recomputes all of it from the events alone, as
:func:`round_count` did live, round after round.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import transaction

from games.leagues import events as league_events
from games.models import Event, League, LeagueEntry, LeagueTable
from games.store import events

POINTS = {1: 4, 2: 2, 3: 1}
"""Points for a placement; any later place gets none."""


@dataclass(frozen=True)
class Outcome:
    """One seat's result at a table: its placement and the score that counts."""

    placement: int
    score: int


def placements(scores: list[int]) -> list[int]:
    """Each score's placement: 1 + the scores higher than it."""
    return [1 + sum(other > score for other in scores) for score in scores]


def _by_scores(scores: list[int]) -> list[Outcome]:
    return [Outcome(p, score) for p, score in zip(placements(scores), scores, strict=True)]


def game_outcomes(game_id: int, decided: dict[str, int] | None) -> list[Outcome] | None:
    """The outcomes of a league game by seat position, or ``None`` if it counts for nobody.

    ``decided`` are the scores the league recorded at the round's deadline, if it did.
    """
    created = Event.objects.get(game_id=game_id, seq=1)
    names = events.payload_of(created)["players"]
    if decided is not None:
        return _by_scores([decided[name] for name in names])
    ending = (
        Event.objects.filter(
            game_id=game_id,
            type__in=[events.GAME_FINISHED, events.GAME_ADJUDICATED, events.GAME_ABORTED],
        )
        .order_by("-seq")
        .values_list("type", "version", "payload")
        .first()
    )
    if ending is None or ending[0] == events.GAME_ABORTED:
        return None
    payload = events.upcast(*ending)
    if ending[0] == events.GAME_FINISHED:
        return _by_scores([payload["scores"][name] for name in names])
    winners = set(payload["winners"])
    return [Outcome(1 if name in winners else 1 + len(winners), 0) for name in names]


def standing_key(entry: LeagueEntry) -> tuple[Any, ...]:
    """The standings' order: more points, a higher sum of scores, a higher rating at the
    sign-up's close, the earlier sign-up."""
    return (-entry.points, -entry.score_sum, -(entry.seed_rating or 0.0), entry.signup_seq)


def ranks_set(entries: Iterable[LeagueEntry]) -> list[LeagueEntry]:
    """``entries`` in the standings' order, each with its rank."""
    ordered = sorted(entries, key=standing_key)
    for rank, entry in enumerate(ordered, start=1):
        entry.rank = rank
    return ordered


def _count(
    entries: dict[int, LeagueEntry], dealt: dict[str, Any], decided: dict[int, dict[str, int]]
) -> None:
    """Add the results of the round ``dealt`` (a ``round_dealt`` payload) to ``entries``."""
    for table in dealt["tables"]:
        outcomes = game_outcomes(table["game"], decided.get(table["game"]))
        if outcomes is None:
            continue
        for player, outcome in zip(table["players"], outcomes, strict=True):
            entry = entries[player]
            entry.points += POINTS.get(outcome.placement, 0)
            entry.score_sum += outcome.score
            entry.games += 1


STANDING_FIELDS = ["points", "score_sum", "games", "rank"]
LEAGUE_FIELDS = ["status", "round", "round_deadline", "last_seq"]
"""The ``League`` fields that are projections of its events."""
ENTRY_FIELDS = ["player_id", "language", "signup_seq", "seed_rating", *STANDING_FIELDS]
TABLE_FIELDS = ["round", "number", "game_id"]


Stream = list[tuple[int, str, dict[str, Any]]]

STATUS_AFTER = {
    league_events.SIGNUP_CLOSED: League.Status.PLAYING,
    league_events.LEAGUE_CANCELLED: League.Status.CANCELLED,
    league_events.LEAGUE_FINISHED: League.Status.FINISHED,
}
"""The league's status after each event that changes it (it starts in sign-up)."""


def _stream(league: League) -> Stream:
    return list(league.events.order_by("seq").values_list("seq", "type", "payload"))


def _decided(stream: Stream) -> dict[int, dict[str, int]]:
    return {
        payload["game"]: payload["scores"]
        for _, event_type, payload in stream
        if event_type == league_events.GAME_ADJUDICATED
    }


def round_count(*, league: League, round: int) -> None:
    """Count the results of the finished round ``round`` into the stored standings."""
    stream = _stream(league)
    (dealt,) = [
        payload
        for _, event_type, payload in stream
        if event_type == league_events.ROUND_DEALT and payload["round"] == round
    ]
    entries = {entry.player_id: entry for entry in league.entries.all()}
    _count(entries, dealt, _decided(stream))
    LeagueEntry.objects.bulk_update(ranks_set(entries.values()), STANDING_FIELDS)


def _replayed(league: League) -> tuple[list[LeagueEntry], list[LeagueTable]]:
    """The entries and tables of ``league`` folded from its events alone."""
    stream = _stream(league)
    decided = _decided(stream)
    entries: dict[int, LeagueEntry] = {}
    tables: list[LeagueTable] = []
    dealt: dict[int, dict[str, Any]] = {}
    league.status, league.round, league.round_deadline = League.Status.SIGNUP, 0, None
    for seq, event_type, payload in stream:
        league.status = STATUS_AFTER.get(event_type, league.status)
        league.last_seq = seq
        if event_type == league_events.PLAYER_SIGNED_UP:
            entries[payload["player"]] = LeagueEntry(
                league=league,
                player_id=payload["player"],
                language=payload["language"],
                signup_seq=seq,
            )
        elif event_type == league_events.PLAYER_WITHDREW:
            del entries[payload["player"]]
        elif event_type == league_events.SIGNUP_CLOSED:
            for seed in payload["seeds"]:
                entries[seed["player"]].seed_rating = seed["rating"]
            ranks_set(entries.values())
        elif event_type == league_events.ROUND_DEALT:
            dealt[payload["round"]] = payload
            league.round = payload["round"]
            league.round_deadline = datetime.fromisoformat(payload["deadline"])
            tables += [
                LeagueTable(league=league, round=payload["round"], number=number, game_id=t["game"])
                for number, t in enumerate(payload["tables"], start=1)
            ]
        elif event_type == league_events.ROUND_FINISHED:
            _count(entries, dealt[payload["round"]], decided)
            ranks_set(entries.values())
    return list(entries.values()), tables


def _projections(
    league: League, entries: Iterable[LeagueEntry], tables: Iterable[LeagueTable]
) -> list[list[tuple[Any, ...]]]:
    """The projected fields of ``league``, its entries and its tables, sorted for comparing."""
    rows: list[tuple[Iterable[Any], list[str]]] = [
        ([league], LEAGUE_FIELDS),
        (entries, ENTRY_FIELDS),
        (tables, TABLE_FIELDS),
    ]
    return [
        sorted(tuple(getattr(o, f) for f in fields) for o in objects) for objects, fields in rows
    ]


@transaction.atomic
def league_rebuild(*, league: League) -> bool:
    """Recompute the entries, standings and tables of ``league`` from its events and its
    games' results; tell whether anything stored was different."""
    league = League.objects.select_for_update().get(pk=league.pk)
    stored = _projections(league, league.entries.all(), league.tables.all())
    entries, tables = _replayed(league)
    if stored == _projections(league, entries, tables):
        return False
    league.save(update_fields=LEAGUE_FIELDS)
    league.entries.all().delete()
    league.tables.all().delete()
    LeagueEntry.objects.bulk_create(entries)
    LeagueTable.objects.bulk_create(tables)
    return True


def leagues_rebuild() -> int:
    """Rebuild every league's projections; return how many were corrected."""
    return sum(league_rebuild(league=league) for league in League.objects.order_by("id"))
