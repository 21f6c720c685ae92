"""Leagues: a league, its own event stream and the projections kept from it.

On PostgreSQL a trigger refuses every UPDATE and DELETE of ``games_leagueevent``,
as ``games_event``'s does (0002); other databases rely on the model's refusal.
"""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

INSTALL = """
CREATE OR REPLACE FUNCTION games_league_event_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'games_leagueevent rows are immutable: % refused', TG_OP
        USING ERRCODE = 'restrict_violation',
              HINT = 'Append a correcting event instead.';
END;
$$;
CREATE TRIGGER games_league_event_immutable
    BEFORE UPDATE OR DELETE ON games_leagueevent
    FOR EACH ROW EXECUTE FUNCTION games_league_event_immutable();
"""

REMOVE = """
DROP TRIGGER IF EXISTS games_league_event_immutable ON games_leagueevent;
DROP FUNCTION IF EXISTS games_league_event_immutable();
"""


def _on_postgresql(sql):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(sql, params=None)

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0014_seat_name_index"),
    ]

    operations = [
        migrations.CreateModel(
            name="League",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=60)),
                ("kind", models.CharField(max_length=32)),
                (
                    "options",
                    models.JSONField(blank=True, default=dict, help_text="its games' time control"),
                ),
                ("signup_opens_at", models.DateTimeField()),
                ("signup_closes_at", models.DateTimeField()),
                ("rounds", models.PositiveSmallIntegerField()),
                (
                    "round_hours",
                    models.PositiveIntegerField(help_text="a round's games are decided by then"),
                ),
                (
                    "table_size",
                    models.PositiveSmallIntegerField(help_text="the players a table aims at"),
                ),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("signup", "sign-up"),
                            ("playing", "Playing"),
                            ("finished", "Finished"),
                            ("cancelled", "Cancelled"),
                        ],
                        default="signup",
                        max_length=16,
                    ),
                ),
                (
                    "round",
                    models.PositiveSmallIntegerField(default=0, help_text="the round under way"),
                ),
                ("round_deadline", models.DateTimeField(blank=True, null=True)),
                ("last_seq", models.PositiveIntegerField(default=0)),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
            ],
            options={
                "ordering": ["-signup_closes_at", "-id"],
                "indexes": [
                    models.Index(
                        fields=["status", "signup_closes_at"], name="games_leagu_status_ef742b_idx"
                    )
                ],
            },
        ),
        migrations.CreateModel(
            name="LeagueEntry",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "language",
                    models.CharField(default="en", help_text="of his league emails", max_length=8),
                ),
                (
                    "signup_seq",
                    models.PositiveIntegerField(help_text="his sign-up event: the last tie-break"),
                ),
                (
                    "seed_rating",
                    models.FloatField(blank=True, help_text="his rating at the close", null=True),
                ),
                ("points", models.PositiveIntegerField(default=0)),
                ("score_sum", models.IntegerField(default=0)),
                ("games", models.PositiveSmallIntegerField(default=0)),
                ("rank", models.PositiveSmallIntegerField(blank=True, null=True)),
                (
                    "league",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="entries",
                        to="games.league",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="league_entries",
                        to="games.player",
                    ),
                ),
            ],
            options={
                "ordering": ["league", "rank", "signup_seq"],
                "constraints": [
                    models.UniqueConstraint(fields=("league", "player"), name="league_entry_unique")
                ],
            },
        ),
        migrations.CreateModel(
            name="LeagueEvent",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("seq", models.PositiveIntegerField()),
                ("type", models.CharField(max_length=32)),
                (
                    "version",
                    models.PositiveSmallIntegerField(
                        default=1, help_text="schema version of payload"
                    ),
                ),
                ("payload", models.JSONField()),
                (
                    "created_at",
                    models.DateTimeField(
                        default=django.utils.timezone.now, help_text="the service's clock time"
                    ),
                ),
                (
                    "league",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="events",
                        to="games.league",
                    ),
                ),
            ],
            options={
                "ordering": ["league", "seq"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("league", "seq"), name="league_event_unique_seq"
                    ),
                    models.CheckConstraint(
                        condition=models.Q(("seq__gte", 1)), name="league_event_seq_positive"
                    ),
                ],
            },
        ),
        migrations.CreateModel(
            name="LeagueTable",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("round", models.PositiveSmallIntegerField()),
                ("number", models.PositiveSmallIntegerField()),
                (
                    "game",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="league_table",
                        to="games.game",
                    ),
                ),
                (
                    "league",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="tables",
                        to="games.league",
                    ),
                ),
            ],
            options={
                "ordering": ["league", "round", "number"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("league", "round", "number"), name="league_table_unique"
                    )
                ],
            },
        ),
        migrations.RunPython(_on_postgresql(INSTALL), _on_postgresql(REMOVE)),
    ]
