"""Thin API views: validate input, call one service or selector, serialize the output."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle, UserRateThrottle
from rest_framework.views import APIView

from games.api import serializers as io
from games.api.auth import caller_seat, token_claim
from games.api.errors import error_body
from games.api.pagination import GamePagination, events_page
from games.errors import NotYourSeat
from games.models import Game, Seat
from games.play import selectors, services
from games.play.levels import level_checked, options_checked
from games.play.links import seat_link, seat_token
from games.play.recipients import addresses_check
from games.store.loading import engine_for
from games.store.repository import game_rows, game_with_seats

ERROR_MEANINGS = {
    400: "Malformed input, or a move its game's rules refuse (the engine's code and message).",
    403: "A bad seat token, or someone else's seat.",
    404: "No such game, or no such page of games (a `cursor` that names none).",
    409: "The game's state refuses it now: `stale_seq` (with the current `seq`), a game "
    "over or paused, a reused `move_id`, a takeback that cannot be asked or answered.",
    413: "The request body is larger than 64 KiB.",
    415: "The request body is not JSON.",
    429: "Too many requests: chat messages from this seat in a minute or in a day, or new "
    "games from this account in an hour (`Retry-After` says when to try again).",
}


def error_responses(*codes: int) -> dict[int, OpenApiResponse]:
    """The documented error responses ``codes``, each with the one error body."""
    return {
        code: OpenApiResponse(io.ErrorOutput, description=ERROR_MEANINGS[code]) for code in codes
    }


READ_ERRORS = error_responses(400, 403, 404)
WRITE_ERRORS = error_responses(400, 403, 404, 409, 413, 415)


def _valid(serializer_class: type[serializers.Serializer], data: Any, **context: Any) -> Any:  # type: ignore[type-arg]
    serializer = serializer_class(data=data, context=context)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


def _query(serializer_class: type[serializers.Serializer], request: Request) -> Any:  # type: ignore[type-arg]
    """Validate the query string as the schema states it: each parameter once, never empty."""
    repeated = sorted(name for name, values in request.query_params.lists() if len(values) > 1)
    if repeated:
        raise serializers.ValidationError(
            {name: ["Give this parameter once."] for name in repeated}
        )
    # A plain dict: DRF would read an empty value in a QueryDict as "not given".
    return _valid(serializer_class, request.query_params.dict())


def _game(request: Request, pk: int) -> Game:
    """The game ``pk``; a seat token's own game comes with it, saving a query."""
    if isinstance(request.auth, Seat) and request.auth.game_id == pk:
        return request.auth.game
    return get_object_or_404(Game, pk=pk)


def _player_seat(request: Request, game: Game) -> Seat:
    seat = caller_seat(request, game)
    if seat is None:
        raise NotYourSeat("Only a player of this game may do this; send your seat token.")
    return seat


class GameCreateThrottle(UserRateThrottle):
    """At most 60 new games an hour from one account: each may mail addresses nobody confirmed."""

    scope = "games_create"
    rate = "60/hour"


