"""The API's standing answers: a player reads, sets and cancels his seat's own
(``games.play.standing``); nobody else may read or change them."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.views import READ_ERRORS, WRITE_ERRORS, _game, _player_seat, _valid
from games.play.standing import QUESTIONS, standing_answers, standing_questions, standing_set

StandingOutput = inline_serializer(
    "StandingAnswersOutput",
    {
        "questions": serializers.ListField(
            child=serializers.CharField(), help_text="what this game asks off one's turn"
        ),
        "answers": serializers.DictField(
            child=serializers.JSONField(), help_text="your standing answer to each question"
        ),
    },
)


class StandingInput(serializers.Serializer):  # type: ignore[type-arg]
    question = serializers.ChoiceField(
        choices=QUESTIONS,
        help_text="one of the questions its game asks off one's turn (the others are refused)",
    )
    rule = serializers.JSONField(
        allow_null=True,
        help_text="the answer (docs/playing.md, Standing answers), refused when its question "
        "takes no such answer; null cancels it",
    )


class StandingView(APIView):
    @extend_schema(operation_id="games_standing", responses={200: StandingOutput, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        game = _game(request, pk)
        seat = _player_seat(request, game)
        return Response(
            {"questions": list(standing_questions(game)), "answers": standing_answers(seat)}
        )

    @extend_schema(
        operation_id="games_standing_set",
        request=StandingInput,
        responses={200: StandingOutput, **WRITE_ERRORS},
    )
    def put(self, request: Request, pk: int) -> Response:
        game = _game(request, pk)
        seat = _player_seat(request, game)
        body = _valid(StandingInput, request.data)
        answers = standing_set(game=game, seat=seat, question=body["question"], rule=body["rule"])
        return Response({"questions": list(standing_questions(game)), "answers": answers})
