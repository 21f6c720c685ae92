"""On PostgreSQL, a trigger refuses every UPDATE and DELETE of ``games_event``.

Other databases (the embedded SQLite default) rely on the model's refusal.
TRUNCATE stays possible, for test databases.
"""

from django.db import migrations

INSTALL = """
CREATE OR REPLACE FUNCTION games_event_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'games_event rows are immutable: % refused', TG_OP
        USING ERRCODE = 'restrict_violation',
              HINT = 'Append a correcting event instead.';
END;
$$;
CREATE TRIGGER games_event_immutable
    BEFORE UPDATE OR DELETE ON games_event
    FOR EACH ROW EXECUTE FUNCTION games_event_immutable();
"""

REMOVE = """
DROP TRIGGER IF EXISTS games_event_immutable ON games_event;
DROP FUNCTION IF EXISTS games_event_immutable();
"""


def _on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(_on_postgresql(INSTALL), _on_postgresql(REMOVE))]
