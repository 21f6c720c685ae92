"""The ``games`` app: event store, write path, projections and API."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Register the API's security scheme and let the tasks hear of committed work.

        Imported here, once the models are loaded: the outbox and the turns sit
        below the tasks, so they send signals that the tasks receive.
        """
        from games import tasks
        from games.api import auth  # noqa: F401  (registers the OpenAPI security scheme)
        from games.mail import outbox
        from games.play import turns

        outbox.mail_committed.connect(tasks.mail_send_soon)
        turns.bot_to_move.connect(tasks.deadline_sweep_soon)
