"""Every email row about a game names its game's kind in its context (``game_kind``).

Rows queued before kinds were recorded lacked it, and composing assumed the first game
for them; now composing reads the kind from the row, so this fills it in from the row's
game. Rows about no game (sign-in links) stay as they are.
"""

from typing import Any

from django.db import migrations


def name_the_kind(apps: Any, schema_editor: Any) -> None:
    OutboundMail = apps.get_model("games", "OutboundMail")
    rows = OutboundMail.objects.filter(game__isnull=False).select_related("game")
    for row in rows.iterator():
        if "game_kind" not in row.context:
            row.context = {**row.context, "game_kind": row.game.kind}
            row.save(update_fields=["context"])


class Migration(migrations.Migration):
    dependencies = [("games", "0011_players_and_ratings")]

    operations = [migrations.RunPython(name_the_kind, migrations.RunPython.noop)]
