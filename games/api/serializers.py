"""Input and output serializers of the API (one pair per endpoint, HackSoft style).

Inputs are strict: every field of a body takes its JSON type only
(:mod:`games.api.fields`), and a move is an object with only its game's
fields, each of its JSON type. Outputs document the responses for the
OpenAPI schema.
"""

from __future__ import annotations

import re
import zoneinfo
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from django.conf import settings
from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from engine.base import GAMES, get_game
from games.api.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    StrictRegexField,
)
from games.api.pagination import EVENT_LIMIT, EVENT_MAX_LIMIT, LIMIT, MAX_LIMIT
from games.kinds import has_kind, kind_names
from games.models import Game, Seat
from games.names import NAME_LENGTH, BadName, NameTaken, name_clean, names_clean
from games.play import chat, services
from games.store import events
from games.store.loading import engine_for

MAX_STRING = 32
MAX_ORDER = 36

_JSON_TYPES: dict[type, dict[str, Any]] = {
    str: {"type": "string", "maxLength": MAX_STRING},
    bool: {"type": "boolean"},
    int: {"type": "integer"},
    list: {
        "type": "array",
        "items": {"type": "string", "maxLength": MAX_STRING},
        "maxItems": MAX_ORDER,
    },
}


def _kind_move_schema(kind: str) -> dict[str, Any]:
    fields = get_game(kind).MOVE_FIELDS
    return {
        "title": f"{kind} move",
        "type": "object",
        "properties": {
            key: _JSON_TYPES[value]
            for key, value in fields.items()
            if key not in events.SERVICE_FIELDS
        },
        "required": ["type"],
        "additionalProperties": False,
    }


MOVE_SCHEMA: dict[str, Any] = {
    "description": "A move in the canonical notation of its game (docs/rules/<game>.md and "
    "docs/record-format.md; where a game has dice the service rolls them, a player never sends "
    "`roll`). Its fields are those of the game's kind: a move of another kind, or one the "
    "rules forbid in the position, is refused with 400.",
    "anyOf": [_kind_move_schema(kind) for kind in kind_names()],
    "example": {"type": "place", "card": "F4", "boat": True, "draw": "sea"},
}


def move_error(kind: str, data: Any) -> str | None:
    """What is wrong with ``data`` as a canonical move of ``kind``, key by key (``None``: nothing);
    dice in it raise the service's ``IllegalMove``."""
    fields = get_game(kind).MOVE_FIELDS
    if not isinstance(data, dict):
        return "A move must be a JSON object."
    services.refuse_service_fields(data)
    unknown = sorted(set(data) - set(fields))
    if unknown:
        return (
            f"Unknown field(s) {', '.join(map(repr, unknown))}; "
            f"a move may have {', '.join(sorted(fields))}."
        )
    for key, value in data.items():
        expected = fields[key]
        if expected is list:
            if not isinstance(value, list) or len(value) > MAX_ORDER:
                return f"{key!r} must be a list of tiles."
            if not all(isinstance(item, str) and len(item) <= MAX_STRING for item in value):
                return f"{key!r} must be a list of tiles."
        elif expected is bool and not isinstance(value, bool):
            return f"{key!r} must be true or false."
        elif expected is int and (not isinstance(value, int) or isinstance(value, bool)):
            return f"{key!r} must be a whole number."
        elif expected is str and (not isinstance(value, str) or len(value) > MAX_STRING):
            return f"{key!r} must be a short string."
    return None


