"""Games that seat an address directly, without an invitation to accept: an API client's new
game and a moderator's seat invitation. Each mails the address at once, so they are held to
the rules of mail sent unasked (``games.play.recipients``): never to an address whose owner
chose "never invite me", at most ``NEW_GAMES_LIMIT`` new games naming one address a day, and
at most 60 new games an hour from one API account."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from api_helpers import post_json
from django.contrib.auth.models import User
from django.test import Client
from player_helpers import moderator_create

from games.models import Game, OutboundMail
from games.moderation import actions
from games.play.recipients import NEW_GAMES_LIMIT, AddressRefused, address_hash, never_invite
from games.play.services import PlayerSpec, game_create
from tests.clock import T0

VICTIM = "victim@example.org"


@pytest.fixture(autouse=True)
def _own_throttle_counts(fresh_cache: None) -> None:
    """The API's throttle counts in the cache: each test starts with none."""


def _create(client: Client, emails: list[str], username: str = "organiser") -> Any:
    client.force_login(User.objects.get_or_create(username=username)[0])
    players = [
        {"name": name, "email": email}
        for name, email in zip(["Anne", "Bart", "Cleo"], emails, strict=False)
    ]
    return post_json(client, "/api/games/", {"kind": "freibeuter", "players": players})


def _mailed(address: str) -> int:
    return OutboundMail.objects.filter(to__iexact=address).count()


def test_the_api_seats_no_address_whose_owner_chose_never_invite_me(
    db: None, client: Client
) -> None:
    # Before: the game was made and its turn email went out.
    never_invite(email_hash=address_hash(VICTIM))
    response = _create(client, ["anne@example.org", VICTIM.upper(), ""])
    assert response.status_code == 400, response.json()
    error = response.json()["error"]
    assert error["code"] == "address_refused" and VICTIM.upper() in error["message"]
    assert not Game.objects.exists() and _mailed(VICTIM) == 0


def test_the_api_names_one_address_in_at_most_ten_new_games_a_day(db: None, client: Client) -> None:
    # Before: an account could seat a stranger's address in any number of games, each
    # mailing her at once.
    for number in range(NEW_GAMES_LIMIT):
        response = _create(client, [VICTIM, f"friend{number}@example.org"])
        assert response.status_code == 201, response.json()
    response = _create(client, ["bart@example.org", VICTIM])
    assert response.status_code == 400, response.json()
    assert response.json()["error"]["code"] == "address_busy"
    assert Game.objects.count() == NEW_GAMES_LIMIT
    assert _create(client, ["anne@example.org", "bart@example.org"]).status_code == 201


def test_the_daily_count_of_an_address_starts_again_after_a_day(db: None, client: Client) -> None:
    for number in range(NEW_GAMES_LIMIT):
        assert _create(client, [VICTIM, f"friend{number}@example.org"]).status_code == 201
    with time_machine.travel(T0 + timedelta(days=1, minutes=1), tick=False):
        assert _create(client, [VICTIM, "bart@example.org"]).status_code == 201


def test_one_api_account_creates_at_most_sixty_games_an_hour(db: None, client: Client) -> None:
    # Before: no limit, so one account was a mail cannon over many addresses.
    with time_machine.travel(T0, tick=False):
        for number in range(60):
            emails = [f"a{number}@example.org", f"b{number}@example.org"]
            assert _create(client, emails).status_code == 201
        refused = _create(client, ["late@example.org", "later@example.org"])
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "throttled"
        assert int(refused["Retry-After"]) > 0
        other = _create(Client(), ["c@example.org", "d@example.org"], username="another")
        assert other.status_code == 201
    assert _mailed("late@example.org") == 0


def test_a_moderator_cannot_give_a_seat_to_an_address_that_chose_never_invite_me(
    db: None,
) -> None:
    game = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=name, email=f"{name.lower()}@example.org") for name in "ABC"],
    )
    seat = game.seats.get(display_name="B")
    never_invite(email_hash=address_hash(VICTIM))
    with pytest.raises(AddressRefused, match="never to be invited"):
        actions.seat_invite(
            game=game, moderator=moderator_create(), reason="B left", seat=seat, email=VICTIM
        )
    seat.refresh_from_db()
    assert seat.email == "b@example.org" and _mailed(VICTIM) == 0
