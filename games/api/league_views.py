"""The leagues' API: one league with its rounds' tables and its standings (read-only, public).

Players are named by their handles; no address leaves the server.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.views import READ_ERRORS
from games.leagues.selectors import league_view
from games.models import League


class StandingOutput(serializers.Serializer):  # type: ignore[type-arg]
    rank = serializers.IntegerField(
        allow_null=True, help_text="Null while the sign-up is open (no order yet)."
    )
    handle = serializers.CharField(source="player.handle")
    points = serializers.IntegerField(help_text="Points per place at a table: 4, 2, 1, then 0.")
    score_sum = serializers.IntegerField(help_text="The first tie-break: the sum of scores.")
    seed_rating = serializers.FloatField(
        allow_null=True, help_text="The rating at the sign-up's close: the second tie-break."
    )
    games = serializers.IntegerField(help_text="Games counted (an aborted game is not).")


class TableSeatOutput(serializers.Serializer):  # type: ignore[type-arg]
    handle = serializers.CharField()
    placement = serializers.IntegerField(allow_null=True, help_text="Null until the game is over.")
    score = serializers.IntegerField(allow_null=True)


class TableOutput(serializers.Serializer):  # type: ignore[type-arg]
    number = serializers.IntegerField()
    game_id = serializers.IntegerField(source="game.pk")
    title = serializers.CharField(source="label")
    status = serializers.CharField(source="game.status")
    seats = TableSeatOutput(many=True, help_text="In seat order.")


class RoundOutput(serializers.Serializer):  # type: ignore[type-arg]
    number = serializers.IntegerField()
    tables = TableOutput(many=True)


class LeagueOutput(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField(source="league.pk")
    name = serializers.CharField(source="league.name")
    kind = serializers.CharField(source="league.kind")
    status = serializers.ChoiceField(source="league.status", choices=League.Status.values)
    signup_opens_at = serializers.DateTimeField(source="league.signup_opens_at")
    signup_closes_at = serializers.DateTimeField(source="league.signup_closes_at")
    rounds = serializers.IntegerField(source="league.rounds", help_text="Rounds in the season.")
    round = serializers.IntegerField(source="league.round", help_text="The round dealt last.")
    round_deadline = serializers.DateTimeField(
        source="league.round_deadline",
        allow_null=True,
        help_text="When the round's unfinished games are decided by their current scores.",
    )
    standings = StandingOutput(many=True, help_text="Best first; while open, the sign-ups.")
    rounds_dealt = RoundOutput(source="rounds", many=True, help_text="The latest round first.")


class LeagueView(APIView):
    @extend_schema(operation_id="leagues_detail", responses={200: LeagueOutput, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        return Response(LeagueOutput(league_view(league=league)).data)
