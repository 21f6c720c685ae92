"""``manage.py import_record FILE…``: load ``pbem-record/1`` files as games, moves as events."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from engine.record import RecordError
from games.play.services import game_import


class Command(BaseCommand):
    help = "Load game records (pbem-record/1) as games; each move becomes an event."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", type=Path)

    def handle(self, *args: Any, files: list[Path], **options: Any) -> None:
        for path in files:
            try:
                record = json.loads(path.read_text(encoding="utf-8"))
                game = game_import(record=record, actor="system:import")
            except (OSError, ValueError) as error:
                raise CommandError(f"{path}: cannot read the record: {error}") from None
            except RecordError as error:
                raise CommandError(
                    f"{path}: {error.code} at move {error.move}: {error.message}"
                ) from None
            self.stdout.write(f"{path}: game #{game.pk}, {game.last_seq} events, {game.status}")
