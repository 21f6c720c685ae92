"""Profiles and leaderboards, as pages in en/de/fr and in the API; no address in any of them."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from django.test import Client

from games.models import GameResult, Player
from games.people.accounts import player_create
from games.people.privacy import account_delete
from games.people.profiles import LEADERBOARD_MIN_GAMES
from games.play.services import PlayerSpec, game_create
from tests.clock import T0
from tests.site.player_helpers import address, finished_game

pytestmark = pytest.mark.django_db

NAMES = ("Anne", "Bart", "Cleo")


@pytest.fixture
def players(db: None) -> dict[str, Player]:
    """Anne, Bart and Cleo with accounts, five finished Freibeuter games and one under way."""
    rng = random.Random(5)
    for _ in range(LEADERBOARD_MIN_GAMES):
        finished_game("freibeuter", list(NAMES), rng)
    accounts = {name: player_create(email=address(name), handle=name) for name in NAMES}
    game_create(
        kind="freibeuter",
        players=[PlayerSpec(name=name, email=address(name)) for name in ("Anne", "Dirk")],
        seed=99,
    )
    return accounts


def _page(client: Client, path: str, language: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(path)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Games by kind", "Mean time to move", "turns moved in time", "Games under way"]),
        (
            "de",
            ["Spiele nach Art", "Mittlere Zugzeit", "Zügen rechtzeitig gezogen", "Laufende Spiele"],
        ),
        ("fr", ["Parties par jeu", "Temps moyen par coup", "tours joués à temps"]),
    ],
)
def test_the_profile_shows_figures_per_kind_and_the_games_in_each_language(
    players: dict[str, Player], client: Client, language: str, words: list[str]
) -> None:
    page = _page(client, "/players/anne/", language)
    assert all(word in page for word in words), [w for w in words if w not in page]
    assert "<h1>Anne</h1>" in page and "@example.org" not in page
    assert len(re.findall(r'href="/games/\d+/"', page)) == LEADERBOARD_MIN_GAMES + 1


@pytest.mark.parametrize(
    ("language", "title"),
    [
        ("en", "Leaderboard: Freibeuter"),
        ("de", "Rangliste: Freibeuter"),
        ("fr", "Palmarès : Freibeuter"),
    ],
)
def test_the_leaderboard_ranks_players_with_enough_rated_games(
    players: dict[str, Player], client: Client, language: str, title: str
) -> None:
    page = _page(client, "/leaderboard/freibeuter/", language)
    assert title in page and "@example.org" not in page
    assert all(f'href="/players/{n}/"' in page for n in NAMES)
    assert "Dirk" not in page
    assert "/players/" not in _page(client, "/leaderboard/seerauber/", language)


def test_the_api_gives_the_profile_and_the_leaderboard(
    players: dict[str, Player], client: Client
) -> None:
    profile = client.get("/api/players/ANNE/")
    assert profile.status_code == 200 and "@example.org" not in profile.content.decode()
    data = profile.json()
    (stats,) = data["kinds"]
    wins = GameResult.objects.filter(player=players["Anne"], won=True).count()
    assert (data["handle"], stats["kind"], stats["played"], stats["wins"]) == (
        "Anne",
        "freibeuter",
        LEADERBOARD_MIN_GAMES,
        wins,
    )
    assert stats["rating"]["games"] == LEADERBOARD_MIN_GAMES
    assert data["reliability"]["percent"] == 100 and data["reliability"]["left"] == 0
    assert stats["mean_move_seconds"] is not None
    assert len(data["under_way"]) == 1 and data["under_way"][0]["result"] is None
    assert all(line["result"]["rated"] for line in data["over"])
    board = client.get("/api/leaderboard/", {"kind": "freibeuter"}).json()
    assert board["min_games"] == LEADERBOARD_MIN_GAMES
    ordinals = [row["ordinal"] for row in board["results"]]
    assert [row["rank"] for row in board["results"]] == [1, 2, 3]
    assert ordinals == sorted(ordinals, reverse=True)
    assert {row["handle"] for row in board["results"]} == set(NAMES)


def test_the_api_refuses_an_unknown_handle_or_kind(db: None, client: Client) -> None:
    missing = client.get("/api/players/nobody/")
    assert missing.status_code == 404 and missing.json()["error"]["code"]
    assert client.get("/api/leaderboard/", {"kind": "chess"}).status_code == 400
    assert client.get("/api/leaderboard/").status_code == 400
    assert client.get("/players/nobody/").status_code == 404
    assert client.get("/leaderboard/chess/").status_code == 404


def test_the_schema_documents_the_players_api(client: Client) -> None:
    schema: dict[str, Any] = json.loads(
        client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").content
    )
    assert {"/api/players/{handle}/", "/api/leaderboard/"} <= set(schema["paths"])
    profile = schema["components"]["schemas"]["ProfileOutput"]
    assert "reliability" in profile["required"]
    reliability = schema["components"]["schemas"]["ReliabilityOutput"]["properties"]
    assert set(reliability) == {"turns", "in_time", "share", "percent", "left"}
    assert all(field.get("description") for field in reliability.values())


def test_every_name_on_the_dashboard_and_the_history_links_to_its_profile(
    players: dict[str, Player], client: Client
) -> None:
    """Item 2: a player's name links to /players/<handle>/ where he has an account."""
    dashboard = _page(client, "/", "en")
    assert '<a class="player" href="/players/Anne/">Anne</a>' in dashboard
    assert 'href="/players/Dirk/"' not in dashboard and "Dirk" in dashboard  # no account
    finished = _page(client, "/?show=finished", "en")
    assert all(f'<a class="player" href="/players/{name}/">' in finished for name in NAMES)
    game = GameResult.objects.filter(player=players["Bart"]).first().game  # type: ignore[union-attr]
    history = _page(client, f"/games/{game.pk}/history/", "en")
    moves = history.split('class="moves-list"')[1].split("</ol>")[0]
    assert (
        moves.count('href="/players/Bart/"')
        == game.events.filter(type="move", payload__player="Bart").count()
    )
    assert re.search(r'<a href="\?at=1">[^<]+</a>', moves)  # each move still opens the board


def test_a_deleted_account_is_linked_nowhere_and_off_the_leaderboard(
    players: dict[str, Player], client: Client
) -> None:
    account_delete(player=players["Cleo"], now=T0)
    assert 'href="/players/Cleo/"' not in _page(client, "/?show=finished", "en")
    board = _page(client, "/leaderboard/freibeuter/", "en")
    assert "Cleo" not in board and 'href="/players/Anne/"' in board


@pytest.mark.parametrize("kind", ["freibeuter", "seerauber", "flusspiraten"])
def test_the_names_on_every_games_page_link_to_their_profiles(
    players: dict[str, Player], client: Client, kind: str
) -> None:
    """Item 2: the players on a game's page and its history link to their profiles."""
    game = game_create(
        kind=kind,
        players=[PlayerSpec(name=name, email=address(name)) for name in (*NAMES, "Dirk")],
        seed=4,
    )
    game.seats.filter(display_name="Dirk").update(email="dirk@example.org")
    for path in (
        f"/games/{game.pk}/",
        f"/games/{game.pk}/history/",
        f"/games/{game.pk}/history/board/",
    ):
        page = _page(client, path, "en")
        assert all(f'<a class="player" href="/players/{n}/">' in page for n in NAMES), path
        assert 'href="/players/Dirk/"' not in page and "Dirk" in page
