"""Writes: every change to a game goes through these functions, one transaction each.

They append events and update the projections on ``Game`` in the same
transaction. Views, commands, tasks and the admin call them;
nothing else writes events.
"""

from __future__ import annotations

import dataclasses
import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from engine import fairness
from engine.base import IllegalMove, Rules, get_game
from engine.record import RecordError, open_record
from games.errors import GameError, GameNotActive, MoveIdReused, NotYourSeat, StaleSeq
from games.models import Event, Game, Seat, StandingAnswers
from games.names import name_normal, names_clean
from games.people.accounts import seats_attach
from games.people.results import game_results_record
from games.play.orders import Played
from games.play.selectors import created_payload
from games.play.signals import order_played
from games.play.turns import turn_begin
from games.store import events
from games.store.loading import engine_for
from games.store.repository import (
    GameChange,
    game_change,
    game_locked_with_seats,
    projections_set,
    snapshot_on_commit,
    state_locked,
)
from games.timecontrol.deadlines import clock_turn_end


@dataclass(frozen=True)
class PlayerSpec:
    """Who sits at a seat of a new game."""

    name: str
    email: str = ""
    language: str = "en"
    time_zone: str = "UTC"
    is_bot: bool = False
    user: User | None = None
    standing: dict[str, Any] = dataclasses.field(default_factory=dict)
    """The standing answers given with the seat before the deal (question by rule)."""


@dataclass(frozen=True)
class MoveResult:
    """The answer to an accepted move; a resubmission with the same move id gets the same."""

    seq: int
    player: str
    move: dict[str, Any]


def refuse_service_fields(move: dict[str, Any]) -> None:
    """Refuse a move that carries dice: only the service rolls them (``_rolled``)."""
    if set(move) & events.SERVICE_FIELDS:
        raise IllegalMove(
            "roll_by_service",
            "Send the move without 'roll': the service rolls the dice when it accepts the move.",
        )


def check_move_fields(kind: str, move: object) -> dict[str, Any]:
    """Refuse a move that is not an object, carries dice or keys its game does not define."""
    if not isinstance(move, dict):
        raise IllegalMove("bad_move", "A move must be an object.")
    refuse_service_fields(move)
    engine = get_game(kind)
    unknown = sorted(set(move) - set(engine.MOVE_FIELDS))
    if unknown:
        allowed = ", ".join(sorted(engine.MOVE_FIELDS))
        raise IllegalMove(
            "unknown_field",
            f"A {engine.TITLE} move has no field {', '.join(map(repr, unknown))}; "
            f"it may have {allowed}.",
        )
    return move


def _project(change: GameChange, engine: Rules, state: Any, *, actor: str, now: datetime) -> None:
    """Bring the projections up to ``state``, appending ``game_finished`` when it ends the game."""
    game = change.game
    result = projections_set(game, engine, state)
    if result is not None and game.status != Game.Status.FINISHED:
        game.status = Game.Status.FINISHED
        change.append(
            event_type=events.GAME_FINISHED,
            payload=events.game_finished_payload(**result),
            actor=actor,
            now=now,
        )
        game_results_record(game=game)


PASS = {"type": "pass"}


def _forced_passes(change: GameChange, engine: Rules, state: Any, now: datetime) -> Any:
    """Pass for every player whose only legal move is ``pass``, each recorded with ``auto``.

    Nobody waits on a turn without a choice; the game may end on these passes.
    """
    while (movers := engine.to_move(state)) and engine.legal_moves(state, movers[0]) == [PASS]:
        state = engine.apply(state, movers[0], PASS)
        change.append(
            event_type=events.MOVE,
            payload=events.move_payload(player=movers[0], move=dict(PASS), auto=True),
            actor="system:pass",
            now=now,
        )
    return state


def _game_open(
    *,
    engine: Rules,
    players: Sequence[PlayerSpec],
    setup: Any,
    options: dict[str, Any],
    salt: str,
    now: datetime,
) -> tuple[Game, Any, dict[str, Any]]:
    """The new game's row and seats (with the standing answers given before the deal), its
    first state and its ``game_created`` payload."""
    names = [player.name for player in players]
    state = engine.start(names, setup)
    commitment = fairness.commitment(engine.NAME, names, setup, salt)
    game = Game.objects.create(
        kind=engine.NAME,
        rules_version=engine.RULES_VERSION,
        options=options,
        commitment=commitment,
        created_at=now,
        updated_at=now,
    )
    Seat.objects.bulk_create(
        Seat(
            game=game,
            position=position,
            display_name=player.name,
            email=player.email,
            language=player.language,
            time_zone=player.time_zone,
            is_bot=player.is_bot,
            user=player.user,
        )
        for position, player in enumerate(players)
    )
    seats_attach(seats=game.seats.all())
    StandingAnswers.objects.bulk_create(
        StandingAnswers(seat=seat, answers=player.standing, changed_at=now)
        for seat, player in zip(game.seats.order_by("position"), players, strict=True)
        if player.standing
    )
    payload = events.game_created_payload(
        game=engine.NAME,
        rules_version=engine.RULES_VERSION,
        players=names,
        setup=setup,
        options=options,
        commitment=commitment,
        salt=salt,
    )
    return game, state, payload


