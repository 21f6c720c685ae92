"""The API's paged lists: games by a cursor on their ids, a game's events by their seq.

Both read ``limit + 1`` rows after their cursor, never counting the table. A
games cursor that does not decode names no page: 404, as DRF answers it.
"""

from __future__ import annotations

from typing import Any

from rest_framework.pagination import CursorPagination
from rest_framework.request import Request
from rest_framework.utils.urls import replace_query_param

LIMIT = 50
MAX_LIMIT = 200


class GamePagination(CursorPagination):
    """Newest games first, ``limit`` (at most ``MAX_LIMIT``) to a page."""

    ordering = "-id"
    page_size = LIMIT
    page_size_query_param = "limit"
    max_page_size = MAX_LIMIT


EVENT_LIMIT = 100
EVENT_MAX_LIMIT = 500


def events_page(request: Request, rows: list[dict[str, Any]], *, limit: int) -> dict[str, Any]:
    """The page of ``rows`` (read with ``limit + 1`` of them) and the link to the next one."""
    page = rows[:limit]
    following = None
    if len(rows) > limit:
        following = replace_query_param(request.build_absolute_uri(), "after", page[-1]["seq"])
    return {"next": following, "results": page}
