"""Reads for the dashboard: games under way, finished games, and a signed-in reader's own.

Only projections are read (``Game`` fields, seats, and the payload of each
listed game's latest move by its ``(game, seq)`` index), never a replay, and
nothing is counted: a page reads its rows and one more on the recent-games index
(that one tells whether an older page follows), so a page costs the same with
ten games or a hundred thousand.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models import OuterRef, QuerySet, Subquery
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.timesince import timesince
from django.utils.timezone import localtime
from django.utils.translation import gettext

from engine.base import get_game
from games.display import game_label, local_time
from games.kinds import kind_of
from games.models import Event, Game, Player, Seat
from games.people.profiles import profiles_of
from games.pictures.marks import Mark, mark_svg
from games.play.links import seat_token
from games.play.selectors import listed_seats
from games.store import events
from games.templatetags.players import player_name
from games.timecontrol.deadlines import deadline_for

PAGE_SIZE = 20
MINE_LIMIT = 200
FILTERS = ("", "mine", "waiting", "finished")
UNDER_WAY = (Game.Status.ACTIVE, Game.Status.PAUSED)
SEAT_FIELDS = ("display_name", "is_bot", "player_id")
STATUS_TEMPLATE = "games/_status.html"


@dataclass(frozen=True)
class Page:
    """One page of a list: its number and whether a newer and an older page follow."""

    number: int
    has_next: bool

    @property
    def has_previous(self) -> bool:
        return self.number > 1

    @property
    def previous_page_number(self) -> int:
        return self.number - 1

    @property
    def next_page_number(self) -> int:
        return self.number + 1


def _page_number(page: str | int) -> int:
    """``page`` as a page number; anything but a positive whole number is the first page."""
    try:
        return max(int(page), 1)
    except (TypeError, ValueError):
        return 1


def _with_last_move(games: QuerySet[Game]) -> QuerySet[Game]:
    latest = Event.objects.filter(game=OuterRef("pk"), type=events.MOVE).order_by("-seq")
    return games.annotate(
        last_move_payload=Subquery(latest.values("payload")[:1]),
        last_move_version=Subquery(latest.values("version")[:1]),
        last_move_at=Subquery(latest.values("created_at")[:1]),
    )


def _rows(games: list[Game], email: str | None, time_zone: str) -> list[dict[str, Any]]:
    """The rows of ``games``: their seats read as plain rows in one query (a page shows
    eighty), the accounts of those who have one and the reader's own seats in one more each."""
    ids = [game.pk for game in games]
    seats = listed_seats(ids, SEAT_FIELDS)
    accounts = {seat["player_id"] for rows in seats.values() for seat in rows} - {None}
    players = Player.objects.in_bulk(accounts) if accounts else {}
    mine: dict[int, Seat] = {}
    if email:
        own = Seat.objects.filter(game_id__in=ids, email__iexact=email).order_by("position")
        for seat in own.only("game_id", "display_name", "token_version", "deadline_at"):
            mine.setdefault(seat.game_id, seat)
    # Each status's words (``_status.html``) rendered once for the page, not once a row.
    statuses = {
        status: render_to_string(STATUS_TEMPLATE, {"status": status})
        for status in {game.status for game in games}
    }
    return [
        _row(game, seats[game.pk], players, mine.get(game.pk), time_zone, statuses[game.status])
        for game in games
    ]


def time_ago(moment: datetime | None) -> str:
    """How long ago ``moment`` was, as players say it: "just now" within a minute, else
    "5 minutes ago" (two units at most, as Django's ``timesince`` counts them)."""
    if moment is None:
        return ""
    now = timezone.now()
    if now - moment < timedelta(minutes=1):
        return gettext("just now")
    return gettext("%(time)s ago") % {"time": timesince(moment, now)}


def _players(
    game: Game, seats: list[dict[str, Any]], marks: dict[str, Mark], profiles: dict[str, str]
) -> SafeString:
    """A row's players, one a line in seat order: mark, name (strong while to move), a bot's
    tag, the score once the game is over. Built here rather than by a loop in the template:
    a page shows eighty of them, and the template engine's cost is per tag."""
    bot = format_html(' <span class="tag">{}</span>', gettext("bot"))
    over = game.status == Game.Status.FINISHED
    lines = []
    for seat in seats:
        name = seat["display_name"]
        shown = player_name(name, profiles)  # escaped, as every part joined here
        if name in game.to_move and game.status in UNDER_WAY:
            shown = mark_safe(f"<strong>{shown}</strong>")
        score = f" {escape(game.scores.get(name))}" if over else ""
        lines.append(
            f'<span class="who">{mark_svg(marks[name])} {shown}{bot if seat["is_bot"] else ""}'
            f"{score}</span>"
        )
    return mark_safe("<br>".join(lines))


