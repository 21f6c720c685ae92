"""Migration 0012 names the game's kind in email rows queued before kinds were recorded."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from engine.base import GAMES
from games.models import OutboundMail

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0011_players_and_ratings")]
AFTER = [("games", "0012_outbox_rows_name_their_game_kind")]


def test_it_gives_an_old_row_its_games_kind_and_leaves_a_sign_in_row_alone() -> None:
    executor = MigrationExecutor(connection)
    latest = executor.loader.graph.leaf_nodes()
    executor.migrate(BEFORE)
    try:
        old = executor.loader.project_state(BEFORE).apps
        game = old.get_model("games", "Game").objects.create(kind=GAMES[-1], rules_version=1)
        mails = old.get_model("games", "OutboundMail").objects
        turn = mails.create(game=game, to="a@example.org", kind="turn", message_id="<1@x>")
        sign_in = mails.create(to="b@example.org", kind="sign_in", message_id="<2@x>")

        MigrationExecutor(connection).migrate(AFTER)

        assert OutboundMail.objects.get(pk=turn.pk).context == {"game_kind": GAMES[-1]}
        assert OutboundMail.objects.get(pk=sign_in.pk).context == {}
    finally:
        MigrationExecutor(connection).migrate(latest)
