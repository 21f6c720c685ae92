"""Each event gets its link in the game's hash chain (``engine.chain``), each game its head
hash, and the beat's sweeps a table where they record their runs.

Existing events are hashed here, in seq order per game, each with a fresh nonce.
That is an UPDATE of every event row, which the immutability triggers refuse
(0002 on PostgreSQL, 0006 on SQLite): they are switched off for this migration
only, inside its transaction, and are in force again when it commits.
"""

import importlib
import secrets
from datetime import UTC

from django.db import migrations, models

from engine.chain import GENESIS, link

SQLITE_TRIGGERS = importlib.import_module("games.migrations.0006_event_immutable_sqlite_trigger")


def _triggers(enable):
    def run(apps, schema_editor):
        vendor = schema_editor.connection.vendor
        if vendor == "postgresql":
            state = "ENABLE" if enable else "DISABLE"
            schema_editor.execute(f"ALTER TABLE games_event {state} TRIGGER games_event_immutable")
        elif vendor == "sqlite":
            for sql in SQLITE_TRIGGERS.INSTALL if enable else SQLITE_TRIGGERS.REMOVE:
                schema_editor.execute(sql, params=None)

    return run


def _backfill(apps, schema_editor):
    Event = apps.get_model("games", "Event")
    Game = apps.get_model("games", "Game")
    for game in Game.objects.order_by("pk").iterator():
        previous, changed = GENESIS, []
        for event in Event.objects.filter(game=game).order_by("seq"):
            event.nonce = secrets.token_hex(16)
            content = {
                "seq": event.seq,
                "type": event.type,
                "version": event.version,
                "payload": event.payload,
                "actor": event.actor,
                "created_at": event.created_at.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
                "nonce": event.nonce,
            }
            event.hash = previous = link(previous, content)
            changed.append(event)
        Event.objects.bulk_update(changed, ["nonce", "hash"], batch_size=500)
        game.head_hash = previous
        game.save(update_fields=["head_hash"])


class Migration(migrations.Migration):
    dependencies = [("games", "0009_game_times_service_clock")]

    operations = [
        migrations.RunPython(_triggers(enable=False), _triggers(enable=True)),
        migrations.AddField(
            model_name="event",
            name="nonce",
            field=models.CharField(
                default="",
                help_text="random, in the hash; secret with the deal until the game is over",
                max_length=32,
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="event",
            name="hash",
            field=models.CharField(
                default="",
                help_text="SHA-256 over the previous hash and this",
                max_length=64,
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="game",
            name="head_hash",
            field=models.CharField(
                default=GENESIS,
                help_text="the hash chain's link of the last event",
                max_length=64,
            ),
        ),
        migrations.CreateModel(
            name="SweepRecord",
            fields=[
                (
                    "name",
                    models.CharField(
                        help_text="the sweep's task name",
                        max_length=64,
                        primary_key=True,
                        serialize=False,
                    ),
                ),
                ("first_run_at", models.DateTimeField()),
                ("last_run_at", models.DateTimeField(help_text="when the last run finished")),
                ("last_seconds", models.FloatField(help_text="how long the last run took")),
                (
                    "last_handled",
                    models.PositiveIntegerField(help_text="rows or games the last run handled"),
                ),
                ("runs", models.PositiveBigIntegerField(default=0)),
                ("total_seconds", models.FloatField(default=0.0)),
            ],
        ),
        migrations.RunPython(_backfill, migrations.RunPython.noop),
        migrations.RunPython(_triggers(enable=True), _triggers(enable=False)),
    ]
