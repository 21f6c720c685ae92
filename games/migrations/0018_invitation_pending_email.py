"""An open seat's typed address, kept apart until its owner confirms it."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0017_invitation_opt_out"),
    ]

    operations = [
        migrations.AddField(
            model_name="invitation",
            name="pending_email",
            field=models.EmailField(
                blank=True,
                help_text="the address typed for an open seat, until its owner confirms it "
                "(games.play.open_seats)",
                max_length=254,
            ),
        ),
    ]
