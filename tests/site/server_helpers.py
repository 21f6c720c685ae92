"""The production server (gunicorn with the service's configuration) in a test."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from django.conf import settings
from mail_helpers import free_port, require_redis

from tests.clock import clocked_command

ROOT = Path(__file__).resolve().parents[2]


def answers(port: int, path: str = "/healthz", timeout: float = 1.0) -> bool:
    """Whether the server on ``port`` answers ``path`` within ``timeout`` seconds (an error
    status is an answer too)."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=timeout) as answer:
            answer.read()
    except urllib.error.HTTPError as error:
        error.read()
    except OSError:
        return False
    return True


@contextmanager
def production_server(output: Path, *options: str) -> Iterator[int]:
    """gunicorn with the service's configuration and ``options`` on a free port, on the suite's
    clock, the test's database and Redis, once it answers; its port. What it prints goes to
    ``output``; it is stopped (SIGTERM, then SIGKILL) when the block ends."""
    require_redis()
    port = free_port()
    url = urlsplit(os.environ["DATABASE_URL"])
    env = {
        **os.environ,
        "DATABASE_URL": urlunsplit(url._replace(path=f"/{settings.DATABASES['default']['NAME']}")),
        "SECRET_KEY": "production-server-test-key-0123456789abcdefghijklmnopqrstuvwxyz-0123",
        "DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1",
        "SITE_URL": f"http://127.0.0.1:{port}",
        "SECURE_SSL_REDIRECT": "0",
    }
    command = clocked_command(
        "gunicorn",
        "--config", "python:freibeuter_site.gunicorn_conf",
        *options,
        "--bind", f"127.0.0.1:{port}",
        "freibeuter_site.wsgi",
    )  # fmt: skip
    with output.open("wb") as out:
        process = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while not answers(port):
            assert process.poll() is None and time.monotonic() < deadline, output.read_text()
            time.sleep(0.3)
        yield port
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
