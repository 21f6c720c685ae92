"""A player's settings: the time zone list (places once each, named readably in the reader's
language, the common ones first, guessed from the browser), a seat's settings page (mail,
language, time zone, and a vacation by the play link alone), the language and zone chosen at
the first sign-in, and the demo game's seats in zones of their languages."""

from __future__ import annotations

import re
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from games.models import Game, MailPreference, Player, Seat
from games.play.links import mail_settings_token, seat_token
from games.play.services import PlayerSpec, game_create
from tests.clock import T0

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(db: None) -> Game:
    return game_create(
        kind="freibeuter",
        players=[
            PlayerSpec(name="Anne", email="anne@example.org", language="de"),
            PlayerSpec(name="Bart", email="bart@example.org"),
            PlayerSpec(name="Cleo", is_bot=True),
        ],
        seed=4,
        now=T0,
    )


def _anne(game: Game) -> Seat:
    return game.seats.get(display_name="Anne")


def _play_settings(game: Game) -> str:
    return f"/play/{seat_token(_anne(game))}/mail/"


def _zone_select(page: str) -> str:
    found = re.search(r'<select name="time_zone"[^>]*>.*?</select>', page, re.S)
    assert found is not None, "the time zone is chosen from a list"
    return found.group(0)


def test_the_zone_list_names_each_place_once_readably_with_the_common_ones_first(
    game: Game,
) -> None:
    """Old aliases (``Australia/NSW``, ``Asia/Calcutta``, ``US/Eastern``) are gone, every zone is
    offered once, named by city and country in the reader's language, the players' usual
    zones in a first group."""
    page = Client().get(_play_settings(game)).content.decode()
    zones = _zone_select(page)
    values = re.findall(r'<option value="([^"]+)"', zones)
    assert len(values) == len(set(values)) and 400 < len(values) < 430
    assert not {"Australia/NSW", "Australia/North", "Asia/Calcutta", "US/Eastern"} & set(values)
    groups = re.findall(r'<optgroup label="([^"]+)"', zones)
    assert groups[:3] == ["Übliche Zeitzonen", "Afrika", "Amerika"]
    assert '<option value="Europe/Vienna">Wien (Österreich)</option>' in zones
    assert re.search(r'<option value="Australia/Sydney"[^>]*>Sydney \(Australien\)<', zones)
    common = zones.split('<optgroup label="Afrika">')[0]
    assert (
        common.index("Europe/Berlin")
        < common.index("Europe/Paris")
        < common.index("America/New_York")
    )
    assert 'data-aliases="Asia/Calcutta"' in zones  # the browser's old name finds its place


def test_a_seat_still_on_utc_is_offered_the_zone_its_browser_suggests(game: Game) -> None:
    """Without JavaScript the zone is guessed from the browser's languages (``de-AT``: Vienna)
    and marked as a guess the page's script may replace by the browser's own zone."""
    page = Client().get(_play_settings(game), HTTP_ACCEPT_LANGUAGE="de-AT,de;q=0.8")
    zones = _zone_select(page.content.decode())
    assert 'data-browser-time-zone="guess"' in zones
    assert '<option value="Europe/Vienna" selected>' in zones


def test_the_settings_page_stays_in_the_language_the_reader_chose(game: Game) -> None:
    """Anne's seat speaks German, but after she presses EN the page is English."""
    client = Client()
    assert "Einstellungen" in client.get(_play_settings(game)).content.decode()
    client.post("/i18n/setlang/", {"language": "en", "next": _play_settings(game)})
    page = client.get(_play_settings(game)).content.decode()
    assert "<h1>Settings</h1>" in page and "Einstellungen" not in page


def test_language_and_zone_are_saved_and_the_page_speaks_the_new_language(game: Game) -> None:
    form = {
        "action": "settings",
        "preference": MailPreference.DIGEST,
        "language": "fr",
        "time_zone": "Europe/Paris",
    }
    page = Client().post(f"/mail-settings/{mail_settings_token(_anne(game))}/", form)
    assert page.status_code == 200 and "Paramètres" in page.content.decode()
    anne = _anne(game)
    assert (anne.language, anne.time_zone, anne.mail_preference) == (
        "fr",
        "Europe/Paris",
        MailPreference.DIGEST,
    )


