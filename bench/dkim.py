"""DKIM benchmark: the CPU a signature adds to composing one turn email.

    .venv/bin/python bench/dkim.py [--emails 200]

It migrates a throw-away SQLite database in a temporary folder, deals a
three-player Freibeuter game and takes the first turn email's outbox row.
Then, interleaved in one process so the machine's other load cancels out,
it composes that email ``--emails`` times unsigned and ``--emails`` times
signed (a fresh RSA-2048 key from openssl, the settings of ``DKIM_*``),
measuring process CPU per email (``email.as_bytes()`` included), and prints
the medians and their difference: the cost of one signature.

Never part of the test run.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as bench/dkim.py, this folder would come first on the path (and bench/http.py shadow
# the standard library's ``http``): unlist it.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

import argparse  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from typing import Any  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def _cpu_ms(email: Any) -> float:
    """Process CPU, in ms, to turn a composed email into the bytes that are sent."""
    start = time.process_time()
    email.message().as_bytes()
    return (time.process_time() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--emails", type=int, default=200)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="dkimbench-"))
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "freibeuter_site.settings",
            "DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}",
            "VAR_DIR": str(folder),
        }
    )
    key = subprocess.run(
        ["openssl", "genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import override_settings

    from games.mail.compose import mail_compose
    from games.models import OutboundMail
    from games.play.services import PlayerSpec, game_create

    call_command("migrate", verbosity=0)
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in ("Anne", "Bart")]
    game = game_create(kind="freibeuter", players=[*players, PlayerSpec(name="Cleo")], seed=7)
    row = OutboundMail.objects.filter(game=game, kind="turn").first()
    assert row is not None
    signing = override_settings(
        DKIM_PRIVATE_KEY=key.strip(), DKIM_SELECTOR="bench", DKIM_DOMAIN="example.org"
    )
    plain: list[float] = []
    signed: list[float] = []
    for _ in range(args.emails):
        plain.append(_cpu_ms(mail_compose(row)))
        with signing:
            signed.append(_cpu_ms(mail_compose(row)))
    size = len(mail_compose(row).message().as_bytes())
    unsigned_ms, signed_ms = statistics.median(plain), statistics.median(signed)
    print(f"dkim bench: a Freibeuter turn email ({size} bytes), {args.emails} each, interleaved")
    print(f"  composed unsigned   p50 {unsigned_ms:6.2f} ms CPU")
    print(f"  composed and signed p50 {signed_ms:6.2f} ms CPU (RSA-2048, relaxed/relaxed)")
    print(f"  one signature       {signed_ms - unsigned_ms:6.2f} ms CPU")


if __name__ == "__main__":
    main()
