"""The emails of a dealt league round: one to each player, in the language
he signed up in, naming his table and the others at it, with his own seat's link."""

from __future__ import annotations

import pytest

from games.leagues.services import leagues_sweep
from games.mail.compose import mail_compose
from games.models import LeagueTable, OutboundMail
from games.play.links import seat_link
from tests.site.league_helpers import CLOSES, email_of, league_of, players_signed_up

pytestmark = pytest.mark.django_db

HANDLES = ["Anne", "Bart", "Cleo", "Dora", "Emil", "Fritz"]
LANGUAGES = ["en", "de", "fr"]
WORDS = {
    "en": ("Winter League: round 1 is dealt", "You play at table"),
    "de": ("Winter League: Runde 1 ist ausgelost", "Du spielst an Tisch"),
    "fr": ("Winter League : la manche 1 est tirée", "Vous jouez à la table"),
}


def test_each_player_gets_one_email_in_his_language_with_his_seats_link() -> None:
    league = league_of("seerauber")
    players_signed_up(league, HANDLES, LANGUAGES)
    leagues_sweep(now=CLOSES)
    rows = list(OutboundMail.objects.filter(kind="league_round").order_by("id"))
    assert sorted(row.to for row in rows) == sorted(email_of(h) for h in HANDLES)
    tables = {t.game_id: t for t in LeagueTable.objects.filter(league=league)}
    assert len(tables) == 2
    for row in rows:
        handle = HANDLES[[email_of(h) for h in HANDLES].index(row.to)]
        language = LANGUAGES[HANDLES.index(handle) % len(LANGUAGES)]
        assert row.language == language and row.seat is not None
        assert row.seat.display_name == handle and row.seat.game_id in tables
        message = mail_compose(row)
        subject, opening = WORDS[language]
        text = str(message.body)
        assert message.subject == subject and opening in text
        assert f"{opening} {tables[row.seat.game_id].number}" in text
        assert seat_link(row.seat) in text and f"/leagues/{league.pk}/" in text
        others = row.seat.game.seats.exclude(pk=row.seat.pk).values_list("display_name", flat=True)
        assert all(other in text for other in others)
        assert "@" not in text.replace(seat_link(row.seat), "")  # nobody's address


def test_a_round_writes_its_emails_once_however_often_the_sweep_runs() -> None:
    league = league_of("seerauber")
    players_signed_up(league, HANDLES[:3])
    assert leagues_sweep(now=CLOSES) == 1
    assert leagues_sweep(now=CLOSES) == 0
    assert OutboundMail.objects.filter(kind="league_round").count() == 3