@transaction.atomic
def game_create(
    *,
    kind: str,
    players: Sequence[PlayerSpec],
    options: dict[str, Any] | None = None,
    seed: int | None = None,
    actor: str = "system",
    now: datetime | None = None,
) -> Game:
    """Deal a new game and commit to its hidden setup (same ``seed``, same deal).

    The players' names are normalised first (``games.names``: BadName, NameTaken).
    The first seat's clock starts and its turn email is written (``games.play.turns``).
    """
    names = names_clean(player.name for player in players)
    players = [dataclasses.replace(p, name=name) for p, name in zip(players, names, strict=True)]
    now = now or timezone.now()
    engine = get_game(kind)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    setup = engine.new_setup(names, rng)
    game, state, created = _game_open(
        engine=engine,
        players=players,
        setup=setup,
        options=options or {},
        salt=secrets.token_hex(16),
        now=now,
    )
    with game_change(game) as change:
        change.append(event_type=events.GAME_CREATED, payload=created, actor=actor, now=now)
        _project(change, engine, state, actor=actor, now=now)
        turn_begin(game=game, engine=engine, state=state, now=now, dealt=True)
    snapshot_on_commit(game, state)
    return game


@transaction.atomic
def game_import(*, record: dict[str, Any], actor: str = "system") -> Game:
    """Load a ``pbem-record/1`` as a new game, each of its moves an event.

    The record's ``salt`` is kept when it has one (so its published
    commitment still verifies); otherwise a fresh salt is drawn. Its player
    names must already be in normal form (``games.names``): its moves and its
    commitment name them as written, so they are checked, never rewritten.
    """
    engine, _, moves = open_record(record)
    unnormal = [name for name in record["players"] if name != name_normal(str(name))]
    if unnormal:
        raise RecordError(
            "bad_name",
            f"The player name {unnormal[0]!r} is not in normal form: it would be "
            f"{name_normal(str(unnormal[0]))!r}.",
            None,
        )
    try:
        names_clean(record["players"])
    except GameError as error:
        raise RecordError(error.code, error.message, None) from None
    now = timezone.now()
    salt = record.get("salt")
    game, state, created = _game_open(
        engine=engine,
        players=[PlayerSpec(name=name) for name in record["players"]],
        setup=record["setup"],
        options=record.get("options") or {},
        salt=salt if isinstance(salt, str) and salt else secrets.token_hex(16),
        now=now,
    )
    with game_change(game) as change:
        change.append(event_type=events.GAME_CREATED, payload=created, actor=actor, now=now)
        state = _moves_import(change, engine, state, moves, record["players"], now)
        _project(change, engine, state, actor=actor, now=now)
    snapshot_on_commit(game, state)
    return game


def _moves_import(
    change: GameChange,
    engine: Rules,
    state: Any,
    moves: list[Any],
    players: list[str],
    now: datetime,
) -> Any:
    """Append each of a record's ``moves`` to the imported game; the state after them."""
    allowed = engine.MOVE_FIELDS
    for index, entry in enumerate(moves):
        try:
            if not isinstance(entry, dict):
                raise IllegalMove("bad_move", "Each move must be an object.")
            player = entry.get("player")
            if not isinstance(player, str):
                raise IllegalMove("unknown_player", "Each move must name the player who makes it.")
            move = {key: value for key, value in entry.items() if key in allowed}
            state = engine.apply(state, player, move)
        except IllegalMove as error:
            raise RecordError(error.code, error.message, index) from None
        change.append(
            event_type=events.MOVE,
            payload=events.move_payload(player=player, move=move),
            actor=f"seat:{players.index(player)}",
            now=now,
        )
    return state


def _resubmitted(event: Event, seat: Seat, move: dict[str, Any]) -> MoveResult:
    payload = events.payload_of(event)
    if (
        event.type != events.MOVE
        or payload["player"] != seat.display_name
        or _as_sent(payload["move"]) != move
    ):
        raise MoveIdReused(
            f"The move id {event.move_id!r} was already used for another move (seq {event.seq})."
        )
    return MoveResult(seq=event.seq, player=payload["player"], move=payload["move"])


def _as_sent(move: dict[str, Any]) -> dict[str, Any]:
    """A stored move without what the service wrote into it (its dice)."""
    return {key: value for key, value in move.items() if key not in events.SERVICE_FIELDS}


def _rolled(game: Game, engine: Rules, state: Any, move: dict[str, Any]) -> dict[str, Any]:
    """``move`` with the dice it needs, derived from the game's committed salt.

    The move is stored as event ``game.last_seq + 1``, and its dice are
    ``fairness.dice(salt, seq, count)``: the salt of ``game_created``, secret
    until the game is over, so the players cannot foresee the dice and anyone
    can check them once it is revealed (``engine/fairness.py``).
    """
    count = engine.rolls_needed(state, move)
    if count == 0:
        return move
    salt = created_payload(game)["salt"]
    return {**move, "roll": fairness.dice(salt, game.last_seq + 1, count)}