@extend_schema_field(MOVE_SCHEMA)
class MoveField(serializers.Field):  # type: ignore[type-arg]
    """A canonical move of the game in ``context["game"]``, type-checked key by key."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        error = move_error(self.context["game"].kind, data)
        if error is not None:
            raise serializers.ValidationError(error)
        return data  # type: ignore[no-any-return]  # move_error found it an object

    def to_representation(self, value: dict[str, Any]) -> dict[str, Any]:
        return value


SEQ_MAX = 2**31 - 1
MOVE_ID = r"[A-Za-z0-9._:-]{1,64}"


class MoveSubmitInput(serializers.Serializer):  # type: ignore[type-arg]
    move = MoveField(required=False)
    text = StrictCharField(
        required=False, max_length=200, help_text="The move in text notation: 'place F4 draw sea'."
    )
    expected_seq = StrictIntegerField(
        min_value=0, max_value=SEQ_MAX, help_text="The game's last_seq the move was chosen at."
    )
    move_id = StrictRegexField(
        rf"^{MOVE_ID}$",
        required=False,
        help_text="A client-chosen id: resubmitting it returns the original result.",
    )

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if ("move" in data) == ("text" in data):
            raise serializers.ValidationError("Send either 'move' (JSON) or 'text' (notation).")
        if "text" in data:
            data["move"] = engine_for(self.context["game"]).parse_move(data.pop("text"))
        return data


_PLAIN_KEYS = frozenset({"move", "expected_seq", "move_id"})
_PLAIN_MOVE_ID = re.compile(MOVE_ID)


def move_submit_data(data: Any, game: Game) -> dict[str, Any]:
    """The validated body of a move POST to ``game``: the usual valid body (a JSON ``move``,
    ``expected_seq``, perhaps ``move_id``) checked plainly, without building a serializer;
    every other body by :class:`MoveSubmitInput`, so its answers stay the same."""
    if type(data) is dict and "move" in data and data.keys() <= _PLAIN_KEYS:
        seq, move_id = data.get("expected_seq"), data.get("move_id", "")
        plain_id = "move_id" not in data or (
            type(move_id) is str and _PLAIN_MOVE_ID.fullmatch(move_id) is not None
        )
        if (
            type(seq) is int
            and 0 <= seq <= SEQ_MAX
            and plain_id
            and move_error(game.kind, data["move"]) is None
        ):
            return dict(data)
    serializer = MoveSubmitInput(data=data, context={"game": game})
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data  # type: ignore[no-any-return]


class MoveSubmitInputScheme(OpenApiSerializerExtension):  # type: ignore[no-untyped-call]
    """The schema of :class:`MoveSubmitInput`: exactly one of ``move`` and ``text``."""

    target_class = MoveSubmitInput

    def map_serializer(self, auto_schema: Any, direction: Any) -> dict[str, Any]:
        schema: dict[str, Any] = auto_schema._map_basic_serializer(self.target, direction)
        schema["oneOf"] = [{"required": ["move"]}, {"required": ["text"]}]
        return schema


# The characters str.strip() removes, spelled out: JSON Schema's \s (ECMA-262) is another set.
_SPACE = r"\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"


class ChatInput(serializers.Serializer):  # type: ignore[type-arg]
    text = StrictRegexField(
        rf"^[^\x00]*[^\x00{_SPACE}][^\x00]*$",
        max_length=chat.MAX_LENGTH,
        trim_whitespace=False,
        help_text=f"Up to {chat.MAX_LENGTH} characters, not only spaces.",
    )


class TakebackInput(serializers.Serializer):  # type: ignore[type-arg]
    answer = serializers.ChoiceField(
        choices=["ask", "accept", "decline"],
        help_text="ask: take back your last move; accept/decline: answer another player's ask.",
    )


def _known_time_zone(value: str) -> None:
    if value not in zoneinfo.available_timezones():
        raise serializers.ValidationError(f"{value!r} is not a time zone such as Europe/Berlin.")


class NameField(StrictCharField):
    """A player's name, in normal form (``games.names``) before its length is checked."""

    def to_internal_value(self, data: Any) -> str:
        try:
            return name_clean(str(super().to_internal_value(data)))
        except BadName as error:
            raise serializers.ValidationError(error.message) from None


class PlayerInput(serializers.Serializer):  # type: ignore[type-arg]
    name = NameField(
        max_length=NAME_LENGTH,
        help_text="Normalised (NFC, spaces collapsed, no control or format characters) "
        "before its length is checked; it needs a visible character, and two players' "
        "names must differ after that, ignoring case.",
    )
    email = serializers.EmailField(required=False, allow_blank=True, default="")
    language = serializers.ChoiceField(
        choices=[code for code, _ in settings.LANGUAGES], default="en"
    )
    time_zone = StrictCharField(max_length=64, default="UTC", validators=[_known_time_zone])
    is_bot = StrictBooleanField(default=False)
    bot_level = StrictCharField(
        max_length=20,
        default="easy",
        help_text="A bot's level: `easy` (at once) or `strong` (up to about a second of "
        "CPU a move); another is refused (400 `unknown_level`). Only a bot's is kept.",
    )