class GameListView(APIView):
    def get_throttles(self) -> list[BaseThrottle]:
        return [GameCreateThrottle()] if self.request.method == "POST" else []

    @extend_schema(
        operation_id="games_list",
        parameters=[io.GameListQuery],
        responses={200: io.GameListOutput, **READ_ERRORS},
    )
    def get(self, request: Request) -> Response:
        query = _query(io.GameListQuery, request)
        games = selectors.game_list(
            status=query.get("status"), kind=query.get("kind"), player=query.get("player")
        )
        paginator = GamePagination()
        rows = games.values(*io.GAME_FIELDS)
        page: list[dict[str, Any]] = paginator.paginate_queryset(rows, request, view=self) or []
        seats = selectors.listed_seats([game["id"] for game in page], io.SEAT_FIELDS)
        return paginator.get_paginated_response(io.listed_games_output(page, seats))

    @extend_schema(
        operation_id="games_create",
        request=io.GameCreateInput,
        responses={201: io.GameCreatedOutput, **WRITE_ERRORS, **error_responses(429)},
    )
    def post(self, request: Request) -> Response:
        if not request.user.is_authenticated:
            raise NotAuthenticated("Sign in to create a game.")
        data = _valid(io.GameCreateInput, request.data)
        if data.get("seed") is not None and not all(p["is_bot"] for p in data["players"]):
            # A seed chooses the deal: its sender would know every hand and deck of the people
            # at the table, and the commitment proves only that the deal was fixed in advance.
            body = error_body(
                "seed_not_allowed",
                "A seed chooses the deal, so it is taken only for a table of bots; "
                "leave it out when a person plays.",
            )
            return Response(body, status=status.HTTP_400_BAD_REQUEST)
        levels = [player.pop("bot_level") for player in data["players"]]
        bots = {
            player["name"]: level_checked(level)
            for player, level in zip(data["players"], levels, strict=True)
            if player["is_bot"]
        }
        options = {**data["options"], **({"bots": bots} if bots else {})}
        options_checked(options)
        with transaction.atomic():
            emails = [player.get("email", "") for player in data["players"]]
            addresses_check(emails, now=timezone.now(), new_game=True)
            game = services.game_create(
                kind=data["kind"],
                players=[services.PlayerSpec(**player) for player in data["players"]],
                options=options,
                seed=data.get("seed"),
                actor=f"user:{request.user.pk}",
            )
        output = io.game_output(game, ())
        output["seats"] = [
            {**io.seat_output(seat), "token": seat_token(seat), "link": seat_link(seat)}
            for seat in game.seats.all()
        ]
        return Response(output, status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    def perform_authentication(self, request: Request) -> None:
        """Authenticate only when asked (``request.auth``): a seat token's seat is looked for
        among the seats read with the game, in one statement."""

    @extend_schema(operation_id="games_detail", responses={200: io.GameDetailOutput, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        found = game_with_seats(pk)
        if found is None:  # authenticated first: a bad token is refused before a 404
            game = _game(request, pk)
            seats = game_rows(Seat, game)
        else:
            game, seats = found
        claim = token_claim(request)  # the seat id and token version it signs, if any
        seat = next((s for s in seats if (s.pk, s.token_version) == claim), None)
        if seat is None:  # no token, a session, a revoked token or another game's seat
            seat = caller_seat(request, game)
        output = io.game_output(game, seats)
        output["you"] = None if seat is None else io.seat_output(seat)
        output["view"] = selectors.game_state(game=game, seat=seat)
        return Response(output)


class LegalMovesView(APIView):
    @extend_schema(operation_id="games_legal", responses={200: io.LegalMovesOutput, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        game = _game(request, pk)
        seat = _player_seat(request, game)
        moves = selectors.game_legal_moves(game=game, seat=seat)
        engine = engine_for(game)
        return Response(
            {
                "player": seat.display_name,
                "seq": game.last_seq,
                "moves": moves,
                "notation": [engine.format_move(move) for move in moves],
            }
        )


class MoveSubmitView(APIView):
    def perform_authentication(self, request: Request) -> None:
        """Authenticate only when asked (``request.auth``): a move by seat token reads its seat
        with the game it locks (``services.move_submit_claimed``), once."""

    @extend_schema(
        operation_id="games_move",
        summary="Send a move",
        request=io.MoveSubmitInput,
        responses={201: io.MoveResultOutput, **WRITE_ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        claim = token_claim(request)
        if claim is None:  # a signed-in player's own seat, read as every request reads it
            seat = _player_seat(request, _game(request, pk))
            claim = seat.pk, seat.token_version
        done = services.move_submit_claimed(
            game_id=pk,
            seat_id=claim[0],
            token_version=claim[1],
            body=lambda game: _move_body(request, game),
        )
        if done is None:
            # Not a seat of this game at its version (revoked, another game's, no such game):
            # authenticated now, and refused as every request is.
            _player_seat(request, _game(request, pk))
            raise NotYourSeat("This seat does not play in this game.")
        game, result = done
        output = {
            "seq": result.seq,
            "player": result.player,
            "move": result.move,
            "notation": engine_for(game).format_move(result.move),
        }
        return Response(output, status=status.HTTP_201_CREATED)


def _move_body(request: Request, game: Game) -> services.MoveBody:
    data = io.move_submit_data(request.data, game)
    return services.MoveBody(data["move"], data["expected_seq"], data.get("move_id"))


class HistoryView(APIView):
    @extend_schema(
        operation_id="games_events",
        parameters=[io.HistoryQuery],
        responses={200: io.EventPageOutput, **READ_ERRORS},
    )
    def get(self, request: Request, pk: int) -> Response:
        game = _game(request, pk)
        query = _query(io.HistoryQuery, request)
        limit = query["limit"]
        history = selectors.game_history(game=game, after=query["after"], limit=limit + 1)
        page = events_page(request, history, limit=limit)
        return Response({**page, "results": io.EventOutput(page["results"], many=True).data})


class RecordView(APIView):
    @extend_schema(operation_id="games_record", responses={200: io.RecordOutput, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.game_record(game=_game(request, pk)))


class FairnessView(APIView):
    @extend_schema(operation_id="games_fairness", responses={200: io.FairnessOutput, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.game_fairness(game=_game(request, pk)))
