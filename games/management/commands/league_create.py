"""``manage.py league_create``: a moderator opens a league: sign-up window, rounds and clock."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from engine.base import GAMES
from games.errors import GameError
from games.leagues.mail import league_link
from games.leagues.services import league_create


def _instant(value: str) -> datetime:
    """An ISO time; one without an offset is UTC."""
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


class Command(BaseCommand):
    help = (
        "Open a league of one game kind: players with an account sign up on its page between "
        "--opens and --closes; then the beat's league sweep deals its rounds."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name")
        parser.add_argument("--kind", required=True, choices=GAMES)
        parser.add_argument("--opens", required=True, type=_instant, help="ISO time (UTC if bare)")
        parser.add_argument("--closes", required=True, type=_instant, help="ISO time (UTC if bare)")
        parser.add_argument("--rounds", type=int, default=3)
        parser.add_argument(
            "--round-hours", type=int, default=24 * 21, help="a round's games are decided by then"
        )
        parser.add_argument(
            "--table-size", type=int, help="players a table aims at (default 3, within the game's)"
        )
        parser.add_argument(
            "--options",
            type=json.loads,
            default={},
            help='the games\' options as JSON, e.g. \'{"time_control": {"kind": "per_move", '
            '"hours": 72}}\'',
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            league = league_create(
                name=options["name"],
                kind=options["kind"],
                signup_opens_at=options["opens"],
                signup_closes_at=options["closes"],
                rounds=options["rounds"],
                round_hours=options["round_hours"],
                table_size=options["table_size"],
                options=options["options"],
                now=timezone.now(),
            )
        except GameError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"league #{league.pk} {league.name}: {league_link(league)}")
