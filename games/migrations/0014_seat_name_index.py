"""An index on seats by name, for the game list's ``?player=``: an ``EXISTS`` on it.

The unique constraint on ``(game, display_name)`` leads with the game, so it
serves the probe of one game's seats but not the search for a name's games.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0013_foreign_keys_indexed_by_their_unique_constraints")]

    operations = [
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(fields=["display_name", "game"], name="seat_name_game"),
        ),
    ]
