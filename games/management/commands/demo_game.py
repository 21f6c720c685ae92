"""``manage.py demo_game``: create a 3-seat Freibeuter game and print how to play each seat."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from games.play.links import seat_link, seat_token
from games.play.services import PlayerSpec, game_create

DEMO_PLAYERS = ("Anne", "Bart", "Cleo")
DEMO_LANGUAGES = ("en", "de", "fr")


class Command(BaseCommand):
    help = "Create a demo game with three seats and print their links, tokens and API calls."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seed", type=int, help="same seed, same deal")

    def handle(self, *args: Any, seed: int | None, **options: Any) -> None:
        game = game_create(
            kind="freibeuter",
            players=[
                PlayerSpec(name=name, email=f"{name.lower()}@example.org", language=language)
                for name, language in zip(DEMO_PLAYERS, DEMO_LANGUAGES, strict=True)
            ],
            seed=seed,
            actor="system:demo",
        )
        api = f"{settings.SITE_URL}/api/games/{game.pk}"
        self.stdout.write(f"Demo game #{game.pk} (freibeuter), commitment {game.commitment}")
        self.stdout.write(f"API docs: {settings.SITE_URL}/api/docs/   game: {api}/")
        for seat in game.seats.all():
            token = seat_token(seat)
            self.stdout.write(f"\n{seat.display_name} (seat {seat.position})")
            self.stdout.write(f"  link:  {seat_link(seat)}")
            self.stdout.write(f"  token: {token}")
            self.stdout.write(f"  curl -H 'Authorization: Seat {token}' {api}/legal/")
        self.stdout.write(
            f"\nTheir turn emails (play by link or by reply): {settings.SITE_URL}/dev/mail/"
        )
        first = game.seats.get(position=0)
        body = json.dumps({"text": "place F4 draw sea", "expected_seq": game.last_seq})
        self.stdout.write(
            f"\n{first.display_name} moves first, e.g.:\n"
            f"  curl -H 'Authorization: Seat {seat_token(first)}' "
            f"-H 'Content-Type: application/json' -d '{body}' {api}/moves/"
        )
