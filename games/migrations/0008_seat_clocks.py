"""Every seat the game waits for gets a clock of its own (simultaneous decisions).

The running clock moves from ``Game`` to ``Seat``; ``Game.deadline_at`` and
``remind_at`` stay as the earliest of the seats'. A game under way hands its
clock to every seat it waits for, as they shared it until now.
"""

from django.db import migrations, models


def clocks_to_seats(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    running = Game.objects.filter(status="active", turn_started_at__isnull=False)
    for game in running.iterator():
        Seat.objects.filter(game=game, display_name__in=game.to_move).update(
            turn_started_at=game.turn_started_at,
            turn_allowance=game.turn_allowance,
            deadline_at=game.deadline_at,
            remind_at=game.remind_at,
        )


class Migration(migrations.Migration):
    dependencies = [("games", "0007_event_created_at_service_clock")]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="turn_started_at",
            field=models.DateTimeField(
                blank=True,
                help_text="when this seat's clock last (re)started; null if idle",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="seat",
            name="turn_allowance",
            field=models.DurationField(
                blank=True, help_text="counted time the seat had at turn_started_at", null=True
            ),
        ),
        migrations.AddField(
            model_name="seat",
            name="deadline_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="remind_at",
            field=models.DateTimeField(
                blank=True, help_text="when its reminder is due; null once sent", null=True
            ),
        ),
        migrations.RunPython(clocks_to_seats, migrations.RunPython.noop),
        migrations.RemoveField(model_name="game", name="turn_allowance"),
        migrations.RemoveField(model_name="game", name="turn_started_at"),
        migrations.AlterField(
            model_name="game",
            name="deadline_at",
            field=models.DateTimeField(
                blank=True, help_text="the earliest deadline of the seats waited for", null=True
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="remind_at",
            field=models.DateTimeField(
                blank=True, help_text="the earliest reminder due to a seat waited for", null=True
            ),
        ),
    ]
