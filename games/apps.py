"""The ``games`` app: event store, write path, projections and API."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Register the API's security scheme and connect the receivers of what a change
        causes (``games.consequences``), once the models are loaded."""
        from games import consequences
        from games.api import auth  # noqa: F401  (registers the OpenAPI security scheme)

        consequences.receivers_connect()
