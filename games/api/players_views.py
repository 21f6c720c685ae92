"""The players' API: a profile by handle and the leaderboard of a game kind (read-only, public).

A profile names its player by the handle only; no address leaves the server.
"""

from __future__ import annotations

from django.http import Http404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.base import GAMES
from games.api.views import READ_ERRORS, _query
from games.people.accounts import player_of_handle
from games.people.profiles import LEADERBOARD_MIN_GAMES, leaderboard, player_profile


class RatingOutput(serializers.Serializer):  # type: ignore[type-arg]
    mu = serializers.FloatField(help_text="The model's estimate of the player's skill.")
    sigma = serializers.FloatField(help_text="Its uncertainty.")
    ordinal = serializers.FloatField(help_text="mu - 3 sigma: what the leaderboard ranks by.")
    games = serializers.IntegerField(help_text="Rated games in this kind.")


class KindStatsOutput(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.CharField()
    title = serializers.CharField()
    played = serializers.IntegerField(help_text="Games of this kind finished by play.")
    wins = serializers.IntegerField(help_text="Of those, games won (ties share a win).")
    mean_placement = serializers.FloatField(allow_null=True, help_text="1 is first.")
    rating = RatingOutput(allow_null=True, help_text="Null before a first rated game.")
    mean_move_seconds = serializers.FloatField(
        allow_null=True,
        help_text="Mean time from the start of the player's turn to his move, in seconds.",
    )


class ReliabilityOutput(serializers.Serializer):  # type: ignore[type-arg]
    turns = serializers.IntegerField(
        help_text="Turns of the last 12 months that ended: by the player's own move or a timeout."
    )
    in_time = serializers.IntegerField(help_text="Of those, turns he moved before the deadline.")
    share = serializers.FloatField(
        allow_null=True, help_text="in_time / turns, 0 to 1; null without a turn."
    )
    percent = serializers.IntegerField(
        allow_null=True, help_text="The share in whole per cent, rounded down."
    )
    left = serializers.IntegerField(
        help_text="Games of the last 12 months whose seat was taken from him while he played it "
        "(given to the bot or to another player)."
    )


class ResultOutput(serializers.Serializer):  # type: ignore[type-arg]
    placement = serializers.IntegerField(help_text="1 + the players who scored more.")
    score = serializers.IntegerField()
    won = serializers.BooleanField()
    rated = serializers.BooleanField()
    mu = serializers.FloatField(allow_null=True, help_text="The rating after the game.")
    sigma = serializers.FloatField(allow_null=True)


class GameLineOutput(serializers.Serializer):  # type: ignore[type-arg]
    game_id = serializers.IntegerField()
    kind = serializers.CharField()
    title = serializers.CharField(source="label", help_text="The game's name or kind and number.")
    name = serializers.CharField(help_text="The player's name at that table.")
    status = serializers.CharField()
    updated_at = serializers.DateTimeField()
    result = ResultOutput(
        allow_null=True, help_text="Null while under way, and for aborted or adjudicated games."
    )


class ProfileOutput(serializers.Serializer):  # type: ignore[type-arg]
    handle = serializers.CharField(source="player.handle")
    reliability = ReliabilityOutput()
    kinds = KindStatsOutput(many=True)
    under_way = GameLineOutput(many=True)
    over = GameLineOutput(
        many=True, help_text="The 100 newest finished and aborted games, newest first."
    )


class LeaderboardQuery(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.ChoiceField(choices=sorted(GAMES))


class LeaderboardRowOutput(serializers.Serializer):  # type: ignore[type-arg]
    rank = serializers.IntegerField()
    handle = serializers.CharField(source="rating.player.handle")
    mu = serializers.FloatField(source="rating.mu")
    sigma = serializers.FloatField(source="rating.sigma")
    ordinal = serializers.FloatField(source="rating.ordinal")
    games = serializers.IntegerField(source="rating.games", help_text="Rated games.")


class LeaderboardOutput(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.CharField()
    min_games = serializers.IntegerField(help_text="Rated games a player needs to be listed.")
    results = LeaderboardRowOutput(many=True)


class PlayerView(APIView):
    @extend_schema(operation_id="players_detail", responses={200: ProfileOutput, **READ_ERRORS})
    def get(self, request: Request, handle: str) -> Response:
        player = player_of_handle(handle=handle)
        if player is None:
            raise Http404("No player has that handle.")
        return Response(ProfileOutput(player_profile(player=player, now=timezone.now())).data)


class LeaderboardView(APIView):
    @extend_schema(
        operation_id="leaderboard",
        parameters=[LeaderboardQuery],
        responses={200: LeaderboardOutput, **READ_ERRORS},
    )
    def get(self, request: Request) -> Response:
        kind = _query(LeaderboardQuery, request)["kind"]
        ratings = enumerate(leaderboard(kind=kind), start=1)
        rows = [{"rank": rank, "rating": rating} for rank, rating in ratings]
        board = {"kind": kind, "min_games": LEADERBOARD_MIN_GAMES, "results": rows}
        return Response(LeaderboardOutput(board).data)
