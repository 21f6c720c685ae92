"""Signing up to a league on its page: players with an account, while the
sign-up is open, once each; a refusal says why in the reader's language."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.test import Client

from games.leagues import events as league_events
from games.leagues.services import (
    NotSignedUp,
    SignupClosed,
    SignupNotOpen,
    league_sign_up,
    league_withdraw,
)
from games.models import League, LeagueEntry
from games.people.accounts import player_create
from tests.site.league_helpers import CLOSES, OPENS, email_of, league_of

pytestmark = [pytest.mark.django_db, pytest.mark.clock]

REFUSALS = {
    "no_account": {
        "en": "Sign in and choose a handle first: a league is played by players with an account.",
        "de": "Melde dich an und wähle zuerst einen Spielernamen: "
        "In einer Liga spielen Spieler mit Konto.",
        "fr": "Connectez-vous et choisissez d’abord un pseudo : "
        "une ligue se joue entre joueurs qui ont un compte.",
    },
    "twice": {
        "en": "Anne is already signed up to Winter League.",
        "de": "Du bist schon für diese Liga angemeldet.",
        "fr": "Votre inscription à cette ligue est déjà faite.",
    },
    "closed": {
        "en": "The sign-up of Winter League has closed.",
        "de": "Die Anmeldung zu dieser Liga ist geschlossen.",
        "fr": "Les inscriptions à cette ligue sont closes.",
    },
}


def _signed_in(client: Client, handle: str, *, account: bool = True) -> None:
    if account:
        player_create(email=email_of(handle), handle=handle, now=OPENS)
    session = client.session
    session["email"] = email_of(handle)
    session.save()


def _refusal(client: Client, league: League, language: str) -> str:
    client.cookies["django_language"] = language
    response = client.post(f"/leagues/{league.pk}/", {"action": "signup"})
    assert response.status_code == 400
    return response.content.decode()


def test_a_player_with_an_account_signs_up_and_withdraws_before_the_close(
    client: Client, clock: time_machine.Coordinates
) -> None:
    league = league_of()
    _signed_in(client, "Anne")
    page = client.get(f"/leagues/{league.pk}/").content.decode()
    assert "You sign up as Anne" in page and "Nobody has signed up yet." in page
    response = client.post(f"/leagues/{league.pk}/", {"action": "signup"})
    assert response.status_code == 302
    page = client.get(f"/leagues/{league.pk}/").content.decode()
    assert "You are signed up as Anne." in page and ">Anne</a>" in page
    assert LeagueEntry.objects.get(league=league).player.handle == "Anne"

    client.post(f"/leagues/{league.pk}/", {"action": "withdraw"})
    assert not LeagueEntry.objects.filter(league=league).exists()
    assert list(league.events.order_by("seq").values_list("type", flat=True))[1:] == [
        league_events.PLAYER_SIGNED_UP,
        league_events.PLAYER_WITHDREW,
    ]
    assert all("@" not in str(e.payload) for e in league.events.all())  # no address in events


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_refusals_say_why_in_the_readers_language(
    client: Client, clock: time_machine.Coordinates, language: str
) -> None:
    league = league_of()
    assert REFUSALS["no_account"][language] in _refusal(client, league, language)
    _signed_in(client, "Anne", account=False)  # signed in, but no handle chosen yet
    assert REFUSALS["no_account"][language] in _refusal(client, league, language)

    client.logout()
    _signed_in(client, "Anne")
    assert client.post(f"/leagues/{league.pk}/", {"action": "signup"}).status_code == 302
    assert REFUSALS["twice"][language] in _refusal(client, league, language)

    clock.move_to(CLOSES + timedelta(seconds=1))
    assert REFUSALS["closed"][language] in _refusal(client, league, language)
    assert LeagueEntry.objects.filter(league=league).count() == 1


def test_the_list_names_each_league_with_its_game_and_status(client: Client) -> None:
    league = league_of(name="Herbst <Cup>")
    page = client.get("/leagues/").content.decode()
    assert f'href="/leagues/{league.pk}/"' in page and "Herbst &lt;Cup&gt;" in page
    assert "Seeräuber" in page and "sign-up open" in page


def test_the_window_holds_for_the_service_too_before_it_opens_and_after_it_closes() -> None:
    league = league_of()
    anne = player_create(email=email_of("Anne"), handle="Anne", now=OPENS)
    with pytest.raises(SignupNotOpen):
        league_sign_up(league=league, player=anne, language="en", now=OPENS - timedelta(1))
    league_sign_up(league=league, player=anne, language="de", now=OPENS)
    with pytest.raises(NotSignedUp):
        league_withdraw(
            league=league, player=player_create(email="b@example.org", handle="Bart"), now=OPENS
        )
    with pytest.raises(SignupClosed):
        league_withdraw(league=league, player=anne, now=CLOSES)
    assert LeagueEntry.objects.get(league=league).language == "de"
