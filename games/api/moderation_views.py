"""Staff API: moderator actions and the audit; the table chat and takebacks for seats.

Moderator endpoints need a moderator's session (:class:`IsModerator`): a
seat token, a plain user or no credentials at all get 403. Chat reads are
public and never carry a hidden message's text.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api import serializers as io
from games.api.fields import StrictCharField, StrictIntegerField
from games.api.views import READ_ERRORS, WRITE_ERRORS, _game, _player_seat, _valid, error_responses
from games.moderation.actions import MAX_EXTENSION_HOURS
from games.moderation.audit import is_moderator, moderator_activity, moderator_of
from games.moderation.requests import REASON_LENGTH, action_run
from games.names import NAME_LENGTH
from games.play.chat import chat_messages, chat_post
from games.play.takebacks import takeback_answer, takeback_request

SEAT_MAX = 99
WINNERS_MAX = 10
EMAIL_LENGTH = 254


class IsModerator(BasePermission):
    """Staff with ``games.moderate_game``."""

    message = "Only moderators may do this."

    def has_permission(self, request: Request, view: Any) -> bool:
        return is_moderator(request.user)


class ModerationActionInput(serializers.Serializer):  # type: ignore[type-arg]
    """A moderator action's body, each value of its own JSON type and bounded in size.

    The action's service still checks what it needs (a seat for ``invite``,
    ``hours`` for ``extend``); this refuses ``"hours": "5"``, a reason of
    kilobytes and a list of a thousand winners before any service runs.
    """

    reason = StrictCharField(
        max_length=REASON_LENGTH, help_text=f"Why, in up to {REASON_LENGTH} characters."
    )
    seat = StrictIntegerField(
        required=False, min_value=0, max_value=SEAT_MAX, help_text="A seat's position."
    )
    hours = StrictIntegerField(required=False, min_value=1, max_value=MAX_EXTENSION_HOURS)
    email = serializers.EmailField(required=False, max_length=EMAIL_LENGTH)
    winners = serializers.ListField(
        child=StrictCharField(max_length=NAME_LENGTH),
        required=False,
        max_length=WINNERS_MAX,
        help_text="The winners' names.",
    )
    message_seq = StrictIntegerField(required=False, min_value=1, max_value=2**31 - 1)


ActionOutput = inline_serializer(
    "ModerationActionOutput",
    {"status": serializers.CharField(), "last_seq": serializers.IntegerField()},
)
AuditOutput = inline_serializer(
    "AuditEntryOutput",
    {
        "moderator": serializers.CharField(allow_null=True),
        "type": serializers.CharField(),
        "what": serializers.CharField(allow_null=True),
        "why": serializers.CharField(allow_blank=True),
        "when": serializers.DateTimeField(),
        "game": serializers.IntegerField(),
        "seq": serializers.IntegerField(),
    },
    many=True,
)
ChatOutput = inline_serializer(
    "ChatMessageOutput",
    {
        "seq": serializers.IntegerField(),
        "player": serializers.CharField(),
        "text": serializers.CharField(allow_null=True),
        "hidden": serializers.BooleanField(),
        "created_at": serializers.DateTimeField(),
    },
    many=True,
)
SeqOutput = inline_serializer(
    "EventSeqOutput", {"seq": serializers.IntegerField(), "type": serializers.CharField()}
)


class ModerationActionView(APIView):
    permission_classes = [IsModerator]

    @extend_schema(
        operation_id="games_moderate",
        request=ModerationActionInput,
        responses={200: ActionOutput, **WRITE_ERRORS},
    )
    def post(self, request: Request, pk: int, action: str) -> Response:
        game = _game(request, pk)
        data = _valid(ModerationActionInput, request.data)
        action_run(game=game, moderator=moderator_of(request.user), action=action, data=data)
        game.refresh_from_db()
        return Response({"status": game.status, "last_seq": game.last_seq})


class AuditView(APIView):
    permission_classes = [IsModerator]

    @extend_schema(operation_id="moderation_audit", responses={200: AuditOutput, **READ_ERRORS})
    def get(self, request: Request) -> Response:
        return Response(
            [
                {
                    "moderator": row["moderator"].get_username() if row["moderator"] else None,
                    "type": row["type"],
                    "what": row["what"],
                    "why": row["why"],
                    "when": row["when"],
                    "game": row["game"].pk,
                    "seq": row["seq"],
                }
                for row in moderator_activity()
            ]
        )


class ChatView(APIView):
    @extend_schema(operation_id="games_chat", responses={200: ChatOutput, **READ_ERRORS})
    def get(self, request: Request, pk: int) -> Response:
        return Response(chat_messages(game=_game(request, pk)))

    @extend_schema(
        operation_id="games_chat_post",
        request=io.ChatInput,
        responses={201: SeqOutput, **WRITE_ERRORS, **error_responses(429)},
    )
    def post(self, request: Request, pk: int) -> Response:
        game = _game(request, pk)
        text = _valid(io.ChatInput, request.data)["text"]
        if is_moderator(request.user):
            event = chat_post(game=game, moderator=request.user, text=text)
        else:
            event = chat_post(game=game, seat=_player_seat(request, game), text=text)
        return Response({"seq": event.seq, "type": event.type}, status=status.HTTP_201_CREATED)


class TakebackView(APIView):
    @extend_schema(
        operation_id="games_takeback",
        request=io.TakebackInput,
        responses={201: SeqOutput, **WRITE_ERRORS},
    )
    def post(self, request: Request, pk: int) -> Response:
        game = _game(request, pk)
        seat = _player_seat(request, game)
        answer = _valid(io.TakebackInput, request.data)["answer"]
        if answer == "ask":
            event = takeback_request(game=game, seat=seat)
        else:
            event = takeback_answer(game=game, seat=seat, accept=answer == "accept")
        return Response({"seq": event.seq, "type": event.type}, status=status.HTTP_201_CREATED)
