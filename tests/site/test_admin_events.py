"""The admin shows events read-only and games with their seats."""

from __future__ import annotations

from django.test import Client

from games.models import Event, Game


def test_it_shows_events_read_only_in_the_admin(game: Game, admin_client: Client) -> None:
    event = Event.objects.get(game=game, seq=1)
    assert admin_client.get("/admin/games/event/").status_code == 200
    page = admin_client.get(f"/admin/games/event/{event.pk}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content
    assert admin_client.post(f"/admin/games/event/{event.pk}/delete/").status_code == 403
    assert admin_client.get("/admin/games/event/add/").status_code == 403
    assert Event.objects.filter(pk=event.pk, type="game_created").exists()


def test_it_shows_a_game_with_its_seats_in_the_admin(game: Game, admin_client: Client) -> None:
    page = admin_client.get(f"/admin/games/game/{game.pk}/change/")
    assert page.status_code == 200 and b"Cleo" in page.content
