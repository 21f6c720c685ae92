"""Privacy: no address in any event; a player's data as JSON; deleting
his account leaves his address and handle in no row and no email queued after it."""

from __future__ import annotations

import json
import random
import re
from datetime import timedelta
from email.message import EmailMessage

import pytest
from django.apps import apps
from django.db import models
from django.db.models.functions import Cast
from django.test import Client

from games.interventions.services import seat_replace
from games.interventions.sweep import deadline_sweep
from games.mail.inbound import mail_receive
from games.models import Event, Game, GameResult, OutboundMail, Player, Rating, SignInToken
from games.people.results import results_rebuild
from games.play.chat import chat_post
from games.play.links import reply_address
from games.play.lobby import SeatSpec, invitation_accept, table_create
from games.play.services import PlayerSpec, game_create, move_submit
from games.store.loading import engine_for, game_replay, load_state
from tests.site.player_helpers import address, finished_game

pytestmark = pytest.mark.django_db

ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(\.[\w-]+)+")
NAMES = ("Anne", "Bart", "Cleo", "Dirk")
HANDLE = "Kapitän Blaubart"
"""Anne's handle: not one of her names at the tables (those are the games' own record)."""


def _play(game: Game, moves: int) -> None:
    """The players to move make ``moves`` moves, the bot's choice, as themselves."""
    for _ in range(moves):
        game.refresh_from_db()
        if game.is_over:
            return
        name = game.to_move[0]
        seat = game.seats.get(display_name=name)
        move = engine_for(game).bot_move(load_state(game), name)
        move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq)


def _random_games(rng: random.Random) -> list[Game]:
    """Finished games of the three kinds, and games under way with every kind of event that
    names a player: moves, chat, timeouts, a seat given to the bot and one to a new address."""
    games = [
        finished_game(kind, rng.sample(NAMES, count), rng)
        for kind, count in [("freibeuter", 3), ("seerauber", 4), ("flusspiraten", 3)] * 2
    ]
    for seed in range(3):
        game = game_create(
            kind="freibeuter",
            players=[PlayerSpec(name=name, email=address(name)) for name in ("Anne", "Bart")],
            options={"timeout_policy": {"action": "bot", "replace_after": 1}},
            seed=seed,
        )
        _play(game, rng.randint(1, 6))
        game.refresh_from_db()
        if not game.is_over:
            seat = game.seats.get(display_name=game.to_move[0])
            chat_post(game=game, seat=seat, text=f"Ahoy from {seat.display_name}!")
            assert seat.deadline_at is not None
            deadline_sweep(now=seat.deadline_at + timedelta(minutes=1))
            seat_replace(game=game, seat=seat, email="erik@example.org", actor="user:1")
        games.append(game)
    table = table_create(  # a game dealt by the lobby, from invitations by email
        kind="seerauber",
        seats=[SeatSpec(kind="email", name=name, email=address(name)) for name in NAMES],
        options={},
        host_email=address("Hanna"),
    )
    for invitation in table.invitations.all():
        invitation_accept(
            invitation=invitation, name=invitation.display_name, language="de", time_zone="UTC"
        )
    table.refresh_from_db()
    assert table.game is not None
    _play(table.game, rng.randint(1, 8))
    return [*games, table.game]


def _payload_addresses() -> list[tuple[int, int, str]]:
    return [
        (game_id, seq, match.group())
        for game_id, seq, payload in Event.objects.values_list("game_id", "seq", "payload")
        for match in ADDRESS.finditer(json.dumps(payload))
    ]


def test_no_event_of_random_games_holds_an_address(db: None) -> None:
    games = _random_games(random.Random(18))
    assert Event.objects.filter(game__in=games).count() > 100
    assert _payload_addresses() == []


def _text_fields(model: type[models.Model]) -> list[str]:
    return [
        field.name
        for field in model._meta.concrete_fields
        if isinstance(field, models.CharField | models.TextField | models.JSONField)
    ]


def _rows_holding(*words: str) -> list[str]:
    """Every ``model.field`` of every table whose text holds one of ``words`` (case ignored)."""
    found = []
    for model in apps.get_models():
        for name in _text_fields(model):
            text = Cast(name, models.TextField())
            rows = model._default_manager.annotate(_text=text)
            for word in words:
                # JSON text escapes non-ASCII letters: look for those too
                for form in {word, json.dumps(word)[1:-1]}:
                    if rows.filter(_text__icontains=form).exists():
                        found.append(f"{model._meta.label}.{name} holds {word!r}")
    return found


def _sign_in(client: Client) -> None:
    client.post("/signin/", {"email": address("Anne")})
    link = OutboundMail.objects.filter(kind="sign_in").latest("id").context["link"]
    client.post(re.sub(r"^https?://[^/]+", "", link))


