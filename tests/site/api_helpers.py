"""Small helpers for talking to the API as a seat in the site tests."""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpResponse
from django.test import Client


def seat_auth(token: str) -> dict[str, str]:
    """Request headers that authenticate as the seat of ``token``."""
    return {"HTTP_AUTHORIZATION": f"Seat {token}"}


def post_json(client: Client, path: str, body: Any, token: str | None = None) -> HttpResponse:
    """POST ``body`` as JSON, as the seat of ``token`` if given."""
    headers = seat_auth(token) if token else {}
    return client.post(path, json.dumps(body), content_type="application/json", **headers)


def get_json(client: Client, path: str, token: str | None = None) -> HttpResponse:
    """GET ``path``, as the seat of ``token`` if given."""
    return client.get(path, **(seat_auth(token) if token else {}))
