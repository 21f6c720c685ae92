"""The game list's pages: a cursor on the games' ids, never a count of the table.

DRF's :class:`~rest_framework.pagination.CursorPagination` reads ``limit + 1``
rows after the cursor on the primary key, so a page costs the same on the
first page and the thousandth, with ten games or a hundred thousand. A cursor
that does not decode names no page: 404, as DRF answers it.
"""

from __future__ import annotations

from rest_framework.pagination import CursorPagination

LIMIT = 50
MAX_LIMIT = 200


class GamePagination(CursorPagination):
    """Newest games first, ``limit`` (at most ``MAX_LIMIT``) to a page; ``next`` and
    ``previous`` link the pages around it."""

    ordering = "-id"
    page_size = LIMIT
    page_size_query_param = "limit"
    max_page_size = MAX_LIMIT