class GameCreateInput(serializers.Serializer):  # type: ignore[type-arg]
    kind = serializers.ChoiceField(
        choices=sorted(GAMES), help_text="A game the site plays (others: 400)."
    )
    # DRF's ListSerializer takes min_length/max_length; the stubs do not know them.
    players = PlayerInput(many=True, min_length=2, max_length=6)  # type: ignore[call-arg]
    options = serializers.DictField(required=False, default=dict)
    seed = StrictIntegerField(
        required=False,
        min_value=0,
        max_value=2**63 - 1,
        help_text="Same seed, same deal: taken only when every player is a bot "
        "(with a person at the table: 400 `seed_not_allowed`).",
    )

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        if not has_kind(data["kind"]):
            raise serializers.ValidationError(
                {"kind": f"{data['kind']} cannot be played on this site yet."}
            )
        engine = get_game(data["kind"])
        try:
            names_clean(player["name"] for player in data["players"])
        except NameTaken as error:
            raise serializers.ValidationError({"players": error.message}) from None
        if not engine.MIN_PLAYERS <= len(data["players"]) <= engine.MAX_PLAYERS:
            raise serializers.ValidationError(
                {
                    "players": f"{engine.TITLE} is played by {engine.MIN_PLAYERS} to "
                    f"{engine.MAX_PLAYERS} players."
                }
            )
        return data


class GameListQuery(serializers.Serializer):  # type: ignore[type-arg]
    status = serializers.ChoiceField(
        choices=["active", "paused", "finished", "aborted"], required=False
    )
    kind = serializers.ChoiceField(choices=sorted(GAMES), required=False)
    player = serializers.RegexField(
        r"^[^\x00]*$",
        max_length=40,
        required=False,
        trim_whitespace=False,
        help_text="A player's name, exactly as it is shown.",
    )
    limit = serializers.IntegerField(min_value=1, max_value=MAX_LIMIT, default=LIMIT)
    cursor = serializers.CharField(
        required=False,
        max_length=200,
        help_text="Where the page starts: the cursor in a page's `next` or `previous` link.",
    )


class HistoryQuery(serializers.Serializer):  # type: ignore[type-arg]
    after = serializers.IntegerField(
        min_value=0, max_value=2**31 - 1, default=0, help_text="Only events after this seq."
    )
    limit = serializers.IntegerField(
        min_value=1,
        max_value=EVENT_MAX_LIMIT,
        default=EVENT_LIMIT,
        help_text="How many events a page holds.",
    )


class SeatOutput(serializers.Serializer):  # type: ignore[type-arg]
    position = serializers.IntegerField()
    name = serializers.CharField(source="display_name")
    is_bot = serializers.BooleanField()
    deadline_at = serializers.DateTimeField(
        allow_null=True, help_text="This seat's own deadline while the game waits for it."
    )


class SeatWithLinkOutput(SeatOutput):
    token = serializers.CharField()
    link = serializers.CharField()


class GameOutput(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    kind = serializers.CharField()
    rules_version = serializers.IntegerField()
    status = serializers.CharField()
    last_seq = serializers.IntegerField()
    to_move = serializers.ListField(child=serializers.CharField())
    seats = SeatOutput(many=True)
    scores = serializers.DictField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.CharField())
    commitment = serializers.CharField()
    head_hash = serializers.CharField(help_text="The history's hash chain at last_seq.")
    deadline_at = serializers.DateTimeField(
        allow_null=True, help_text="The earliest deadline of the seats the game waits for."
    )
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


GAME_FIELDS = tuple(
    str(field.source) for field in GameOutput().fields.values() if field.source != "seats"
)
"""The columns of a game that :class:`GameOutput` writes."""
SEAT_FIELDS = tuple(str(field.source) for field in SeatOutput().fields.values())
"""The columns of a seat that :class:`SeatOutput` writes."""

_DATETIME = serializers.DateTimeField()
"""DRF's own rendering of a date-time: ISO 8601 in the current time zone, ``Z`` for UTC."""


def _datetime(value: datetime | None) -> str | None:
    return None if value is None else _DATETIME.to_representation(value)


def _seat_json(seat: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "position": int(seat["position"]),
        "name": str(seat["display_name"]),
        "is_bot": bool(seat["is_bot"]),
        "deadline_at": _datetime(seat["deadline_at"]),
    }


