"""On SQLite (the embedded default), triggers refuse every UPDATE and DELETE of ``games_event``.

The PostgreSQL trigger of 0002 does the same there; with this one the
database itself guards the events on every database the site runs on.
"""

from django.db import migrations

INSTALL = (
    """
    CREATE TRIGGER IF NOT EXISTS games_event_no_update BEFORE UPDATE ON games_event
    BEGIN SELECT RAISE(ABORT, 'games_event rows are immutable: UPDATE refused'); END;
    """,
    """
    CREATE TRIGGER IF NOT EXISTS games_event_no_delete BEFORE DELETE ON games_event
    BEGIN SELECT RAISE(ABORT, 'games_event rows are immutable: DELETE refused'); END;
    """,
)

REMOVE = (
    "DROP TRIGGER IF EXISTS games_event_no_update;",
    "DROP TRIGGER IF EXISTS games_event_no_delete;",
)


def _on_sqlite(statements):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "sqlite":
            for sql in statements:
                schema_editor.execute(sql, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [("games", "0005_moderators")]

    operations = [migrations.RunPython(_on_sqlite(INSTALL), _on_sqlite(REMOVE))]