def test_a_zone_not_in_the_list_is_refused_and_nothing_changes(game: Game) -> None:
    form = {"action": "settings", "preference": "digest", "language": "en", "time_zone": "Mars"}
    response = Client().post(_play_settings(game), form)
    assert response.status_code == 400
    assert "Wähle eine Zeitzone wie Europe/Berlin." in response.content.decode()
    anne = _anne(game)
    assert (anne.language, anne.time_zone, anne.mail_preference) == (
        "de",
        "UTC",
        MailPreference.EVERY_TURN,
    )


def test_a_player_starts_a_vacation_on_the_settings_page_within_the_years_days(
    game: Game,
) -> None:
    """A vacation stops the seat's clock for whole days, at most the game's days a year; the
    game page's link to the settings says it is there."""
    client = Client()
    game_page = client.get(f"/play/{seat_token(_anne(game))}/").content.decode()
    assert f'<a href="{_play_settings(game)}">Einstellungen und Urlaub</a>' in game_page
    page = client.get(_play_settings(game)).content.decode()
    assert "Du hast noch 14 von 14 Urlaubstagen" in page
    page = client.post(_play_settings(game), {"action": "vacation", "days": "3"}).content.decode()
    anne = _anne(game)
    assert anne.vacation_until is not None and anne.vacation_until >= T0 + timedelta(days=3)
    assert "Du hast noch 11 von 14 Urlaubstagen" in page and "Du hast Urlaub bis" in page

    refused = client.post(_play_settings(game), {"action": "vacation", "days": "12"})
    assert refused.status_code == 400
    assert "So viele Urlaubstage hast du dieses Jahr nicht mehr übrig." in refused.content.decode()
    assert _anne(game).vacation_until == anne.vacation_until


def test_the_mail_settings_link_starts_no_vacation(game: Game) -> None:
    """The emails' settings link acts for nothing but the mail: it offers no vacation, and a
    vacation posted to it is not started."""
    path = f"/mail-settings/{mail_settings_token(_anne(game))}/"
    assert "Urlaub" not in Client().get(path).content.decode()
    Client().post(path, {"action": "vacation", "days": "3"})
    assert _anne(game).vacation_until is None


def test_the_first_sign_in_sets_language_and_zone_of_the_players_seats(game: Game) -> None:
    client = Client()
    session = client.session
    session["email"] = "anne@example.org"
    session.save()
    page = client.get("/players/handle/", HTTP_ACCEPT_LANGUAGE="fr-FR").content.decode()
    assert '<option value="Europe/Paris" selected>' in _zone_select(page)
    form = {"handle": "Anne", "language": "en", "time_zone": "America/New_York"}
    assert client.post("/players/handle/", form).status_code == 302
    assert (_anne(game).language, _anne(game).time_zone) == ("en", "America/New_York")


def test_a_bad_zone_at_the_first_sign_in_makes_no_account(game: Game) -> None:
    client = Client()
    session = client.session
    session["email"] = "anne@example.org"
    session.save()
    form = {"handle": "Anne", "language": "en", "time_zone": "Atlantis/Capital"}
    page = client.post("/players/handle/", form)
    assert page.status_code == 400 and 'value="Anne"' in page.content.decode()
    assert not Player.objects.exists()


def test_the_demo_games_players_live_in_zones_of_their_languages(db: None) -> None:
    call_command("demo_game", "--seed", "1", stdout=StringIO())
    seats = Seat.objects.filter(game=Game.objects.latest("pk")).order_by("position")
    assert [(seat.language, seat.time_zone) for seat in seats] == [
        ("en", "Europe/London"),
        ("de", "Europe/Berlin"),
        ("fr", "Europe/Paris"),
    ]
