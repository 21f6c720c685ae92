"""The service's gunicorn settings: a threaded worker a core unless the environment says more."""

from __future__ import annotations

import gc
import importlib
import os
from collections.abc import Callable, Iterator

import pytest
from gunicorn.config import KNOWN_SETTINGS
from gunicorn.workers.gthread import ThreadWorker

from freibeuter_site import gunicorn_conf
from freibeuter_site.gunicorn_worker import RequestBufferingWorker


@pytest.fixture
def settings(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], dict[str, object]]]:
    """Read the settings afresh under the environment as the test has set it."""
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    monkeypatch.delenv("WEB_THREADS", raising=False)

    def read() -> dict[str, object]:
        module = importlib.reload(gunicorn_conf)
        return {
            name: value
            for name, value in vars(module).items()
            if not name.startswith("_") and isinstance(value, int | str)
        }

    yield read
    monkeypatch.undo()
    importlib.reload(gunicorn_conf)


def test_it_names_only_settings_gunicorn_knows(settings: Callable[[], dict[str, object]]) -> None:
    names = set(settings())
    assert names and names <= {setting.name for setting in KNOWN_SETTINGS}


def test_it_runs_two_threaded_workers_a_core_and_one_more_by_default(
    settings: Callable[[], dict[str, object]],
) -> None:
    found = settings()
    assert found["workers"] == 2 * (os.cpu_count() or 1) + 1
    assert found["threads"] == 4
    assert found["worker_class"] == "freibeuter_site.gunicorn_worker.RequestBufferingWorker"
    assert issubclass(RequestBufferingWorker, ThreadWorker), "gthread, buffering each request"
    assert found["preload_app"] is True


def test_the_master_freezes_what_it_loaded_before_each_worker_forks() -> None:
    assert "pre_fork" in {setting.name for setting in KNOWN_SETTINGS}, "a gunicorn hook"
    gc.unfreeze()
    loaded = {"an object the master loaded": []}
    assert any(loaded is each for each in gc.get_objects()), "collections scan it"
    try:
        gunicorn_conf.pre_fork(server=None, worker=None)
        assert gc.get_freeze_count() > 0
        assert not any(loaded is each for each in gc.get_objects()), "frozen: never scanned"
    finally:
        gc.unfreeze()


def test_it_takes_the_counts_from_the_environment(
    settings: Callable[[], dict[str, object]], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WEB_CONCURRENCY", "3")
    monkeypatch.setenv("WEB_THREADS", "5")
    found = settings()
    assert (found["workers"], found["threads"]) == (3, 5)
