"""The API's paged lists: games by a cursor on their ids, a game's events by their seq.

DRF's :class:`~rest_framework.pagination.CursorPagination` reads ``limit + 1``
rows after the cursor on the primary key, so a page costs the same on the
first page and the thousandth, with ten games or a hundred thousand. A cursor
that does not decode names no page: 404, as DRF answers it.

A game's history pages the same way on its own cursor, the seq: a page is the
``limit`` events after ``after``, and its ``next`` link asks for the events
after its last one.
"""

from __future__ import annotations

from typing import Any

from rest_framework.pagination import CursorPagination
from rest_framework.request import Request
from rest_framework.utils.urls import replace_query_param

LIMIT = 50
MAX_LIMIT = 200


class GamePagination(CursorPagination):
    """Newest games first, ``limit`` (at most ``MAX_LIMIT``) to a page; ``next`` and
    ``previous`` link the pages around it."""

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
