"""The lists at scale: the dashboard and the game list API page without counting the table,
and ``?player=`` finds a name's games by the seats' name index."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime

from api_helpers import get_json
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.renderers import JSONRenderer

from games.api.serializers import GameOutput
from games.models import Game, Seat
from games.pages.dashboard import PAGE_SIZE, dashboard
from games.play.selectors import game_list
from games.play.services import PlayerSpec, game_create
from tests.bulk import games_clone


def _games(copies: int, names: tuple[str, ...] = ("Anne", "Bart", "Cleo")) -> list[int]:
    """A dealt game and ``copies`` of it, newest first."""
    game = game_create(kind="freibeuter", players=[PlayerSpec(name=n) for n in names], seed=3)
    return sorted([game.pk, *games_clone(game, copies)], reverse=True)


def _counts(queries: CaptureQueriesContext) -> list[str]:
    return [query["sql"] for query in queries if re.search(r"\bCOUNT\(", query["sql"])]


def test_the_dashboard_pages_by_next_links_without_a_count(db: None, client: Client) -> None:
    _games(2 * PAGE_SIZE)  # 41 games: two full pages and one more
    pages = []
    with CaptureQueriesContext(connection) as queries:
        for number in (1, 2, 3, 4):
            context = dashboard(email=None, show="", page=number)
            pages.append(([row["game"].pk for row in context["rows"]], context["page"]))
    assert _counts(queries) == []
    ids = [pk for rows, _ in pages for pk in rows]
    under_way = Game.objects.order_by("-updated_at", "-id").values_list("pk", flat=True)
    assert ids == list(under_way) and len(ids) == 2 * PAGE_SIZE + 1
    assert [len(rows) for rows, _ in pages] == [PAGE_SIZE, PAGE_SIZE, 1, 0]
    assert [(page.has_previous, page.has_next) for _, page in pages] == [
        (False, True),
        (True, True),
        (True, False),
        (True, False),
    ]
    html = client.get("/?page=2").content.decode()
    assert "Page 2" in html and 'href="?page=1" rel="prev"' in html
    assert 'href="?page=3" rel="next"' in html
    assert 'rel="next"' not in client.get("/?page=3").content.decode()
    assert dashboard(email=None, show="", page="x")["page"].number == 1


def test_the_game_list_api_pages_by_cursor_without_a_count(db: None, client: Client) -> None:
    ids = _games(6)
    seen: list[int] = []
    path: str | None = "/api/games/?limit=3"
    with CaptureQueriesContext(connection) as queries:
        while path:
            body = get_json(client, path).json()
            assert set(body) == {"next", "previous", "results"}
            seen += [game["id"] for game in body["results"]]
            path = body["next"]
    assert _counts(queries) == []
    assert seen == ids  # newest first, each once
    assert (
        body["previous"]
        and [game["id"] for game in get_json(client, body["previous"]).json()["results"]]
        == ids[3:6]
    )
    assert get_json(client, "/api/games/?cursor=nonsense").status_code == 404


def test_the_player_filter_is_an_exists_on_the_seats_name_index(db: None, client: Client) -> None:
    _games(5000)
    rare = _games(0, names=("Rosa", "Sven"))
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_game; ANALYZE games_seat")
    results = get_json(client, "/api/games/?player=Rosa").json()["results"]
    assert [game["id"] for game in results] == rare
    assert len(get_json(client, "/api/games/?player=Anne&limit=200").json()["results"]) == 200
    for name in ("Rosa", "Anne", "Nobody"):
        listed = game_list(player=name).order_by("-id")[:51]
        sql = str(listed.query)
        assert "EXISTS" in sql and "DISTINCT" not in sql and "JOIN" not in sql
        plan = listed.explain()
        assert "Seq Scan" not in plan, plan
    assert "seat_name_game" in game_list(player="Rosa").order_by("-id")[:51].explain()


def test_the_game_list_writes_each_game_as_the_game_output_does(db: None, client: Client) -> None:
    """The list's plain rows give the JSON ``GameOutput`` gives the detail view: deadlines
    (a game's and a seat's), bots, scores and winners of a finished game included."""
    waiting = game_create(
        kind="freibeuter",
        players=[PlayerSpec(name="Anne"), PlayerSpec(name="Bot", is_bot=True)],
        seed=1,
    )
    due = datetime(2030, 5, 6, 7, 8, 9, 123456, tzinfo=UTC)
    Game.objects.filter(pk=waiting.pk).update(deadline_at=due)
    Seat.objects.filter(game=waiting, position=0).update(deadline_at=due)
    finished = game_create(
        kind="freibeuter", players=[PlayerSpec(name="Cleo"), PlayerSpec(name="Dora")], seed=2
    )
    Game.objects.filter(pk=finished.pk).update(
        status=Game.Status.FINISHED, to_move=[], scores={"Cleo": 7, "Dora": 3}, winners=["Cleo"]
    )
    games = Game.objects.filter(pk__in=[waiting.pk, finished.pk]).prefetch_related("seats")
    expected = json.loads(JSONRenderer().render(GameOutput(games, many=True).data))
    listed = get_json(client, "/api/games/").json()["results"]
    assert listed == expected
    assert listed[1]["deadline_at"] == listed[1]["seats"][0]["deadline_at"]
    assert listed[1]["deadline_at"] == "2030-05-06T07:08:09.123456Z"
    assert [seat["is_bot"] for seat in listed[1]["seats"]] == [False, True]
    assert listed[0]["scores"] == {"Cleo": 7, "Dora": 3} and listed[0]["winners"] == ["Cleo"]
