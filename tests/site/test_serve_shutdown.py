"""``manage.py serve`` stops cleanly: a process manager's SIGTERM or a Ctrl-C stops it all.

``serve`` runs on the embedded default (SQLite, the filesystem
broker, emails as files, all in a temporary ``VAR_DIR``) on a free port; once it
answers, one signal must stop the web server, the Celery worker and its beat,
exit 0, leave no process it started (read from ``/proc``) and free the port.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.clock import clocked_command

ROOT = Path(__file__).resolve().parents[2]
GRACE = 5
CLEARED = {
    "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL", "EMAIL_URL", "EMAIL_HOST", "SECRET_KEY",
    "DEBUG", "ALLOWED_HOSTS", "SITE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE",
}  # fmt: skip


@dataclass(frozen=True)
class Proc:
    """A process as /proc knows it; the start time tells a reused pid apart."""

    pid: int
    ppid: int
    started: int
    state: str


def _proc(pid: int) -> Proc | None:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (command name) "
    return Proc(pid=pid, ppid=int(fields[1]), started=int(fields[19]), state=fields[0])


def _descendants(root: int) -> set[Proc]:
    processes = [p for p in map(_proc, (int(d) for d in os.listdir("/proc") if d.isdigit())) if p]
    found: set[Proc] = set()
    parents = {root}
    while True:
        children = {p for p in processes if p.ppid in parents and p not in found}
        if not children:
            return found
        found |= children
        parents = {p.pid for p in children}


def _running(process: Proc) -> bool:
    now = _proc(process.pid)
    return now is not None and now.started == process.started and now.state != "Z"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _port_is_free(port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # TIME_WAIT is not a listener
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@pytest.fixture(scope="module")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An embedded-default ``VAR_DIR`` whose SQLite database is migrated, to copy per test."""
    var = tmp_path_factory.mktemp("var")
    result = subprocess.run(
        clocked_command("manage", "migrate", "--no-input", "--verbosity", "0"),
        cwd=ROOT,
        env=_environment(var),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return var


def _environment(var: Path) -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if k not in CLEARED and not k.startswith("EMAIL_")},
        "VAR_DIR": str(var),
    }


@dataclass
class Served:
    process: subprocess.Popen[bytes]
    port: int
    log: Path
    children: set[Proc]
    """Every process ``serve`` had started once it answered."""


@pytest.fixture
def served(migrated: Path, tmp_path: Path) -> Iterator[Served]:
    """``manage.py serve`` on a free port, answering, with its worker ready."""
    var = tmp_path / "var"
    shutil.copytree(migrated, var)
    port = _free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            clocked_command("manage", "serve", f"127.0.0.1:{port}", "--grace", str(GRACE)),
            cwd=ROOT,
            env=_environment(var),
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    children: set[Proc] = set()
    try:
        _wait_until_up(process, port, log)
        children = _descendants(process.pid)
        yield Served(process, port, log, children)
    finally:  # whatever a failed test left running, by the pids recorded
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        for child in children:
            if _running(child):
                os.kill(child.pid, signal.SIGKILL)


def _wait_until_up(process: subprocess.Popen[bytes], port: int, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, log.read_text()
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=2) as answer:
                web_up = answer.status == 200
        except OSError:
            web_up = False
        if web_up and b" ready." in log.read_bytes():  # the Celery worker's own word
            return
        time.sleep(0.3)
    pytest.fail(f"serve did not come up within 60 s:\n{log.read_text()}")


@pytest.mark.parametrize(
    "stop", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=["SIGTERM", "SIGINT", "SIGHUP"]
)
def test_it_stops_web_worker_and_beat_on_a_signal_and_exits_0(
    served: Served, stop: signal.Signals
) -> None:
    assert len(served.children) >= 2, served.children  # the web server, the worker and its beat

    served.process.send_signal(stop)
    returncode = served.process.wait(timeout=GRACE + 20)

    assert returncode == 0, served.log.read_text()
    assert [child for child in served.children if _running(child)] == []
    assert _port_is_free(served.port)
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", served.port), timeout=2).close()


def test_it_kills_a_child_that_does_not_stop_within_the_grace(served: Served) -> None:
    (web,) = [
        c for c in served.children if b"runserver" in Path(f"/proc/{c.pid}/cmdline").read_bytes()
    ]
    os.kill(web.pid, signal.SIGSTOP)  # a stopped process cannot act on SIGTERM
    begun = time.monotonic()

    served.process.send_signal(signal.SIGTERM)
    returncode = served.process.wait(timeout=GRACE + 20)

    assert returncode == 0, served.log.read_text()
    assert GRACE <= time.monotonic() - begun < GRACE + 15
    assert [child for child in served.children if _running(child)] == []
    assert _port_is_free(served.port)
