# ruff: noqa: F811  (the own_cache fixture imported from mail_kinds)
"""SpamAssassin's local rules score one email of every kind, and the turn emails and reminders
of every game, at most 1.0 (Debian's ``spamassassin``, ``-t -L``, on the bytes sent)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from mail_kinds import Cast, mail_of_every_kind, own_cache  # noqa: F401

from games.mail.compose import mail_compose
from games.mail.notices import reminder_mail_queue
from games.models import OutboundMail
from games.play.services import PlayerSpec, game_create
from games.store.loading import engine_for, load_state
from tests.clock import T0

LIMIT = 1.0
STATUS = re.compile(
    rb"^X-Spam-Status: \w+, score=(-?[\d.]+) required=[\d.]+ tests=(.*?)\s+(?:autolearn|version)=",
    re.M | re.S,
)
OTHER_GAMES = {"seerauber": ("Anne", "Bart", "Cleo"), "flusspiraten": ("Vi", "Bo", "Di")}


def _score(raw: bytes, home: Path) -> tuple[float, str]:
    """SpamAssassin's score of ``raw`` with its local rules only, and the rules that hit."""
    program = shutil.which("spamassassin")
    if program is None:
        pytest.fail(
            "spamassassin is missing: .ci/services installs Debian's package", pytrace=False
        )
    result = subprocess.run(
        [program, "-t", "-L", "--prefspath", str(home / "user_prefs")],
        input=raw,
        capture_output=True,
        check=True,
        env={**os.environ, "HOME": str(home)},
    )
    found = STATUS.search(result.stdout)
    assert found is not None, result.stdout[:2000]
    return float(found.group(1)), " ".join(found.group(2).decode().split())


def _other_games() -> dict[str, OutboundMail]:
    """The first turn email and a reminder of a Seeräuber and a Flußpiraten game."""
    rows = {}
    for kind, names in OTHER_GAMES.items():
        players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in names]
        game = game_create(kind=kind, players=players, seed=3, now=T0)
        rows[f"{kind} turn"] = OutboundMail.objects.filter(game=game, kind="turn").first()
        seat = game.seats.get(display_name=game.to_move[0])
        engine = engine_for(game)
        reminder_mail_queue(game=game, seat=seat, engine=engine, state=load_state(game), now=T0)
        rows[f"{kind} reminder"] = OutboundMail.objects.get(game=game, kind="reminder")
    return rows


def test_every_kind_of_email_scores_at_most_one_point_with_spamassassin(
    db: None, own_cache: None, tmp_path: Path
) -> None:
    kinds = mail_of_every_kind(Cast())  # a Freibeuter table
    rows = {
        **{
            f"freibeuter {kind}" if kind in ("turn", "reminder") else kind: row
            for kind, row in kinds.items()
        },
        **_other_games(),
    }
    scores = {}
    for name, row in sorted(rows.items()):
        raw = mail_compose(row).message().as_bytes(linesep="\r\n")
        scores[name] = _score(raw, tmp_path)
    print()
    for name, (score, rules) in scores.items():
        print(f"SpamAssassin {name:22} {score:4.1f}  {rules}")
    assert {name: score for name, (score, _) in scores.items() if score > LIMIT} == {}
