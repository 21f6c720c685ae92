"""``manage.py rebuild_projections``: recompute every game's projections from its events,
then the results of finished games and the ratings they give (``games.people.results``),
then each league's entries, tables and standings (``games.leagues.standings``)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from games.leagues.standings import leagues_rebuild
from games.models import Game
from games.people.results import results_rebuild
from games.store.projections import game_projections_rebuild


class Command(BaseCommand):
    help = (
        "Recompute status, to_move, scores, winners and last_seq of every game from its events, "
        "then every finished game's results and the ratings, then the leagues' standings."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        games = list(Game.objects.order_by("id").only("id"))
        changed = 0
        for game in games:
            if game_projections_rebuild(game=game):
                changed += 1
                self.stdout.write(f"game #{game.pk}: projections corrected")
        self.stdout.write(f"{len(games)} games checked, {changed} corrected.")
        self.stdout.write(
            f"{results_rebuild()} results of finished games recomputed, and the ratings."
        )
        self.stdout.write(f"{leagues_rebuild()} leagues' standings corrected.")
