"""Flußpiraten through the service: emails to every player to move, replies, timeouts, secrecy.

A turn email goes to each player in ``to_move`` (all at the deploy,
both rowers at a rowing test); "choose club" is answered by email by the
rower whose turn it is not; every late step gets its default; and the first
rower's choice is in no response, page (its controls, a selected choice and
its confirmation too), email or history entry to anyone else until the
second has chosen (checked on the raw payloads).
"""

from __future__ import annotations

import re
from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid

import pytest
from django.test import Client

from games.interventions.sweep import deadline_sweep
from games.mail.compose import mail_compose
from games.mail.inbound import mail_receive
from games.mail.notices import reminder_mail_queue
from games.models import Event, Game, OutboundMail
from games.play.links import reply_address, seat_token
from games.play.lobby import LobbyError, SeatSpec, table_create
from games.play.services import PlayerSpec, game_create, game_import, move_submit
from games.store import events
from games.store.loading import engine_for, load_state
from tests.clock import T0

NAMES = ("Volker", "Birgit", "Dieter")
VOLATILE = re.compile(
    r'name="csrfmiddlewaretoken" value="[^"]*"|name="move_id" value="[^"]*"'
    r'|"(created_at|updated_at|deadline_at|id)": ?("[^"]*"|\d+)|data-seq="\d+"|seq=\d+'
    r"|Deadline: [^<\n]*"
)


def _game(seed: int = 5, options: dict | None = None) -> Game:
    players = [PlayerSpec(name=n, email=f"{n.lower()}@example.org") for n in NAMES]
    return game_create(kind="flusspiraten", players=players, seed=seed, options=options, now=T0)


def _play(game: Game, name: str, move: dict) -> None:
    seat = game.seats.get(display_name=name)
    move_submit(game=game, seat=seat, move=move, expected_seq=game.last_seq, now=T0)
    game.refresh_from_db()


def _bot(game: Game) -> None:
    name = game.to_move[0]
    _play(game, name, engine_for(game).bot_move(load_state(game), name))


def _to_rowing_test(seed: int) -> Game:
    """A game played by the bots up to a rowing test."""
    game = _game(seed)
    engine = engine_for(game)
    while (step := engine.summary(load_state(game))["step"]) and step["kind"] != "choose":
        _bot(game)
    return game


def _turn_mails(game: Game, after: int = 0) -> list[OutboundMail]:
    return list(OutboundMail.objects.filter(game=game, kind="turn", pk__gt=after).order_by("pk"))


def test_a_game_is_played_to_its_end_with_a_turn_email_to_every_player_to_move(
    db: None,
) -> None:
    game = _game()
    emails = {name: f"{name.lower()}@example.org" for name in NAMES}
    assert sorted(row.to for row in _turn_mails(game)) == sorted(emails.values())
    tests = 0
    while game.status == Game.Status.ACTIVE:
        before = list(game.to_move)
        last = OutboundMail.objects.order_by("-pk").values_list("pk", flat=True).first()
        _bot(game)
        if game.status != Game.Status.ACTIVE:
            break
        sent = sorted(row.to for row in _turn_mails(game, last))
        step = engine_for(game).summary(load_state(game))["step"]
        # Who comes to be waited for has a turn email; who still waits, at the same step or the
        # next of his turn, gets none (the mover only after passes forced on the others).
        told = [emails[name] for name in game.to_move if name not in before]
        assert sorted(set(sent) - {emails[before[0]]}) == sorted(told), (step, before)
        if step["kind"] == "choose" and not step["chosen"]:
            tests += 1
            assert len(sent) == 1  # the partner; the helmsman's turn goes on
    assert tests > 0 and game.winners
    text = mail_compose(_turn_mails(game)[-1]).body
    assert "(~n: current)" in text and "Notation: deploy N" in text


def test_choose_club_is_replied_by_email_by_the_rower_whose_turn_it_is_not(db: None) -> None:
    game = _to_rowing_test(seed=5)
    step = engine_for(game).summary(load_state(game))["step"]
    partner = game.seats.get(display_name=step["partner"])
    row = _turn_mails(game)[-1]
    assert row.to in {partner.email, game.seats.get(display_name=step["helmsman"]).email}
    text = mail_compose(_turn_mails(game)[-2] if row.to != partner.email else row).body
    assert 'reply "die", "empty" or "club"' in text
    message = EmailMessage()
    message["From"] = f"{partner.display_name} <{partner.email}>"
    message["To"] = reply_address(partner)
    message["Subject"] = "Re: your turn"
    message["Message-ID"] = make_msgid(domain="players.example")
    message.set_content("club\n\n> the quoted turn email")
    assert mail_receive(raw=message.as_bytes()) == "played"
    stored = Event.objects.filter(game=game, type=events.MOVE).order_by("-seq").first()
    assert stored.payload["player"] == partner.display_name
    assert stored.payload["move"] == {"type": "choose", "choice": "club"}


