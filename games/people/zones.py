"""The time zones a player chooses from: the places of the zone database's ``zone.tab`` (one
zone per place, none of its old aliases such as ``Australia/NSW`` or ``Asia/Calcutta``), each
named by its city and country in the reader's language, the zones most of the site's players
live in first; and a first guess of a reader's zone from the languages his browser asks for.
"""

from __future__ import annotations

import functools
import zoneinfo
from pathlib import Path

from babel import Locale
from babel.core import get_global
from babel.dates import get_timezone_location
from django.utils.translation import gettext_lazy as _

COMMON = (
    "Europe/Berlin",
    "Europe/Vienna",
    "Europe/Zurich",
    "Europe/Paris",
    "Europe/Brussels",
    "Europe/Luxembourg",
    "Europe/Amsterdam",
    "Europe/London",
    "America/New_York",
    "America/Chicago",
    "America/Los_Angeles",
    "America/Toronto",
)
"""The zones offered first: those of the service's players (German, French and English)."""

REGIONS = {
    "Africa": _("Africa"),
    "America": _("America"),
    "Antarctica": _("Antarctica"),
    "Arctic": _("Arctic"),
    "Asia": _("Asia"),
    "Atlantic": _("Atlantic Ocean"),
    "Australia": _("Australia"),
    "Europe": _("Europe"),
    "Indian": _("Indian Ocean"),
    "Pacific": _("Pacific Ocean"),
}
"""The regions the zones' names begin with, each a group of the list."""

COUNTRY_ZONES = {
    "DE": "Europe/Berlin",
    "AT": "Europe/Vienna",
    "CH": "Europe/Zurich",
    "LI": "Europe/Zurich",
    "FR": "Europe/Paris",
    "BE": "Europe/Brussels",
    "LU": "Europe/Luxembourg",
    "NL": "Europe/Amsterdam",
    "GB": "Europe/London",
    "IE": "Europe/Dublin",
    "US": "America/New_York",
    "CA": "America/Toronto",
    "AU": "Australia/Sydney",
    "NZ": "Pacific/Auckland",
}
"""The zone guessed for a browser that asks for a language of a country (``de-AT``)."""

LANGUAGE_ZONES = {"de": "Europe/Berlin", "fr": "Europe/Paris", "en": "Europe/London"}
"""The zone guessed for a language alone, when no country is named."""


@functools.cache
def _places() -> dict[str, str]:
    """Each zone of ``zone.tab`` with its country code (the regions' zones of the database,
    without a country, where no ``zone.tab`` is installed)."""
    for folder in zoneinfo.TZPATH:
        table = Path(folder) / "zone.tab"
        if table.is_file():
            rows = (line.split("\t") for line in table.read_text().splitlines() if line[:1] != "#")
            return {row[2].strip(): row[0] for row in rows if len(row) >= 3}
    return {
        zone: "" for zone in zoneinfo.available_timezones() if zone.partition("/")[0] in REGIONS
    }


@functools.cache
def zone_aliases() -> dict[str, list[str]]:
    """Each listed place with the old names that stand for it (``Asia/Kolkata``:
    ``Asia/Calcutta``), as browsers still give some of them."""
    found: dict[str, list[str]] = {}
    for alias, zone in get_global("zone_aliases").items():
        if zone in _places():
            found.setdefault(zone, []).append(alias)
    return found


def _label(zone: str, locale: Locale) -> str:
    """``Wien (Österreich)``: the zone's city and, unless the city names it, its country."""
    city = get_timezone_location(zone, locale=locale, return_city=True)
    country = locale.territories.get(_places()[zone], "")
    return f"{city} ({country})" if country and country != city else city


@functools.cache
def time_zone_choices(language: str) -> list[tuple[object, object]]:
    """The list in ``language``: UTC, the common zones, then each region's places by name."""
    locale = Locale.parse(language.replace("-", "_"))
    groups: dict[str, list[tuple[str, str]]] = {region: [] for region in REGIONS}
    for zone in _places():
        region = zone.partition("/")[0]
        if zone not in COMMON and region in groups:
            groups[region].append((zone, _label(zone, locale)))
    common = [(zone, _label(zone, locale)) for zone in COMMON if zone in _places()]
    return [
        ("UTC", "UTC"),
        (_("Common time zones"), common),
        *(
            (REGIONS[region], sorted(places, key=lambda place: place[1].casefold()))
            for region, places in groups.items()
            if places
        ),
    ]


def zone_guess(accept_language: str) -> str:
    """The zone a browser's ``Accept-Language`` header suggests (``de-AT`` Vienna, ``fr``
    Paris), or UTC: a first guess the player confirms, for a page read without JavaScript."""
    for part in accept_language.split(","):
        tag = part.split(";")[0].strip().replace("_", "-")
        language, _dash, country = tag.partition("-")
        guess = COUNTRY_ZONES.get(country.upper()) or LANGUAGE_ZONES.get(language.lower())
        if guess:
            return guess
    return "UTC"
