"""Game.created_at and updated_at follow the service's clock of the game's events.

Only Django's model state changes (``auto_now_add``/``auto_now`` to a default):
the columns stay; the services set them from the ``now`` their events carry, so
a move is stamped by one reading of the clock, not two.
"""

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0008_seat_clocks"),
    ]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="created_at",
            field=models.DateTimeField(
                default=django.utils.timezone.now,
                help_text="the service's clock time of the game_created event",
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="updated_at",
            field=models.DateTimeField(
                default=django.utils.timezone.now,
                help_text="the service's clock time of the game's last event",
            ),
        ),
    ]
