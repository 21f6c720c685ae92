"""Routes of the API, its OpenAPI schema and its docs (Swagger UI and Redoc, served locally)."""

from django.urls import path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerView,
)

from games.api import league_views, moderation_views, players_views, views

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
        "games/<int:pk>/moderate/<str:action>/",
        moderation_views.ModerationActionView.as_view(),
        name="api-game-moderate",
    ),
    path("moderation/audit/", moderation_views.AuditView.as_view(), name="api-moderation-audit"),
    path("players/<str:handle>/", players_views.PlayerView.as_view(), name="api-player"),
    path("leaderboard/", players_views.LeaderboardView.as_view(), name="api-leaderboard"),
    path("leagues/<int:pk>/", league_views.LeagueView.as_view(), name="api-league"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path(
        "redoc/",
        SpectacularRedocView.as_view(url_name="api-schema", template_name="api/redoc.html"),
        name="api-redoc",
    ),
]
