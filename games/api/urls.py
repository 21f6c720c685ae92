"""Routes of the API, its OpenAPI schema and its docs (Swagger UI and Redoc, served locally)."""

from csp import constants as csp
from csp.decorators import csp_update
from django.urls import path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from games.api import (
    league_views,
    moderation_views,
    players_views,
    queued_views,
    standing_views,
    views,
)

# Redoc's bundle (pinned with drf-spectacular-sidecar) adds two <style> elements as it loads,
# before it is given the nonce: an empty one and perfect-scrollbar's rules, allowed by their
# hashes; and it searches in a worker that it makes from a blob.
REDOC_POLICY = {
    "style-src": [
        "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
        "'sha256-QMIg+bpjm3JdElJ388KYke01izlUW0UoNOeKjpMxdgc='",
    ],
    "worker-src": [csp.SELF, "blob:"],
}

urlpatterns = [
    path("games/", views.GameListView.as_view(), name="api-games"),
    path("games/<int:pk>/", views.GameDetailView.as_view(), name="api-game"),
    path("games/<int:pk>/legal/", views.LegalMovesView.as_view(), name="api-game-legal"),
    path("games/<int:pk>/moves/", views.MoveSubmitView.as_view(), name="api-game-moves"),
    path("games/<int:pk>/events/", views.HistoryView.as_view(), name="api-game-events"),
    path("games/<int:pk>/record/", views.RecordView.as_view(), name="api-game-record"),
    path("games/<int:pk>/fairness/", views.FairnessView.as_view(), name="api-game-fairness"),
    path("games/<int:pk>/chat/", moderation_views.ChatView.as_view(), name="api-game-chat"),
    path(
        "games/<int:pk>/takeback/",
        moderation_views.TakebackView.as_view(),
        name="api-game-takeback",
    ),
    path(
        "games/<int:pk>/standing/",
        standing_views.StandingView.as_view(),
        name="api-game-standing",
    ),
    path("games/<int:pk>/queue/", queued_views.QueueView.as_view(), name="api-game-queue"),
    path(
        "games/<int:pk>/queue/<int:index>/",
        queued_views.QueuedMoveView.as_view(),
        name="api-game-queued-move",
    ),
    path(
        "games/<int:pk>/moderate/<str:action>/",
        moderation_views.ModerationActionView.as_view(),
        name="api-game-moderate",
    ),
    path("moderation/audit/", moderation_views.AuditView.as_view(), name="api-moderation-audit"),
    path("players/<str:handle>/", players_views.PlayerView.as_view(), name="api-player"),
    path("leaderboard/", players_views.LeaderboardView.as_view(), name="api-leaderboard"),
    path("leagues/<int:pk>/", league_views.LeagueView.as_view(), name="api-league"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "docs/",
        SpectacularSwaggerView.as_view(url_name="api-schema", template_name="api/swagger_ui.html"),
        name="api-docs",
    ),
    path(
        "redoc/",
        csp_update(REDOC_POLICY)(
            SpectacularRedocView.as_view(url_name="api-schema", template_name="api/redoc.html")
        ),
        name="api-redoc",
    ),
]
