"""``manage.py demo_game``: create a 3-seat game (the first game, unless ``--kind`` says) and print
how to play each seat."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from engine.base import GAMES
from games.play.links import seat_link, seat_token
from games.play.services import PlayerSpec, game_create
from games.store.loading import engine_for
from games.store.repository import load_state

DEMO_PLAYERS = {
    "Anne": ("en", "Europe/London"),
    "Bart": ("de", "Europe/Berlin"),
    "Cleo": ("fr", "Europe/Paris"),
}
"""Each demo player's language and a time zone where it is spoken."""


class Command(BaseCommand):
    help = "Create a demo game with three seats and print their links, tokens and API calls."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--seed", type=int, help="same seed, same deal")
        parser.add_argument("--kind", choices=GAMES, default=GAMES[0], help="the game to play")

    def handle(self, *args: Any, seed: int | None, kind: str, **options: Any) -> None:
        game = game_create(
            kind=kind,
            players=[
                PlayerSpec(
                    name=name,
                    email=f"{name.lower()}@example.org",
                    language=language,
                    time_zone=time_zone,
                )
                for name, (language, time_zone) in DEMO_PLAYERS.items()
            ],
            seed=seed,
            actor="system:demo",
        )
        api = f"{settings.SITE_URL}/api/games/{game.pk}"
        self.stdout.write(f"Demo game #{game.pk} ({kind}), commitment {game.commitment}")
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
        engine = engine_for(game)
        example = engine.format_move(engine.legal_moves(load_state(game), first.display_name)[0])
        body = json.dumps({"text": example, "expected_seq": game.last_seq})
        self.stdout.write(
            f"\n{first.display_name} moves first, e.g.:\n"
            f"  curl -H 'Authorization: Seat {seat_token(first)}' "
            f"-H 'Content-Type: application/json' -d '{body}' {api}/moves/"
        )
