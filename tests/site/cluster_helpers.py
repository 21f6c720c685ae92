"""Private server processes for the tests that run the service as it is deployed: each
started from the project's root with its output in a log file, and killed with all it
forked when the test ends."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


def program(name: str) -> str:
    """The path of the program ``name``; fail the test with how to install it when missing."""
    found = shutil.which(name, path=f"{os.environ.get('PATH', '')}:/usr/sbin:/sbin")
    if not found:
        pytest.fail(
            f"This test needs {name}: install it as root with `apt-get install -y {name}`,"
            " or run `make test` (its .ci/services does).",
            pytrace=False,
        )
    return found


@dataclass
class Cluster:
    """The private processes of the test; :meth:`close` kills whatever still runs."""

    logs: Path
    processes: dict[str, subprocess.Popen[bytes]] = field(default_factory=dict)

    def log(self, name: str) -> str:
        """What the process ``name`` wrote so far."""
        return (self.logs / f"{name}.log").read_text(errors="replace")

    def start(self, name: str, command: list[str], env: dict[str, str] | None = None) -> None:
        log = (self.logs / f"{name}.log").open("wb")
        self.processes[name] = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def kill(self, name: str) -> None:
        process = self.processes[name]
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)  # the process and all it forked
        process.wait(timeout=30)

    def close(self) -> None:
        for name in self.processes:
            with contextlib.suppress(ProcessLookupError):
                self.kill(name)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    """The test's private processes, killed at its end with the database sessions they left."""
    started = Cluster(tmp_path)
    try:
        yield started
    finally:
        started.close()
        with connection.cursor() as cursor:  # sessions a killed process left behind
            cursor.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
