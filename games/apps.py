"""The ``games`` app: event store, write path, projections and API."""

from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Register the API's security scheme and connect each layer to the signals of the one
        below it: mail hears what play did, the tasks hear of committed work.

        Imported here, once the models are loaded (Django's place for it, not a way
        around a circle): play sits below mail and the outbox and the turns below the
        tasks, so the lower layer sends a signal that the upper one receives. A
        receiver runs in the sender's transaction, so the emails commit with the change.
        """
        from games import tasks
        from games.api import auth  # noqa: F401  (registers the OpenAPI security scheme)
        from games.mail import compose, notices, outbox
        from games.play import accounts, lobby, open_seats, takebacks, turns

        turns.turn_begun.connect(notices.turn_mails_queue)
        compose.COMPOSED_LATER["turn"] = notices.turn_context_of
        takebacks.takeback_recorded.connect(notices.notice_mails_queue)
        lobby.seat_invited.connect(notices.invitation_mail_queue)
        lobby.table_started.connect(notices.game_started_mails_queue)
        open_seats.confirmation_asked.connect(notices.seat_confirmation_mail_queue)
        accounts.sign_in_requested.connect(notices.sign_in_mail_queue)
        outbox.mail_committed.connect(tasks.mail_send_soon)
        turns.bot_to_move.connect(tasks.deadline_sweep_soon)
