"""Reads: game lists, per-seat views, legal moves, history, records and fairness data.

Everything a reader gets about a live game is built from the engine's ``view(state,
player)`` or from public event payloads, never from the omniscient state. The full
record, with the setup, the commitment's salt and the hash chain's nonces, is given out
only once the game is over; the chain's hashes are public at every seq (``engine.chain``).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Exists, OuterRef, QuerySet

from engine import chain
from games.errors import RecordHidden
from games.models import Event, Game, Seat
from games.play.levels import bot_levels
from games.store import events
from games.store.hashes import chain_events
from games.store.loading import engine_for
from games.store.repository import load_state, state_read

VERIFY_COMMAND = "python -m engine verify RECORD COMMITMENT"
VERIFY_CHAIN_COMMAND = "python -m engine verify-chain RECORD [HASH ...]"


def game_list(
    *, status: str | None = None, kind: str | None = None, player: str | None = None
) -> QuerySet[Game]:
    """Games, newest first, optionally filtered by status, kind and a player's name; their
    seats are read by :func:`listed_seats`."""
    games = Game.objects.all()
    if status:
        games = games.filter(status=status)
    if kind:
        games = games.filter(kind=kind)
    if player:
        games = games.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), display_name=player)))
    return games


def listed_seats(game_ids: list[int], fields: tuple[str, ...]) -> dict[int, list[dict[str, Any]]]:
    """The ``fields`` of the seats of the listed games, in seat order, by game id (plain
    rows: a list page shows hundreds of seats)."""
    seats: dict[int, list[dict[str, Any]]] = {pk: [] for pk in game_ids}
    rows = Seat.objects.filter(game_id__in=game_ids).order_by("game_id", "position")
    for seat in rows.values("game_id", *fields):
        seats[seat["game_id"]].append(seat)
    return seats


def seat_of_user(*, game: Game, user: User | AnonymousUser) -> Seat | None:
    """The seat a signed-in user holds in ``game``, if any."""
    if not user.is_authenticated:
        return None
    return Seat.objects.filter(game=game, user=user).first()


def game_state(*, game: Game, seat: Seat | None) -> dict[str, Any]:
    """What ``seat`` may see of ``game`` now (``None``: a spectator)."""
    return engine_for(game).view(state_read(game), None if seat is None else seat.display_name)


def game_legal_moves(*, game: Game, seat: Seat) -> list[dict[str, Any]]:
    """The moves ``seat`` may make now, sorted; ``[]`` when it is not asked to move."""
    if seat.display_name not in game.to_move or game.status != Game.Status.ACTIVE:
        return []
    return engine_for(game).legal_moves(state_read(game), seat.display_name)


def game_history(*, game: Game, after: int = 0, limit: int | None = None) -> list[dict[str, Any]]:
    """The events after seq ``after`` (the first ``limit`` of them), as any reader may see them."""
    revealed = game.is_over
    hidden = hidden_seqs(game)
    sealed = sealed_seq(game)
    return [
        {
            "seq": event.seq,
            "type": event.type,
            "actor": event.actor,
            "created_at": event.created_at,
            "hash": event.hash,
            "payload": (
                {"player": payload["player"], "text": None, "hidden": True}
                if event.seq in hidden
                else {**payload, "move": dict(SEALED_MOVE), "sealed": True}
                if event.seq == sealed
                else events.public_payload(event.type, payload, revealed=revealed)
            ),
        }
        for event in Event.objects.filter(game=game, seq__gt=after).order_by("seq")[:limit]
        for payload in [events.payload_of(event)]
    ]


def sealed_seq(game: Game, *, state: Any = None, seq: int | None = None) -> int | None:
    """The seq of the move still sealed in ``game`` after event ``seq`` (default: its last), if
    any; ``state`` is the state after that event, when the caller has it.

    While a choice is sealed (a rowing test waiting for its second choice), the summary's
    step names who has ``chosen``; the first choice is then the last move
    played, and nobody but its maker may see it until the second is in.
    """
    if state is None:
        if game.is_over:
            return None
        state = load_state(game)
    step = engine_for(game).summary(state).get("step")
    if not isinstance(step, dict) or not step.get("chosen"):
        return None
    undone = 0
    stored = Event.objects.filter(game=game, type__in=[events.MOVE, events.MOVE_TAKEN_BACK])
    if seq is not None:
        stored = stored.filter(seq__lte=seq)
    for event_type, event_seq in stored.order_by("-seq").values_list("type", "seq"):
        if event_type == events.MOVE_TAKEN_BACK:
            undone += 1
        elif undone:
            undone -= 1
        else:
            return event_seq
    return None


SEALED_MOVE = {"type": "choose"}
"""What a reader sees of a sealed move: that a choice was made, not which."""


def hidden_seqs(game: Game) -> set[int]:
    """Seqs of the chat messages of ``game`` that a moderator hid."""
    hidden = Event.objects.filter(game=game, type=events.CHAT_HIDDEN)
    return {events.payload_of(event)["message_seq"] for event in hidden}


def moves_played(game: Game) -> list[dict[str, Any]]:
    """The payloads of ``game``'s moves in order, without the moves taken back."""
    played: list[dict[str, Any]] = []
    stored = Event.objects.filter(game=game, type__in=[events.MOVE, events.MOVE_TAKEN_BACK])
    for event_type, version, raw in stored.order_by("seq").values_list(
        "type", "version", "payload"
    ):
        if event_type == events.MOVE_TAKEN_BACK:
            played.pop()
        else:
            played.append(events.upcast(event_type, version, raw))
    return played


def created_payload(game: Game) -> dict[str, Any]:
    """The payload of ``game``'s ``game_created`` event: its setup, players and salt."""
    return events.payload_of(Event.objects.get(game=game, seq=1))


def game_record(*, game: Game) -> dict[str, Any]:
    """The game's ``pbem-record/1`` with its revealed salt, the level of each bot seat
    (``bots``, when a bot plays one) and the indices of the moves played by standing
    answers (``standing``, when any); only once the game is over."""
    if not game.is_over:
        raise RecordHidden(
            "The record holds every hand and the deck order; it is published when the game is over."
        )
    created = created_payload(game)
    played = moves_played(game)
    moves = [{"player": payload["player"], **payload["move"]} for payload in played]
    standing = [index for index, payload in enumerate(played) if payload.get("standing")]
    bots = bot_levels(game)
    return {
        "format": created["format"],
        "game": created["game"],
        "rules_version": created["rules_version"],
        "players": created["players"],
        "options": created["options"],
        "setup": created["setup"],
        "moves": moves,
        "commitment": created["commitment"],
        "salt": created["salt"],
        "chain": {"scheme": chain.SCHEME, "events": chain_events(game=game)},
        **({"bots": bots} if bots else {}),
        **({"standing": standing} if standing else {}),
    }


def game_fairness(*, game: Game) -> dict[str, Any]:
    """The commitment to the hidden setup, and once the game is over the salt that opens it;
    the head of the history's hash chain and the rule that links it."""
    revealed = game.is_over
    return {
        "commitment": game.commitment,
        "scheme": "sha256(canonical_json({game, players, salt, setup}))",
        "revealed": revealed,
        "salt": created_payload(game)["salt"] if revealed else None,
        "verify": VERIFY_COMMAND,
        "head_seq": game.last_seq,
        "head_hash": game.head_hash,
        "chain_scheme": chain.SCHEME,
        "verify_chain": VERIFY_CHAIN_COMMAND,
    }
