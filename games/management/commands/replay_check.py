"""``manage.py replay_check``: replay every game from its events and verify its hash chain;
exit 1 if any fails, naming the game and the first broken event."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.store.hashes import chain_check
from games.store.loading import ReplayError, engine_for, fold


class Command(BaseCommand):
    help = (
        "Replay every game from its events with the current engine, verify each game's "
        "chain of event hashes, and report any that fail."
    )

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
                continue
            if (broken := chain_check(game=game)) is not None:
                failed += 1
                self.stderr.write(
                    f"game #{game.pk}: its head hash differs from its last event's hash."
                    if broken.seq is None
                    else f"game #{game.pk}: the hash chain breaks at event seq {broken.seq} "
                    f"({broken.event_type}): it or an event before it was changed."
                )
        total = games.count()
        if failed:
            raise CommandError(f"{failed} of {total} games do not replay or break their chain.")
        self.stdout.write(f"{total} games replay and their hash chains hold.")
