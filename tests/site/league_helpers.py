"""Leagues for the tests: made by the service, filled with players who have accounts, and
their games played to the end by the bot through ``move_submit``, on the suite's clock."""

from __future__ import annotations

from datetime import timedelta

from games.leagues.services import league_create, league_sign_up
from games.models import League, Player
from games.people.accounts import player_create
from tests.clock import T0

OPENS = T0
CLOSES = T0 + timedelta(days=2)
ROUND_HOURS = 24 * 7


def league_of(kind: str = "seerauber", *, rounds: int = 2, name: str = "Winter League") -> League:
    """A league of ``kind`` open for sign-up from :data:`OPENS` to :data:`CLOSES`."""
    return league_create(
        name=name,
        kind=kind,
        signup_opens_at=OPENS,
        signup_closes_at=CLOSES,
        rounds=rounds,
        round_hours=ROUND_HOURS,
        options={"time_control": {"kind": "per_move", "hours": 72}},
        now=OPENS,
    )


def email_of(handle: str) -> str:
    return f"{handle.lower()}@example.org"


def players_signed_up(
    league: League, handles: list[str], languages: list[str] | None = None
) -> list[Player]:
    """An account for each of ``handles``, signed up to ``league`` in that order."""
    players = []
    for index, handle in enumerate(handles):
        player = player_create(email=email_of(handle), handle=handle, now=OPENS)
        language = languages[index % len(languages)] if languages else "en"
        league_sign_up(
            league=league,
            player=player,
            language=language,
            now=OPENS + timedelta(minutes=index + 1),
        )
        players.append(player)
    return players
