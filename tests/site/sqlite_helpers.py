"""A script run by ``manage.py shell`` on a fresh database of the embedded default (SQLite)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def on_sqlite(tmp_path: Path, script: str, **settings: str) -> str:
    """Migrate a new SQLite database under ``tmp_path``, run ``script`` in ``manage.py shell``
    on it (with the environment's ``settings`` added), and return what it printed."""
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}},
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        **settings,
    }
    for args in (["migrate", "--verbosity", "0"], ["shell", "--no-imports", "-c", script]):
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert result.returncode == 0, result.stderr
    return result.stdout
