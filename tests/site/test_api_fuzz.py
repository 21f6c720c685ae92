"""Fuzzing: schemathesis against the service's own OpenAPI schema, hypothesis against moves.

Every endpoint is called with generated valid and invalid input, as a real
seat of a live game: no response may be a 5xx, and every response must match
the schema (status code, content type, body). Runtime is bounded by the
number of examples.
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
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from freibeuter_site.wsgi import application
from games.models import Game

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
FUZZ = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
)


schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)


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
def test_it_answers_every_endpoint_within_its_schema(
    case: Any, in_process_app: None, game: Game, tokens: dict[str, str]
) -> None:
    if isinstance((case.path_parameters or {}).get("id"), int):
        case.path_parameters["id"] = game.pk  # mostly exercise the live game, not 404s
    case.call_and_validate(headers={"Authorization": f"Seat {tokens['Anne']}"}, checks=CHECKS)


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
