"""Routes of the server-rendered pages."""

from django.urls import URLPattern, path

from games.web import (
    dashboard_views,
    health_views,
    history_views,
    league_views,
    lobby_views,
    mail_views,
    moderation_views,
    notice_views,
    players_views,
    queued_views,
    rules_views,
    standing_views,
    table_views,
    views,
)


def mail_settings(route: str, way: str, page: str, unsubscribe: str) -> list[URLPattern]:
    """A seat's mail settings page at ``route`` and its one-click unsubscribe, the seat found
    by ``way`` (``mail_views.PAGE_OF``)."""
    return [
        path(route, mail_views.preferences, {"way": way}, name=page),
        path(f"{route}unsubscribe/", mail_views.unsubscribe, {"way": way}, name=unsubscribe),
    ]


urlpatterns = [
    path("", dashboard_views.dashboard_page, name="dashboard"),
    path("games/new/", lobby_views.lobby_new, name="lobby-new"),
    path("tables/<str:token>/", lobby_views.lobby_table, name="lobby-table"),
    path("tables/<str:token>/join/", lobby_views.open_seat, name="open-seat"),
    path("tables/<str:token>/channel/", notice_views.table_channel, name="table-channel"),
    path("seats/confirm/<str:token>/", lobby_views.seat_confirmation, name="seat-confirmation"),
    path("invite/never/<str:token>/", mail_views.never_invite, name="never-invite"),
    path("invite/<str:token>/", lobby_views.invitation, name="invitation"),
    path(
        "invite/accepted/<str:token>/", lobby_views.invitation_accepted, name="invitation-accepted"
    ),
    path("play/<str:token>/", views.play, name="play"),
    path("play/<str:token>/poll/", views.play_poll, name="play-poll"),
    path("play/<str:token>/confirm/", views.play_confirm, name="play-confirm"),
    path("games/<int:pk>/", views.game_detail, name="game"),
    path("games/<int:pk>/poll/", views.game_poll, name="game-poll"),
    path("games/<int:pk>/history/", history_views.game_history, name="game-history"),
    path("games/<int:pk>/history/board/", history_views.game_history_board),
    path("games/<int:pk>/record/", history_views.game_record_download, name="game-record"),
    path("play/<str:token>/history/", history_views.play_history, name="play-history"),
    path("play/<str:token>/history/board/", history_views.play_history_board),
    *mail_settings("play/<str:token>/mail/", "play", "mail-preferences", "mail-unsubscribe"),
    *mail_settings(
        "mail-settings/<str:token>/", "mail", "mail-settings", "mail-settings-unsubscribe"
    ),
    path("games/<int:pk>/chat/", table_views.game_chat, name="game-chat"),
    path("play/<str:token>/chat/", table_views.play_chat, name="play-chat"),
    path(
        "play/<str:token>/chat/<int:seq>/report/",
        table_views.play_chat_report,
        name="play-chat-report",
    ),
    path("play/<str:token>/takeback/", table_views.play_takeback, name="play-takeback"),
    path("play/<str:token>/standing/", standing_views.play_standing, name="play-standing"),
    path("play/<str:token>/queue/", queued_views.play_queue, name="play-queue"),
    path(
        "play/<str:token>/queue/cancel/",
        queued_views.play_queue_cancel,
        name="play-queue-cancel",
    ),
    path("moderate/", moderation_views.moderate_audit, name="moderate-audit"),
    path("moderate/health/", health_views.moderate_health, name="moderate-health"),
    path("moderate/games/<int:pk>/", moderation_views.moderate_game, name="moderate-game"),
    path(
        "moderate/games/<int:pk>/omniscient/",
        moderation_views.moderate_omniscient,
        name="moderate-omniscient",
    ),
    path(
        "moderate/games/<int:pk>/<str:action>/",
        moderation_views.moderate_action,
        name="moderate-action",
    ),
    path("signin/", mail_views.sign_in, name="sign-in"),
    path("signin/<str:token>/", mail_views.sign_in_link, name="sign-in-link"),
    path("signout/", players_views.sign_out, name="sign-out"),
    path("my-games/", mail_views.my_games, name="my-games"),
    path("my-games/data/", players_views.my_data, name="my-data"),
    path("my-games/delete/", players_views.account_delete_page, name="account-delete"),
    path("players/handle/", players_views.handle_choose, name="player-handle"),
    path("players/<str:handle>/", players_views.player_page, name="player-profile"),
    path("players/<str:handle>/calendar.ics", notice_views.calendar_feed, name="calendar"),
    path("leaderboard/", players_views.leaderboard_page, name="leaderboards"),
    path("leaderboard/<str:kind>/", players_views.leaderboard_page, name="leaderboard"),
    path("rules/email/", rules_views.email_help_page, name="rules-email"),
    path("rules/<str:game>/", rules_views.rules_page, name="rules"),
    path("leagues/", league_views.league_list, name="leagues"),
    path("leagues/<int:pk>/", league_views.league_page, name="league"),
    path("mail/inbound/", mail_views.inbound, name="mail-inbound"),
    path("dev/mail/", mail_views.dev_mailbox, name="dev-mailbox"),
    path("dev/mail/<str:name>/", mail_views.dev_mail, name="dev-mail"),
    path("healthz", health_views.healthz, name="healthz"),
    path("readyz", health_views.readyz, name="readyz"),
    path("metrics", health_views.metrics, name="metrics"),
]
