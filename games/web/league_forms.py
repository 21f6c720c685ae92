"""The form of a new league, as a player with an account starts one from the leagues page."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from engine.base import GAMES
from games.web.lobby_forms import HOURS, game_choices


class LeagueForm(forms.Form):
    """A league of one game: its name, how long its sign-up stays open from now, its rounds
    and the time its games give per move."""

    name = forms.CharField(label=_("Name of the league"), max_length=60)
    kind = forms.ChoiceField(label=_("Game"), choices=game_choices, initial=GAMES[0])
    signup_days = forms.IntegerField(
        label=_("Sign-up open for (days)"), min_value=1, max_value=30, initial=7
    )
    rounds = forms.IntegerField(label=_("Rounds"), min_value=1, max_value=10, initial=3)
    round_days = forms.IntegerField(
        label=_("Days to play each round"), min_value=3, max_value=60, initial=21
    )
    hours = forms.TypedChoiceField(label=_("Time per move"), choices=HOURS, coerce=int, initial=72)

    def league(self, now: datetime) -> dict[str, Any]:
        """The arguments of ``league_create`` for a league whose sign-up opens at ``now``."""
        data = self.cleaned_data
        return {
            "name": data["name"],
            "kind": data["kind"],
            "signup_opens_at": now,
            "signup_closes_at": now + timedelta(days=data["signup_days"]),
            "rounds": data["rounds"],
            "round_hours": data["round_days"] * 24,
            "options": {"time_control": {"kind": "per_move", "hours": data["hours"]}},
            "now": now,
        }
