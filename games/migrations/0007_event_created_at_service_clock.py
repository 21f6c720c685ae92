"""``Event.created_at`` becomes the service's clock time, set by the code that appends.

Only Django's model state changes (``auto_now_add`` to a default): the column
stays as it is, so no table is rebuilt and the immutability triggers stay.
"""

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0006_event_immutable_sqlite_trigger")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="event",
                    name="created_at",
                    field=models.DateTimeField(
                        default=django.utils.timezone.now,
                        help_text="the service's clock time; clocks are rebuilt from it",
                    ),
                ),
            ]
        )
    ]
