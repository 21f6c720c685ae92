"""Forms of the lobby: a new table (game, seats, clock, timeout policy) and taking a seat."""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from engine.base import GAMES, get_game
from games.names import NAME_LENGTH, BadName, name_clean
from games.people.zones import time_zone_choices, zone_aliases, zone_guess
from games.play.levels import EASY, LEVEL_NAMES
from games.play.lobby import SeatSpec
from games.play.refusals import refusal_text

MAX_SEATS = max(get_game(name).MAX_PLAYERS for name in GAMES)
SEAT_KINDS = [
    ("email", _("a player, invited by email")),
    ("open", _("an open seat (anyone may join)")),
    ("bot", _("the bot")),
    ("", _("nobody (fewer players)")),
]
SEAT_PARTS = ("kind", "name", "email", "language", "level")
"""The fields of each seat, ``seat<N>_<part>``: those of a :class:`SeatSpec`."""
HOURS = [(24, _("1 day")), (48, _("2 days")), (72, _("3 days")), (168, _("1 week"))]


def game_choices() -> list[tuple[str, str]]:
    """Each game as the lobby offers it: its title and player count, ``(3 to 5 players)``."""
    choices = []
    for name in GAMES:
        engine = get_game(name)
        count = _("%(low)s to %(high)s players") % {
            "low": engine.MIN_PLAYERS,
            "high": engine.MAX_PLAYERS,
        }
        choices.append((name, f"{engine.TITLE} ({count})"))
    return choices


class NameField(forms.CharField):
    """A player's name in normal form (``games.names``), or why it cannot be one."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=NAME_LENGTH, **kwargs)

    def to_python(self, value: Any) -> str:
        text = str(super().to_python(value))
        try:
            return name_clean(text) if text else ""
        except BadName as error:
            raise forms.ValidationError(refusal_text(error), code=error.code) from None


class TableForm(forms.Form):
    """A new game: which game, its seats, the clock and what a timeout does."""

    game = forms.ChoiceField(
        label=_("Game"), choices=game_choices, initial=GAMES[0], required=False
    )
    name = forms.CharField(label=_("Name of the game (optional)"), max_length=60, required=False)
    host_email = forms.EmailField(label=_("Your email (optional)"), required=False)
    clock = forms.ChoiceField(
        label=_("Time control"),
        choices=[("per_move", _("a fixed time per move")), ("bank", _("a time bank"))],
    )
    hours = forms.TypedChoiceField(label=_("Time per move"), choices=HOURS, coerce=int, initial=72)
    bank_days = forms.IntegerField(
        label=_("Time bank (days)"), min_value=1, max_value=60, initial=10
    )
    weekend_pause = forms.BooleanField(label=_("Weekends pause the clock"), required=False)
    timeout_policy = forms.ChoiceField(
        label=_("When time runs out"),
        choices=[("bot", _("the bot moves for the player")), ("pause", _("the game pauses"))],
    )
    replace_after = forms.IntegerField(
        label=_("Timeouts in a row before the bot takes the seat"),
        min_value=1,
        max_value=20,
        initial=3,
    )
    ladder_level = forms.ChoiceField(
        label=_("Level of the bot that takes the seat"),
        help_text=_("Until then the easy bot makes each late move."),
        choices=list(LEVEL_NAMES.items()),
        initial=EASY,
        required=False,
    )
    listed = forms.BooleanField(
        label=_("List the open seats on the home page, for anyone to take"),
        help_text=_("Otherwise only those you give the open seats' link can take them."),
        initial=True,
        required=False,
    )
    min_reliability = forms.IntegerField(
        label=_(
            "Open seats only for players who moved at least this many per cent "
            "of their turns in time"
        ),
        help_text=_(
            "Optional; only players signed in by email may then join (those without a turn "
            "in the last 12 months always may)."
        ),
        min_value=0,
        max_value=100,
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for index in range(MAX_SEATS):
            self.fields[f"seat{index}_kind"] = forms.ChoiceField(
                label=_("Seat %(number)s") % {"number": index + 1},
                choices=SEAT_KINDS if index >= 2 else SEAT_KINDS[:3],
                initial="email" if index < 2 else "",
                required=False,
            )
            self.fields[f"seat{index}_name"] = NameField(label=_("Name"), required=False)
            self.fields[f"seat{index}_email"] = forms.EmailField(label=_("Email"), required=False)
            self.fields[f"seat{index}_language"] = forms.ChoiceField(
                label=_("Language"), choices=settings.LANGUAGES, initial="en"
            )
            self.fields[f"seat{index}_level"] = forms.ChoiceField(
                label=_("Bot level"),
                choices=list(LEVEL_NAMES.items()),
                initial=EASY,
                required=False,
            )

    def seat_rows(self) -> list[list[forms.BoundField]]:
        """The seat fields, one row per seat (for the template)."""
        return [[self[f"seat{i}_{part}"] for part in SEAT_PARTS] for i in range(MAX_SEATS)]

    def seats(self) -> list[SeatSpec]:
        """The seats chosen, in order."""
        data = self.cleaned_data
        seats = [
            {part: data[f"seat{i}_{part}"] for part in SEAT_PARTS}
            for i in range(MAX_SEATS)
            if data.get(f"seat{i}_kind")
        ]
        return [SeatSpec(**{**seat, "level": seat["level"] or EASY}) for seat in seats]

    def clean(self) -> dict[str, Any]:
        """The form's data; one table invites each email address once and seats as many
        players as its game is played by."""
        data = super().clean() or {}
        addresses = [
            str(data.get(f"seat{i}_email") or "").strip().lower()
            for i in range(MAX_SEATS)
            if data.get(f"seat{i}_kind") == "email"
        ]
        addresses = [address for address in addresses if address]
        if len(set(addresses)) < len(addresses):
            raise forms.ValidationError(
                _("Each seat needs its own email address: a game invites an address once."),
                code="address_twice",
            )
        engine = get_game(str(data.get("game") or GAMES[0]))
        seats = sum(1 for i in range(MAX_SEATS) if data.get(f"seat{i}_kind"))
        if not engine.MIN_PLAYERS <= seats <= engine.MAX_PLAYERS:
            raise forms.ValidationError(
                _("%(game)s is played by %(low)s to %(high)s players.")
                % {"game": engine.TITLE, "low": engine.MIN_PLAYERS, "high": engine.MAX_PLAYERS},
                code="player_count",
            )
        return data

    def clean_game(self) -> str:
        """The chosen game; a form without the field (older pages) means the first game."""
        return str(self.cleaned_data.get("game") or GAMES[0])

    def options(self) -> dict[str, Any]:
        """The game options, in the shape ``games.timecontrol.deadlines.time_control`` reads."""
        data = self.cleaned_data
        if data["clock"] == "bank":
            control = {"kind": "bank", "bank_hours": data["bank_days"] * 24}
        else:
            control = {"kind": "per_move", "hours": data["hours"]}
        return {
            "time_control": control,
            "weekend_pause": data["weekend_pause"],
            "timeout_policy": {
                "action": data["timeout_policy"],
                "replace_after": data["replace_after"],
                "level": data["ladder_level"] or EASY,
            },
        }


def focus_first_error(form: forms.Form) -> None:
    """Give the first field with an error ``autofocus``: the browser then scrolls to it,
    with or without JavaScript, rather than leaving the player by the submit button."""
    field = next((field for field in form if field.errors), None)
    if field is not None:
        field.field.widget.attrs["autofocus"] = True


class ZoneSelect(forms.Select):
    """The zone list; each place's option names the old aliases a browser may give for it
    (``data-aliases``), so the page's guess (``site.js``) finds ``Asia/Calcutta`` too."""

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(name, value, *args, **kwargs)
        aliases = zone_aliases().get(str(value))
        if aliases:
            option["attrs"]["data-aliases"] = " ".join(aliases)
        return option


