"""``manage.py replay_check``: replay every game from its events; exit 1 if any fails."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.loading import ReplayError, engine_for, fold
from games.models import Game


class Command(BaseCommand):
    help = "Replay every game from its events with the current engine and report any that fail."

    def handle(self, *args: Any, **options: Any) -> None:
        failed = 0
        games = Game.objects.order_by("id")
        for game in games.iterator():
            stored = game.events.order_by("seq").values_list("seq", "type", "version", "payload")
            try:
                state = fold(engine_for(game), game.pk, None, stored)
                to_move = [] if game.is_over else engine_for(game).to_move(state)
                if to_move != game.to_move:
                    raise ReplayError(game.pk, None, "projection_mismatch", "to_move differs.")
            except ReplayError as error:
                failed += 1
                self.stderr.write(f"game #{game.pk} does not replay: {error}")
        total = games.count()
        if failed:
            raise CommandError(f"{failed} of {total} games do not replay.")
        self.stdout.write(f"{total} games replay.")
