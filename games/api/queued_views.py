"""The API's queued moves: a player reads his seat's queue, queues a move for his next turn,
cancels one or all (``games.play.queued``); nobody else may read or change them."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.views import READ_ERRORS, WRITE_ERRORS, _game, _player_seat, _valid, error_responses
from games.models import Game, Seat
from games.play.queued import QUEUE_LIMIT, queue_add, queue_cancel, queue_move_words, queued_moves

NAME_LENGTH = 40
"""The longest field name a condition may give."""
FIELDS_LIMIT = 64
"""The most fields a condition may watch: more than any board has."""


class QueuedEntryOutput(serializers.Serializer):  # type: ignore[type-arg]
    move = serializers.DictField(
        child=serializers.JSONField(), help_text="the move, in its game's JSON notation"
    )
    words = serializers.CharField(help_text="the move in words")
    # A field named "fields" is taken from the class by DRF's metaclass, so it shadows nothing.
    fields = serializers.DictField(  # type: ignore[assignment]
        child=serializers.JSONField(),
        help_text="the fields the move waits to see unchanged, each with what your view "
        "showed on it when you queued the move (empty: no condition)",
    )


class QueueOutput(serializers.Serializer):  # type: ignore[type-arg]
    queue = QueuedEntryOutput(many=True, help_text="your queued moves, first choice first")
    limit = serializers.IntegerField(help_text="how many moves a seat may queue")


class QueueInput(serializers.Serializer):  # type: ignore[type-arg]
    move = serializers.DictField(
        child=serializers.JSONField(),
        help_text="a move of your next turn, in its game's JSON notation as the legal moves "
        "list it (no dice); refused when its game does not let it be queued",
    )
    fields = serializers.ListField(  # type: ignore[assignment]
        child=serializers.CharField(max_length=NAME_LENGTH),
        max_length=FIELDS_LIMIT,
        required=False,
        default=list,
        help_text="the fields of the board the move waits to see unchanged (their names as "
        "your view gives them); none: played whenever it is legal",
    )


def _output(game: Game, queue: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "queue": [{**entry, "words": queue_move_words(game, entry["move"])} for entry in queue],
        "limit": QUEUE_LIMIT,
    }


def _seat(request: Request, pk: int) -> tuple[Game, Seat]:
    game = _game(request, pk)
    return game, _player_seat(request, game)


CHANGE_ERRORS = {**WRITE_ERRORS, **error_responses(429)}


class QueueView(APIView):
    @extend_schema(operation_id="games_queue", responses={200: QueueOutput, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        game, seat = _seat(request, pk)
        return Response(_output(game, queued_moves(seat)))

    @extend_schema(
        operation_id="games_queue_add",
        request=QueueInput,
        responses={200: QueueOutput, **CHANGE_ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        game, seat = _seat(request, pk)
        body = _valid(QueueInput, request.data)
        queue = queue_add(game=game, seat=seat, move=body["move"], fields=body["fields"])
        return Response(_output(game, queue))

    @extend_schema(
        operation_id="games_queue_cancel",
        request=None,
        responses={200: QueueOutput, **CHANGE_ERRORS},
    )
    def delete(self, request: Request, pk: int) -> Response:
        game, seat = _seat(request, pk)
        return Response(_output(game, queue_cancel(game=game, seat=seat)))


class QueuedMoveView(APIView):
    @extend_schema(
        operation_id="games_queue_cancel_one",
        request=None,
        responses={200: QueueOutput, **CHANGE_ERRORS},
    )
    def delete(self, request: Request, pk: int, index: int) -> Response:
        game, seat = _seat(request, pk)
        return Response(_output(game, queue_cancel(game=game, seat=seat, index=index)))
