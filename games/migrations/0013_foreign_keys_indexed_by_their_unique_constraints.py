"""Events and seats lose the index of their game column: a unique constraint leads with it.

``event_unique_seq`` (game, seq) and ``seat_unique_position`` (game, position) serve every
lookup by game, so the separate index only cost each move's inserts and updates.

On SQLite, altering a column rebuilds the table, and the rebuilt ``games_event`` has lost
the immutability triggers of 0006: they are installed again after the change (and, going
back, after the reverse change).
"""

import importlib

import django.db.models.deletion
from django.db import migrations, models

SQLITE_TRIGGERS = importlib.import_module("games.migrations.0006_event_immutable_sqlite_trigger")
REINSTALL = SQLITE_TRIGGERS._on_sqlite(SQLITE_TRIGGERS.INSTALL)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_outbox_rows_name_their_game_kind"),
    ]

    operations = [
        migrations.RunPython(migrations.RunPython.noop, REINSTALL),
        migrations.AlterField(
            model_name="event",
            name="game",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="events",
                to="games.game",
            ),
        ),
        migrations.AlterField(
            model_name="seat",
            name="game",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="seats",
                to="games.game",
            ),
        ),
        migrations.RunPython(REINSTALL, migrations.RunPython.noop),
    ]
