"""The ``moderate_game`` permission and a ``moderators`` group with exactly what moderators need.

Moderators read games, seats, events, mail and users in the admin and act
through the moderation services (``moderate_game``); they change no row
directly, so the group has no add, change or delete permission.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GROUP = "moderators"
PERMISSIONS = [
    ("games", "moderate_game"),
    ("games", "view_game"),
    ("games", "view_seat"),
    ("games", "view_event"),
    ("games", "view_outboundmail"),
    ("games", "view_inboundmail"),
    ("auth", "view_user"),
]


def add_group(apps, schema_editor):
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name=GROUP)
    group.permissions.set(
        Permission.objects.get(content_type__app_label=app, codename=codename)
        for app, codename in PERMISSIONS
    )


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0004_lobby_and_dashboard_indexes"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.AlterModelOptions(
            name="game",
            options={
                "ordering": ["-id"],
                "permissions": [("moderate_game", "Can take moderator actions on games")],
            },
        ),
        migrations.RunPython(add_group, remove_group),
    ]
