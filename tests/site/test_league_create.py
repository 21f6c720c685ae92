"""Leagues from the site: a player with an account starts one on the leagues page and players
sign up from that list; strangers start none, a flood is held to its share (per account and
per network, as the lobby holds tables), and bad input is refused clearly, keeping what was
typed and creating nothing."""

from __future__ import annotations

import html
from datetime import timedelta

import pytest
from django.test import Client

from games.leagues.services import league_advance
from games.models import League, LeagueEntry
from games.people.accounts import player_create
from games.web.league_views import LEAGUE_CREATE_LIMIT
from tests.clock import T0
from tests.site.league_helpers import email_of

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]

FORM = {
    "name": "Winter League",
    "kind": "seerauber",
    "signup_days": "7",
    "rounds": "3",
    "round_days": "21",
    "hours": "72",
}


def _signed_in(handle: str, *, account: bool = True, address: str = "192.0.2.1") -> Client:
    client = Client(REMOTE_ADDR=address)
    if account:
        player_create(email=email_of(handle), handle=handle, now=T0)
    session = client.session
    session["email"] = email_of(handle)
    session.save()
    return client


def _text(response: object) -> str:
    return html.unescape(response.content.decode())  # type: ignore[attr-defined]


def test_a_player_with_an_account_starts_a_league_open_for_sign_up_at_once() -> None:
    """The league's sign-up opens now and closes after the days chosen; its games give the
    time per move chosen; it then deals and plays as a league made by a moderator does."""
    response = _signed_in("Anne").post("/leagues/", FORM)
    league = League.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/leagues/{league.pk}/"
    assert (league.name, league.kind, league.rounds, league.round_hours) == (
        "Winter League",
        "seerauber",
        3,
        21 * 24,
    )
    assert league.signup_closes_at - league.signup_opens_at == timedelta(days=7)
    assert league.options == {"time_control": {"kind": "per_move", "hours": 72}}
    assert league.events.get().type == "league_created"
    assert not league_advance(league=league, now=league.signup_opens_at + timedelta(hours=1))


def test_players_sign_up_from_the_list_of_leagues() -> None:
    _signed_in("Anne").post("/leagues/", FORM)
    bart = _signed_in("Bart")
    page = _text(bart.get("/leagues/"))
    assert 'name="action" value="signup"' in page
    league = League.objects.get()
    assert bart.post(f"/leagues/{league.pk}/", {"action": "signup"}).status_code == 302
    assert LeagueEntry.objects.get(league=league).player.handle == "Bart"
    page = _text(bart.get("/leagues/"))
    assert "signed up" in page and 'value="signup"' not in page


@pytest.mark.parametrize("account", [False, True])
def test_a_visitor_without_an_account_starts_no_league(account: bool) -> None:
    stranger = Client(REMOTE_ADDR="192.0.2.2")
    if account:  # signed in, but no handle chosen yet
        stranger = _signed_in("Cleo", account=False)
    response = stranger.post("/leagues/", FORM)
    assert response.status_code == 403
    assert "a league is started by a player with an account" in _text(response)
    assert not League.objects.exists()


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("name", "   ", "This field is required."),
        ("kind", "chess", "Select a valid choice."),
        ("rounds", "0", "greater than or equal to 1"),
        ("signup_days", "400", "less than or equal to 30"),
        ("hours", "1", "Select a valid choice."),
    ],
)
def test_bad_input_is_refused_clearly_keeping_the_rest(field: str, value: str, words: str) -> None:
    response = _signed_in("Anne").post("/leagues/", {**FORM, field: value})
    assert response.status_code == 400
    page = _text(response)
    assert words in page and 'value="Winter League"' in page.replace("   ", "Winter League")
    assert not League.objects.exists()


def test_a_league_name_is_shown_as_typed_never_run() -> None:
    _signed_in("Anne").post("/leagues/", {**FORM, "name": "<script>alert(1)</script>"})
    page = Client().get("/leagues/").content.decode()
    assert "<script>alert(1)</script>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_a_flood_of_leagues_is_held_to_the_accounts_and_the_networks_share() -> None:
    anne = _signed_in("Anne")
    for number in range(LEAGUE_CREATE_LIMIT):
        assert anne.post("/leagues/", {**FORM, "name": f"L{number}"}).status_code == 302
    refused = anne.post("/leagues/", {**FORM, "name": "One too many"})
    assert refused.status_code == 429
    assert "Too many requests came from your network; try again in 1440 minutes." in _text(refused)
    # the same network under another account is held too; another network is not
    assert _signed_in("Bart").post("/leagues/", FORM).status_code == 429
    assert _signed_in("Cleo", address="198.51.100.7").post("/leagues/", FORM).status_code == 302
    assert League.objects.count() == LEAGUE_CREATE_LIMIT + 1


def test_a_flood_of_sign_ups_from_one_network_is_refused_in_its_language() -> None:
    _signed_in("Anne").post("/leagues/", FORM)
    league = League.objects.get()
    dora = _signed_in("Dora", address="203.0.113.5")
    for _ in range(15):
        dora.post(f"/leagues/{league.pk}/", {"action": "signup"})
        dora.post(f"/leagues/{league.pk}/", {"action": "withdraw"})
    dora.cookies["django_language"] = "de"
    refused = dora.post(f"/leagues/{league.pk}/", {"action": "signup"})
    assert refused.status_code == 429
    assert "Aus deinem Netz kamen zu viele Anfragen" in _text(refused)
    assert not LeagueEntry.objects.filter(league=league).exists()
