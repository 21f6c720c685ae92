"""Seat tokens: signed seat id and token version, no expiry, revoked by a version bump."""

from __future__ import annotations

from api_helpers import get_json
from django.test import Client

from games.models import Game
from games.play.links import seat_from_token, seat_link, seat_token


def test_it_finds_the_seat_of_its_token(game: Game) -> None:
    seat = game.seats.get(position=1)
    assert seat_from_token(seat_token(seat)) == seat
    assert seat_link(seat).endswith(f"/play/{seat_token(seat)}/")


def test_it_refuses_a_tampered_token(game: Game) -> None:
    token = seat_token(game.seats.get(position=1))
    payload, _, signature = token.partition(":")
    other = seat_token(game.seats.get(position=2)).partition(":")[0]
    assert seat_from_token(f"{other}:{signature}") is None
    assert seat_from_token(token[:-2]) is None
    assert seat_from_token("") is None


def test_it_revokes_a_token_when_the_version_is_bumped(game: Game, client: Client) -> None:
    seat = game.seats.get(position=0)
    old = seat_token(seat)
    seat.token_version += 1
    seat.save()
    assert seat_from_token(old) is None
    assert seat_from_token(seat_token(seat)) == seat
    response = get_json(client, f"/api/games/{game.pk}/", old)
    assert response.status_code == 403 and response.json()["error"]["code"] == "bad_token"


def test_it_lets_a_signed_in_user_act_through_the_seat_linked_to_the_account(
    game: Game, client: Client, django_user_model: type
) -> None:
    user = django_user_model.objects.create_user("bart")
    game.seats.filter(position=1).update(user=user)
    client.force_login(user)
    detail = get_json(client, f"/api/games/{game.pk}/").json()
    assert detail["you"]["name"] == "Bart" and "hand" in detail["view"]["players"]["Bart"]
    assert get_json(client, f"/api/games/{game.pk}/legal/").json()["moves"] == []