def _moved_on(game: Game, expected_seq: int) -> bool:
    """Tell whether the position changed after ``expected_seq`` (table talk does not count)."""
    if expected_seq >= game.last_seq:
        return expected_seq > game.last_seq
    return (
        Event.objects.filter(game=game, seq__gt=expected_seq)
        .exclude(type__in=events.POSITION_NEUTRAL)
        .exists()
    )


@dataclass(frozen=True)
class MoveBody:
    """A move request's checked body."""

    move: dict[str, Any]
    expected_seq: int | None
    move_id: str | None = None


def move_submit(
    *,
    game: Game,
    seat: Seat,
    move: dict[str, Any],
    expected_seq: int | None,
    move_id: str | None = None,
    auto: bool = False,
    order: str | None = None,
    now: datetime | None = None,
) -> MoveResult:
    """:func:`move_submit_claimed` for a caller that has read ``seat`` already (a page, a
    reply by email, the sweep's bot): NotYourSeat if it does not play in ``game``."""
    done = move_submit_claimed(
        game_id=game.pk,
        seat_id=seat.pk,
        token_version=None,
        body=lambda _game: MoveBody(move, expected_seq, move_id),
        auto=auto,
        order=order,
        now=now,
    )
    if done is None:
        raise NotYourSeat("This seat does not play in this game.")
    return done[1]


def move_submit_claimed(
    *,
    game_id: int,
    seat_id: int,
    token_version: object | None,
    body: Callable[[Game], MoveBody],
    auto: bool = False,
    order: str | None = None,
    now: datetime | None = None,
) -> tuple[Game, MoveResult] | None:
    """Validate the move of seat ``seat_id`` with the engine and append it: the one way a move
    is made.

    The game row is locked with its seats read for the whole transaction, so two writers to
    one game are serialised: ``None``, with nothing done, when there is no game ``game_id``
    or the seat is not one of its seats (at ``token_version``, unless that is ``None``).
    ``body`` checks the request's body for the locked game (raising as the request would be
    refused).

    A resubmitted ``move_id`` returns the original result, an ``expected_seq`` after which
    the position changed raises :class:`StaleSeq` (table talk does not count), and an
    illegal move raises the engine's ``IllegalMove`` with nothing written. The clocks and
    turn emails follow in the same transaction (``turns.turn_begin``). ``auto`` marks a move
    the service made for a timed-out or bot seat, ``order`` one its player's standing order
    made (its kind, ``"answer"`` or ``"queued"``: ``games.play.orders``), which sends
    ``order_played`` on commit. A move that needs dice gets them here (``_rolled``).
    """
    now = now or timezone.now()
    with transaction.atomic():
        found = game_locked_with_seats(game_id)
        if found is None:
            return None
        game, seats = found
        seat = next((each for each in seats if each.pk == seat_id), None)
        if seat is None or token_version not in (None, seat.token_version):
            return None
        checked = body(game)
        check_move_fields(game.kind, checked.move)
        result = _move_locked(game, seat, seats, checked, auto=auto, order=order, now=now)
    return game, result


def _move_locked(
    game: Game,
    seat: Seat,
    seats: list[Seat],
    checked: MoveBody,
    *,
    auto: bool,
    order: str | None = None,
    now: datetime,
) -> MoveResult:
    """The move of :func:`move_submit`, once ``game`` is locked and its ``seats`` read."""
    actor = "system:bot" if auto else f"seat:{seat.position}"
    if checked.move_id is not None:
        earlier = Event.objects.filter(game=game, move_id=checked.move_id).first()
        if earlier is not None:
            return _resubmitted(earlier, seat, checked.move)
    if game.status in (Game.Status.PAUSED, Game.Status.ABORTED):
        raise GameNotActive(f"The game is {game.status}; no moves can be made now.")
    if checked.expected_seq is not None and _moved_on(game, checked.expected_seq):
        raise StaleSeq(game.last_seq)
    engine = engine_for(game)
    state = state_locked(game)  # never changed in place: apply makes the next one
    move = _rolled(game, engine, state, checked.move)
    played = Played(player=seat.display_name, move=move, before=state)
    state = engine.apply(state, seat.display_name, move)
    with game_change(game) as change:  # the events, the clocks, the projections, the emails
        event = change.append(
            event_type=events.MOVE,
            payload=events.move_payload(
                player=seat.display_name, move=move, auto=auto, order=order
            ),
            actor=actor,
            now=now,
            move_id=checked.move_id,
        )
        state = _forced_passes(change, engine, state, now)
        _project(change, engine, state, actor=actor, now=now)
        changed = clock_turn_end(game=game, seat=seat, auto=auto, now=now)
        along = [(seat, changed)] if changed else []
        turn_begin(
            game=game,
            engine=engine,
            state=state,
            now=now,
            moved=seat.display_name,
            played=played,
            seats=seats,
            along=along,
        )
        snapshot_on_commit(game, state)
    if order is not None:
        transaction.on_commit(
            lambda: order_played.send(
                sender=Seat, game=game, seat=seat, move=move, kind=order, now=now
            )
        )
    return MoveResult(seq=event.seq, player=seat.display_name, move=move)