def _row(
    game: Game,
    seats: list[dict[str, Any]],
    players: dict[int, Player],
    mine: Seat | None,
    time_zone: str,
    status: str,
) -> dict[str, Any]:
    kind = kind_of(game.kind)
    marks = kind.seat_marks([seat["display_name"] for seat in seats])
    profiles = profiles_of((seat["display_name"], players.get(seat["player_id"])) for seat in seats)
    deadline = deadline_for(game, mine)  # the reader's own while the game waits for him
    last = None
    raw, version = game.last_move_payload, game.last_move_version  # type: ignore[attr-defined]
    if raw is not None:
        payload = events.upcast(events.MOVE, version, raw)
        last = {"player": payload["player"], "action": kind.move_action(payload["move"])}
    return {
        "game": game,
        "label": game_label(game),
        "title": get_game(game.kind).TITLE,
        "status": status,
        "link": f"/play/{seat_token(mine)}/" if mine else f"/games/{game.pk}/",
        "players": _players(game, seats, marks, profiles),
        "profiles": profiles,
        "mine": mine is not None,
        "waiting_for_me": mine is not None
        and game.status == Game.Status.ACTIVE
        and mine.display_name in game.to_move,
        "last": last,
        "last_ago": time_ago(game.last_move_at),  # type: ignore[attr-defined]
        "deadline": deadline,
        # the <time> element's moment, in the current zone (as the ``date`` filter would write
        # it, which formats character by character)
        "deadline_datetime": localtime(deadline).strftime("%Y-%m-%dT%H:%M:%S%z")
        if deadline
        else "",
        "deadline_local": local_time(deadline.isoformat() if deadline else None, time_zone),
    }


def _my_seats(email: str) -> list[Seat]:
    return list(
        Seat.objects.filter(email__iexact=email)
        .select_related("game")
        .only("game__status", "game__to_move", "display_name", "time_zone", "game_id")
        .order_by("-game_id")[:MINE_LIMIT]
    )


def dashboard(*, email: str | None, show: str, page: str | int) -> dict[str, Any]:
    """The dashboard's lists: waiting-for-me and my games first, then the filtered page."""
    show = show if show in FILTERS else ""
    if not email and show in ("mine", "waiting"):
        show = ""
    seats = _my_seats(email) if email else []
    time_zone = seats[0].time_zone if seats else "UTC"
    waiting_ids = [
        seat.game_id
        for seat in seats
        if seat.game.status == Game.Status.ACTIVE and seat.display_name in seat.game.to_move
    ]
    mine_ids = [seat.game_id for seat in seats if seat.game.status in UNDER_WAY]
    games = {
        "finished": Game.objects.filter(status=Game.Status.FINISHED),
        "mine": Game.objects.filter(pk__in=[seat.game_id for seat in seats]),
        "waiting": Game.objects.filter(pk__in=waiting_ids),
        "": Game.objects.filter(status__in=UNDER_WAY),
    }[show]
    ordering = ("-updated_at", "-id")
    number = _page_number(page)
    start = (number - 1) * PAGE_SIZE
    ids = list(
        games.order_by(*ordering).values_list("pk", flat=True)[start : start + PAGE_SIZE + 1]
    )
    current = Page(number=number, has_next=len(ids) > PAGE_SIZE)
    # The latest-move subqueries run for the page's rows only, not for the rows skipped over.
    listed = _with_last_move(Game.objects.filter(pk__in=ids[:PAGE_SIZE]))
    rows = _rows(list(listed.order_by(*ordering)), email, time_zone)
    mine_rows: list[dict[str, Any]] = []
    if email and show == "" and current.number == 1 and mine_ids:
        mine_games = _with_last_move(Game.objects.filter(pk__in=mine_ids)).order_by("-updated_at")
        mine_rows = _rows(list(mine_games[:PAGE_SIZE]), email, time_zone)
        mine_rows.sort(key=lambda row: not row["waiting_for_me"])
    return {
        "show": show,
        "email": email,
        "rows": rows,
        "mine_rows": mine_rows,
        "waiting_count": len(waiting_ids),
        "page": current,
        "time_zone": time_zone,
    }
