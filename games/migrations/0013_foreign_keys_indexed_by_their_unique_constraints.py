"""Events and seats lose the index of their game column: a unique constraint leads with it.

``event_unique_seq`` (game, seq) and ``seat_unique_position`` (game, position) serve every
lookup by game, so the separate index only cost each move's inserts and updates.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0012_outbox_rows_name_their_game_kind"),
    ]

    operations = [
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
    ]
