"""Routes of the server-rendered pages."""

from django.urls import path

from games.web import views

urlpatterns = [
    path("play/<str:token>/", views.play, name="play"),
]