class TimeZoneField(forms.ChoiceField):
    """A time zone chosen from a list of places in the reader's language
    (``games.people.zones``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            choices=lambda: time_zone_choices(get_language() or "en"),
            initial="UTC",
            widget=ZoneSelect,
            error_messages={"invalid_choice": _("Choose a time zone such as Europe/Berlin.")},
            **kwargs,
        )


def zone_first_guess(form: forms.Form, request: HttpRequest, *, saved: str) -> None:
    """Show ``form``'s time zone as the one saved, or, while none is (UTC), as a guess from the
    languages ``request``'s browser asks for, which the page's script replaces by the browser's
    own zone (``data-browser-time-zone``); the player confirms it with the form."""
    if saved != "UTC" or form.is_bound:
        form.initial["time_zone"] = saved
        return
    form.initial["time_zone"] = zone_guess(request.headers.get("Accept-Language", ""))
    form.fields["time_zone"].widget.attrs["data-browser-time-zone"] = "guess"


class PlaceForm(forms.Form):
    """Where a player reads and lives: the language of his pages and emails, his time zone."""

    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    time_zone = TimeZoneField(label=_("Your time zone"))


class SeatForm(PlaceForm):
    """Taking a seat: the name the others will see, language and time zone."""

    name = NameField(label=_("Your name at the table"))
    field_order = ["name", "language", "time_zone"]


class JoinForm(SeatForm):
    """Taking an open seat: the same, and an email address for the turn emails."""

    email = forms.EmailField(label=_("Your email (for your turn emails)"), required=False)


def standing_fields_add(form: forms.Form, kind: str) -> None:
    """Let ``form``, taking a seat at a ``kind`` table, give the answers the game lets a
    player give before the deal: his deploy, the pirates he puts on the left start."""
    rules = get_game(kind).standing
    if rules is not None and "deploy" in rules.AT_THE_START:
        form.fields["deploy"] = forms.IntegerField(
            label=_("Your deploy: pirates on the left start (optional)"),
            min_value=0,
            max_value=5,
            required=False,
            help_text=_(
                "The others go on the right start. Played for you as soon as the game is "
                "dealt; only you see it until then."
            ),
        )


def seat_given(form: forms.Form) -> tuple[dict[str, Any], dict[str, Any]]:
    """What ``form`` gives to take a seat: its player's fields, and the standing answers
    given with them (``lobby.seat_take``'s ``standing``)."""
    data = dict(form.cleaned_data)
    left = data.pop("deploy", None)
    return data, {} if left is None else {"deploy": {"left": left}}
