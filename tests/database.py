"""The test database's last step: the sessions other than the suite's own end before the drop.

pytest-django drops a process's test database when the session ends, and
PostgreSQL refuses (after five seconds) while another session still uses it: a
Celery worker's listener that connected again, a server thread not yet gone.
The database would then be left on the shared server, so the site's and the
browser's ``django_db_setup`` end those sessions first.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    yield
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
