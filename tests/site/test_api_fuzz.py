"""Fuzzing: schemathesis against the service's own OpenAPI schema, hypothesis against moves.

Every endpoint is called with generated valid and invalid input, as a real
seat of a live game and as nobody, with all of schemathesis' checks: no 5xx,
every response as the schema states it (status, content type, body, headers),
every request the schema forbids refused and every one it allows accepted.
The stated exceptions: a move whose fields fit the schema may still be
refused with 400 by its game's kind or rules (the schema cannot know the
position), and so may a standing answer (its game's questions and answers) and a queued
move or the cancel of one (its game's moves and fields, the seat's queue).
Runtime is bounded by the number of examples.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.config import SchemathesisConfig

from freibeuter_site.wsgi import application
from games.models import Game

FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)
# All checks are on by default; a legal-looking move the rules refuse is a 400 by design.
CONFIG = SchemathesisConfig.from_str(
    """
[[operations]]
include-operation-id = "games_move"
checks.positive_data_acceptance.expected-statuses = [
    "2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx",
]

[[operations]]
include-operation-id = "games_standing_set"
checks.positive_data_acceptance.expected-statuses = [
    "2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx",
]

[[operations]]
include-operation-id = "games_queue_add"
checks.positive_data_acceptance.expected-statuses = [
    "2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx",
]

[[operations]]
include-operation-id = "games_queue_cancel_one"
checks.positive_data_acceptance.expected-statuses = [
    "2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx",
]
"""
)

schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application, config=CONFIG)


@pytest.fixture
def in_process_app(db: None) -> Iterator[None]:
    """Let the WSGI app serve requests inside this test's transaction."""
    # Like Django's test client: a finished request must not close the test's connection.
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@schema.parametrize()
@FUZZ
@pytest.mark.parametrize("seat", ["Anne", None], ids=["as-a-seat", "as-nobody"])
def test_it_answers_every_endpoint_as_its_schema_says(
    case: Any, in_process_app: None, game: Game, tokens: dict[str, str], seat: str | None
) -> None:
    if isinstance((case.path_parameters or {}).get("id"), int):
        case.path_parameters["id"] = game.pk  # mostly exercise the live game, not 404s
    case.call_and_validate(headers={"Authorization": f"Seat {tokens[seat]}"} if seat else {})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
MOVE_KEYS = st.sampled_from(["type", "tile", "card", "boat", "draw", "field", "order", "player"])
VALUES = st.sampled_from(["board", "place", "dutchman", "sea", "F4", "A1-B2", "row 3", "col C"])
MOVES = st.dictionaries(MOVE_KEYS, VALUES | JSON, max_size=6)


@given(
    move=MOVES | JSON,
    extra=st.dictionaries(st.sampled_from(["expected_seq", "move_id", "text"]), JSON, max_size=3),
)
@settings(
    max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True
)
def test_it_never_fails_on_a_generated_move(
    game: Game, tokens: dict[str, str], client: Client, move: Any, extra: dict[str, Any]
) -> None:
    game.refresh_from_db()
    body = {"move": move, "expected_seq": game.last_seq, **extra}
    (player,) = game.to_move
    response = client.post(
        f"/api/games/{game.pk}/moves/",
        json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Seat {tokens[player]}",
    )
    assert response.status_code < 500, response.content
    assert set(response.json()) <= {"error", "seq", "player", "move", "notation"}
