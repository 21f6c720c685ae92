# ruff: noqa: F811  (pytest fixtures imported from mail_helpers)
"""A player who kept a turn email can prove what the history was, even after the database
was emptied and refilled with a history whose chain holds in itself."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from mail_helpers import SmtpSink, queue, smtp, text_of, worker  # noqa: F401
from test_event_chain import verify_chain

from games.models import Event, Game
from games.moderation.actions import game_abort
from games.play.selectors import game_legal_moves, game_record
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.hashes import chain_link

pytestmark = pytest.mark.django_db(transaction=True)

HEAD = re.compile(r"History up to event (\d+), sealed by this SHA-256 hash .*: ([0-9a-f]{64})")


def kept_hash(sink: SmtpSink, address: str) -> tuple[int, str]:
    """The seq and head hash of the turn email ``address`` got."""
    [message] = sink.wait_for(1, address)
    seq, digest = HEAD.search(text_of(message)).groups()
    html = message.get_body(preferencelist=("html",)).get_content()
    assert re.search(rf"<code[^>]*>{digest}</code>", html)
    return int(seq), digest


def rewrite(game: Game, forged_move: dict[str, Any]) -> None:
    """Empty the event table as a superuser may and write the game's history again with
    Anne's first move replaced and every later hash recomputed: a chain that holds in
    itself (the unchanged first event keeps its nonce and hash)."""
    stored = list(Event.objects.filter(game=game).order_by("seq").values())
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE games_event")
    Event.objects.create(**stored[0])
    previous = stored[0]["hash"]
    for row in stored[1:]:
        if row["seq"] == 2:
            row["payload"] = {**row["payload"], "move": forged_move}
        row["nonce"], row["hash"] = chain_link(
            previous=previous,
            seq=row["seq"],
            event_type=row["type"],
            version=row["version"],
            payload=row["payload"],
            actor=row["actor"],
            created_at=row["created_at"],
        )
        previous = row["hash"]
        Event.objects.create(**row)
    Game.objects.filter(pk=game.pk).update(head_hash=previous)


def test_a_rewritten_history_no_longer_holds_the_hash_of_an_earlier_turn_email(
    worker: Any, smtp: SmtpSink, tmp_path: Path
) -> None:
    players = [
        PlayerSpec(name=name, email=f"{name.lower()}@example.org") for name in ("Anne", "Bart")
    ]
    game = game_create(kind="freibeuter", players=players, seed=7)
    anne_email = kept_hash(smtp, "anne@example.org")
    assert anne_email == (1, game.head_hash)
    anne = game.seats.get(display_name="Anne")
    played, forged = game_legal_moves(game=game, seat=anne)[:2]
    move_submit(game=game, seat=anne, move=played, expected_seq=1)
    seq, bart_kept = kept_hash(smtp, "bart@example.org")
    game.refresh_from_db()
    assert (seq, bart_kept) == (2, game.head_hash)

    rewrite(game, forged)
    call_command("replay_check", stdout=(out := StringIO()))
    assert "hash chains hold" in out.getvalue()  # the database alone cannot tell
    game_abort(
        game=Game.objects.get(pk=game.pk), moderator=User.objects.create_user("m"), reason="x"
    )
    record = game_record(game=Game.objects.get(pk=game.pk))
    assert record["moves"][0] == {"player": "Anne", **forged}

    status, output = verify_chain(record, tmp_path, bart_kept)
    assert (status, output["error"]["code"]) == (2, "hash_not_in_chain")
    status, output = verify_chain(record, tmp_path, game.head_hash)
    assert (status, output["error"]["code"]) == (2, "hash_not_in_chain")
    status, output = verify_chain(record, tmp_path, anne_email[1])  # before the change
    assert (status, output["found"]) == (0, [{"hash": anne_email[1], "seq": 1}])