def _game_json(game: Mapping[str, Any], seats: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    return {
        "id": int(game["id"]),
        "kind": str(game["kind"]),
        "rules_version": int(game["rules_version"]),
        "status": str(game["status"]),
        "last_seq": int(game["last_seq"]),
        "to_move": [str(name) for name in game["to_move"]],
        "seats": [_seat_json(seat) for seat in seats],
        "scores": {str(name): int(score) for name, score in game["scores"].items()},
        "winners": [str(name) for name in game["winners"]],
        "commitment": str(game["commitment"]),
        "head_hash": str(game["head_hash"]),
        "deadline_at": _datetime(game["deadline_at"]),
        "created_at": _datetime(game["created_at"]),
        "updated_at": _datetime(game["updated_at"]),
    }


def _columns(instance: Game | Seat, names: tuple[str, ...]) -> dict[str, Any]:
    return {name: getattr(instance, name) for name in names}


def seat_output(seat: Seat) -> dict[str, Any]:
    """What ``SeatOutput(seat).data`` is, without building a serializer's fields (below)."""
    return _seat_json(_columns(seat, SEAT_FIELDS))


def game_output(game: Game, seats: Iterable[Seat]) -> dict[str, Any]:
    """What ``GameOutput(game).data`` is, ``seats`` being the game's seats, without the
    serializer's per-field machinery; tests hold these functions to its rendering."""
    return _game_json(_columns(game, GAME_FIELDS), [_columns(seat, SEAT_FIELDS) for seat in seats])


def listed_games_output(
    games: list[dict[str, Any]], seats: dict[int, list[dict[str, Any]]]
) -> list[dict[str, Any]]:
    """What ``GameOutput(many=True)`` makes of these games (rows of their :data:`GAME_FIELDS`,
    their seats' rows of :data:`SEAT_FIELDS` by game id)."""
    return [_game_json(game, seats[game["id"]]) for game in games]


class GameListOutput(serializers.Serializer):  # type: ignore[type-arg]
    next = serializers.URLField(allow_null=True, help_text="The page of older games, if any.")
    previous = serializers.URLField(allow_null=True, help_text="The page of newer games, if any.")
    results = GameOutput(many=True)


class GameDetailOutput(GameOutput):
    you = SeatOutput(allow_null=True, help_text="The caller's seat, or null for a spectator.")
    view = serializers.DictField(help_text="What the caller may see of the game now.")


class GameCreatedOutput(GameOutput):
    seats = SeatWithLinkOutput(many=True)


class LegalMovesOutput(serializers.Serializer):  # type: ignore[type-arg]
    player = serializers.CharField()
    seq = serializers.IntegerField()
    moves = serializers.ListField(child=serializers.DictField())
    notation = serializers.ListField(child=serializers.CharField())


class MoveResultOutput(serializers.Serializer):  # type: ignore[type-arg]
    seq = serializers.IntegerField()
    player = serializers.CharField()
    move = serializers.DictField()
    notation = serializers.CharField()


class EventOutput(serializers.Serializer):  # type: ignore[type-arg]
    seq = serializers.IntegerField()
    type = serializers.CharField()
    actor = serializers.CharField()
    created_at = serializers.DateTimeField()
    hash = serializers.CharField(help_text="The history's hash chain at this seq.")
    payload = serializers.DictField()


class EventPageOutput(serializers.Serializer):  # type: ignore[type-arg]
    next = serializers.URLField(allow_null=True, help_text="The page of later events, if any.")
    results = EventOutput(many=True)


class RecordOutput(serializers.Serializer):  # type: ignore[type-arg]
    format = serializers.CharField()
    game = serializers.CharField()
    rules_version = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField())
    options = serializers.DictField()
    setup = serializers.DictField()
    moves = serializers.ListField(child=serializers.DictField())
    commitment = serializers.CharField()
    salt = serializers.CharField()
    chain = serializers.DictField(help_text="Every event with its nonce and hash (verify-chain).")


class FairnessOutput(serializers.Serializer):  # type: ignore[type-arg]
    commitment = serializers.CharField()
    scheme = serializers.CharField()
    revealed = serializers.BooleanField()
    salt = serializers.CharField(allow_null=True)
    verify = serializers.CharField()
    head_seq = serializers.IntegerField()
    head_hash = serializers.CharField(help_text="The history's hash chain at head_seq.")
    chain_scheme = serializers.CharField()
    verify_chain = serializers.CharField()


class ErrorDetailOutput(serializers.Serializer):  # type: ignore[type-arg]
    code = serializers.CharField()
    message = serializers.CharField()
    seq = serializers.IntegerField(required=False, help_text="With stale_seq: the current seq.")
    move = serializers.IntegerField(required=False, allow_null=True)
    # A declared field named "fields" (DRF pops declared fields off the class).
    fields = serializers.DictField(required=False)  # type: ignore[assignment]


class ErrorOutput(serializers.Serializer):  # type: ignore[type-arg]
    error = ErrorDetailOutput()