def _anne_everywhere(client: Client) -> tuple[Player, Game]:
    """Anne with an account, finished games, a game under way with Bart, a seat she held that
    went to someone else, a table she hosts and is invited to, mail in and out, a sign-in."""
    rng = random.Random(6)
    for _ in range(3):
        finished_game("freibeuter", ["Anne", "Bart", "Cleo"], rng)
    under_way = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=name, email=address(name)) for name in ("Anne", "Bart")],
        seed=7,
    )
    _play(under_way, 3)
    given_away = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=name, email=address(name)) for name in ("Bart", "Anna")],
        seed=8,
    )
    given_away.seats.filter(display_name="Anna").update(email=address("Anne"))
    seat_replace(
        game=given_away,
        seat=given_away.seats.get(display_name="Anna"),
        email="dora@example.org",
        actor="user:1",
    )
    table_create(
        kind="freibeuter",
        seats=[
            SeatSpec(kind="email", name="Anne", email=address("Anne")),
            SeatSpec(kind="open"),
        ],
        options={},
        host_email=address("Anne"),
    )
    message = EmailMessage()
    message["From"], message["To"] = address("Anne"), "nobody@example.org"
    message["Message-ID"], message["Subject"] = "<m1@example.net>", "Hello"
    message.set_content("e4")
    assert mail_receive(raw=message.as_bytes()) == "bad_address"
    stranger = EmailMessage()
    stranger["From"] = "mallory@example.net"
    stranger["To"] = reply_address(under_way.seats.get(display_name="Anne"))
    stranger["Message-ID"], stranger["Subject"] = "<m2@example.net>", "Re: your turn"
    stranger.set_content("pass")
    assert mail_receive(raw=stranger.as_bytes()) == "stranger"
    _sign_in(client)
    assert client.post("/players/handle/", {"handle": HANDLE}).status_code == 302
    return Player.objects.get(handle=HANDLE), under_way


@pytest.fixture(autouse=True)
def own_cache(fresh_cache: None) -> None:
    """A fresh local cache per test, so the sign-in limits never carry over between tests."""


def test_a_signed_in_player_downloads_his_data_as_json(client: Client) -> None:
    anne, under_way = _anne_everywhere(client)
    response = client.get("/my-games/data/")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["account"] == {
        "handle": HANDLE,
        "email": address("Anne"),
        "created_at": anne.created_at.isoformat(),
    }
    assert [seat["game"] for seat in data["seats"]] == sorted(
        anne.seats.values_list("game_id", flat=True)
    )
    assert sum(seat["result"] is not None for seat in data["seats"]) == 3
    assert [rating["kind"] for rating in data["ratings"]] == ["freibeuter"]
    assert data["reliability"]["turns"] > 0 and len(data["former_seats"]) == 1
    assert {"turn", "sign_in"} <= {mail["kind"] for mail in data["emails"]}
    assert "bart@example.org" not in response.content.decode()  # his data, nobody else's
    assert Client().get("/my-games/data/").status_code == 302  # signed out: to the sign-in


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Delete my account", "Tick the box"]),
        ("de", ["Mein Konto löschen", "Kreuze das Kästchen an"]),
        ("fr", ["Supprimer mon compte", "Cochez la case"]),
    ],
)
def test_deletion_asks_for_a_confirmation_first(
    client: Client, language: str, words: list[str]
) -> None:
    anne, _ = _anne_everywhere(client)
    client.cookies["django_language"] = language
    page = client.get("/my-games/delete/").content.decode()
    assert words[0] in page and 'name="confirm"' in page
    refused = client.post("/my-games/delete/", {})  # the second step, unconfirmed
    assert refused.status_code == 400 and words[1] in refused.content.decode()
    anne.refresh_from_db()
    assert anne.deleted_at is None and anne.handle == HANDLE


def test_deletion_leaves_the_address_and_handle_in_no_row_and_no_later_email(
    client: Client,
) -> None:
    anne, under_way = _anne_everywhere(client)
    ratings = {r.player_id: (r.mu, r.sigma) for r in Rating.objects.all()}
    states = {game.pk: game_replay(game).events[-1] for game in Game.objects.all()}
    assert _rows_holding(address("Anne"), HANDLE)  # the scan finds them before
    phone = Client()  # signed in on another device too
    _sign_in(phone)
    assert phone.get("/my-games/").status_code == 200
    response = client.post("/my-games/delete/", {"confirm": "yes"})
    assert response.status_code == 200 and b"Account deleted" in response.content

    assert _rows_holding(address("Anne"), HANDLE) == []
    assert client.get("/my-games/").status_code == 302  # signed out, here and on the phone
    assert phone.get("/my-games/").status_code == 302
    assert Client().get(f"/players/{HANDLE}/").status_code == 404
    assert SignInToken.objects.filter(email=address("Anne")).count() == 0
    assert OutboundMail.objects.filter(to="", status="pending").count() == 0
    # The games replay as before; results and every rating are the same after a rebuild.
    assert {game.pk: game_replay(game).events[-1] for game in Game.objects.all()} == states
    results_rebuild()
    assert {r.player_id: (r.mu, r.sigma) for r in Rating.objects.all()} == ratings
    assert GameResult.objects.filter(player=anne).count() == 3
    # The game under way goes on; nothing queued after the deletion names her.
    last = OutboundMail.objects.latest("id").pk
    _play(under_way, 4)
    later = OutboundMail.objects.filter(pk__gt=last)
    assert later.exists()
    for mail in later:
        text = f"{mail.to} {json.dumps(mail.context)}"
        assert address("Anne") not in text and HANDLE not in text
    assert not later.filter(to="").exists()
