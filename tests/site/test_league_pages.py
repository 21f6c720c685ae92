"""A league's page and its API once rounds are dealt: the rounds with a link
to each table's game, the players with their places and scores, and the standings; and
``manage.py league_create``, the moderators' way to open a league."""

from __future__ import annotations

import json
from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, transaction
from django.test import Client

from games.leagues.services import leagues_sweep
from games.models import ImmutableEventError, League, LeagueEvent, LeagueTable
from tests.clock import next_local
from tests.site.league_helpers import CLOSES, OPENS, league_of, players_signed_up
from tests.site.player_helpers import bot_moves

pytestmark = pytest.mark.django_db

HANDLES = ["Anne", "Bart", "Cleo", "Dora", "Emil", "Fritz"]


def _dealt_league() -> League:
    league = league_of("seerauber", rounds=2)
    players_signed_up(league, HANDLES)
    leagues_sweep(now=CLOSES)
    first = LeagueTable.objects.filter(league=league).order_by("number")[0]
    bot_moves(first.game, now=CLOSES)
    league.refresh_from_db()
    return league


def test_the_page_shows_each_table_with_its_game_and_the_standings(client: Client) -> None:
    league = _dealt_league()
    page = client.get(f"/leagues/{league.pk}/").content.decode()
    tables = list(LeagueTable.objects.filter(league=league).order_by("number"))
    assert "Round 1" in page and "round 1 of 2" in page and "Standings" in page
    for table in tables:
        assert f'<a href="/games/{table.game_id}/">Table {table.number}</a>' in page
    assert page.count("place ") >= 3  # the finished table's players with place and score
    assert all(f">{handle}</a>" in page for handle in HANDLES)  # standings link profiles
    assert "Sign up" not in page  # the sign-up has closed


def test_the_api_gives_rounds_tables_and_standings_by_handle_only(client: Client) -> None:
    league = _dealt_league()
    body = client.get(f"/api/leagues/{league.pk}/").json()
    assert (body["id"], body["kind"], body["status"], body["round"]) == (
        league.pk,
        "seerauber",
        "playing",
        1,
    )
    (round_one,) = body["rounds_dealt"]
    assert [len(table["seats"]) for table in round_one["tables"]] == [3, 3]
    finished = round_one["tables"][0]
    assert finished["status"] == "finished" and all(s["placement"] for s in finished["seats"])
    assert round_one["tables"][1]["seats"][0]["placement"] is None
    assert sorted(row["handle"] for row in body["standings"]) == sorted(HANDLES)
    assert "@" not in json.dumps(body)
    assert client.get("/api/leagues/999999/").status_code == 404


def test_the_schema_documents_the_league_api(client: Client) -> None:
    schema: dict[str, Any] = json.loads(
        client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").content
    )
    assert "/api/leagues/{id}/" in schema["paths"]
    league = schema["components"]["schemas"]["LeagueOutput"]["properties"]
    assert {"standings", "rounds_dealt", "round_deadline"} <= set(league)


def test_a_moderator_opens_a_league_with_the_command() -> None:
    closing = next_local(18, "UTC", after=OPENS + timedelta(days=19))
    out = StringIO()
    call_command(
        "league_create",
        "Spring League",
        "--kind=flusspiraten",
        f"--opens={OPENS.isoformat()}",
        f"--closes={closing:%Y-%m-%dT%H:%M}",
        "--rounds=4",
        "--table-size=5",
        stdout=out,
    )
    league = League.objects.get(name="Spring League")
    assert (league.kind, league.rounds, league.table_size) == ("flusspiraten", 4, 5)
    assert league.signup_closes_at == closing
    assert f"/leagues/{league.pk}/" in out.getvalue()
    assert league.events.get().type == "league_created"


def test_league_events_are_immutable_in_the_model_and_the_database() -> None:
    league = league_of()
    event = LeagueEvent.objects.get(league=league)
    with pytest.raises(ImmutableEventError):
        event.save()
    with pytest.raises(ImmutableEventError):
        LeagueEvent.objects.filter(league=league).update(type="x")
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE games_leagueevent SET type = 'x' WHERE id = %s", [event.pk])


def test_the_admin_shows_leagues_and_their_events_read_only(admin_client: Client) -> None:
    league = league_of()
    event = LeagueEvent.objects.get(league=league)
    assert admin_client.get("/admin/games/league/").status_code == 200
    page = admin_client.get(f"/admin/games/leagueevent/{event.pk}/change/")
    assert page.status_code == 200 and b'name="_save"' not in page.content
    assert admin_client.post(f"/admin/games/leagueevent/{event.pk}/delete/").status_code == 403
    assert admin_client.get("/admin/games/league/add/").status_code == 403