def _twin(game: Game) -> Game:
    """A second game in the same position as ``game`` (same salt, so the same dice)."""
    created = Event.objects.get(game=game, seq=1).payload
    moves = [
        {"player": e.payload["player"], **e.payload["move"]}
        for e in Event.objects.filter(game=game, type=events.MOVE).order_by("seq")
    ]
    twin = game_import(record={**created, "moves": moves})
    for seat in twin.seats.all():
        seat.email = f"{seat.display_name.lower()}@example.org"
        seat.save(update_fields=["email"])
    return twin


def _everything_seen_by_others(game: Game, chooser: str, mails_after: int) -> str:
    """Every raw payload a reader other than ``chooser`` gets, volatile parts removed."""
    client = Client()
    parts = []
    for name in [None, *NAMES]:
        if name == chooser:
            continue
        token = seat_token(game.seats.get(display_name=name)) if name else None
        base = f"/play/{token}/" if token else f"/games/{game.pk}/"
        pages = [base, f"{base}poll/?seq=-1", f"{base}history/", f"{base}history/board/"]
        if token:  # the controls, a choice selected and its confirmation
            pages += [f"{base}?move={c}" for c in ("die", "empty", "club")]
            pages += [f"{base}confirm/?move={c}" for c in ("die", "empty", "club")]
        for path in pages:
            page = client.get(path)
            assert page.status_code == 200, path
            parts.append(page.content.decode())
        auth = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
        for path in ("", "events/", "legal/"):
            answer = client.get(f"/api/games/{game.pk}/{path}", **auth)
            parts.append(answer.content.decode())
    # Reminders: the imported twin's players had no turn email yet, so only these compare.
    mails = OutboundMail.objects.filter(game=game, pk__gt=mails_after, kind="reminder")
    for row in mails.exclude(to__startswith=chooser.lower()).order_by("pk"):
        parts.append(mail_compose(row).body)
    return re.sub(
        rf"/(games|play|api/games|mail-settings)/[^/\s\"]+/|#{game.pk}\b|[0-9a-f]{{64}}",
        "",
        VOLATILE.sub("", "\n".join(parts)),
    )


def test_the_first_choice_is_in_no_payload_to_anyone_else_until_the_second(db: None) -> None:
    first = _to_rowing_test(seed=7)
    games = {"club": first, "empty": _twin(first)}
    helmsman = engine_for(first).summary(load_state(first))["step"]["helmsman"]
    seen = {}
    for choice, game in games.items():
        mark = OutboundMail.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
        _play(game, helmsman, {"type": "choose", "choice": choice})
        partner = game.seats.get(display_name=game.to_move[0])
        reminder_mail_queue(
            game=game, seat=partner, engine=engine_for(game), state=load_state(game), now=T0
        )
        seen[choice] = _everything_seen_by_others(game, helmsman, mark)
    assert "Waiting for the other rower" not in seen["club"]
    assert '"sealed":true' in seen["club"].replace(" ", "")
    assert "a sealed choice" in seen["club"]
    club, empty = seen["club"].splitlines(), seen["empty"].splitlines()
    assert [a for a, b in zip(club, empty, strict=True) if a != b] == []
    dashboard = Client().get("/").content.decode()
    assert "club" not in dashboard and "empty" not in dashboard
    assert "Chooses in secret in the rowing test" in seen["club"]  # the last move, unsaid


def test_each_late_step_gets_its_default_through_the_deadline_sweep(db: None) -> None:
    game = _game(seed=9, options={"timeout_policy": {"action": "bot", "replace_after": 100}})
    defaults = {
        "deploy": {"type": "deploy", "left": 3},
        "choose": {"type": "choose", "choice": "die"},
        "wish": {"type": "wish", "turn": False},
        "pile": {"type": "stay"},
    }
    seen: set[str] = set()
    now = T0
    while game.status == Game.Status.ACTIVE and len(seen) < len(defaults):
        step = engine_for(game).summary(load_state(game))["step"]["kind"]
        before = game.last_seq
        now += timedelta(days=30)
        deadline_sweep(now=now)
        game.refresh_from_db()
        played = Event.objects.filter(game=game, type=events.MOVE, seq__gt=before).first()
        assert played is not None and played.payload["auto"]
        move = {k: v for k, v in played.payload["move"].items() if k != "roll"}
        late = game.seats.get(display_name=played.payload["player"])
        if step in defaults and not late.is_bot:
            assert move == defaults[step]
            seen.add(step)
    assert {"deploy", "choose", "wish"} <= seen


def test_the_lobby_offers_flusspiraten_for_3_to_6_players(db: None) -> None:
    page = Client().get("/games/new/").content.decode()
    assert "Flußpiraten (3 to 6 players)" in page
    assert "Each game shows its number of players beside its name." in page
    bots = [SeatSpec(kind="bot", name=f"Bot {n}") for n in range(7)]
    for count in (2, 7):
        with pytest.raises(LobbyError, match="3 to 6 players"):
            table_create(kind="flusspiraten", seats=bots[:count], options={})
    table_create(kind="flusspiraten", seats=bots[:6], options={})
    game = Game.objects.get(kind="flusspiraten")
    assert game.seats.count() == 6 and len(game.to_move) == 6
