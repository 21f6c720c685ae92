"""The notices' parts of the settings pages: the webhook channels of a seat or a table (add
one, send it a test, resume it after a pause, remove it: ``games.notices.channels``), a
seat's browser push subscriptions (``games.notices.push``) and playing hours
(``games.timecontrol.hours``), and its player's calendar feed (its link, and a new one that
revokes it: ``games.notices.calendar``)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

from django import forms
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.errors import GameError, TooMany
from games.models import NoticeChannel, Seat, Table
from games.notices import calendar, channels, push
from games.timecontrol import hours
from games.web.lobby_forms import PlaceForm


class ChannelForm(forms.Form):
    """A new webhook: its kind and its address."""

    kind = forms.ChoiceField(
        label=_("Kind"),
        choices=[
            (NoticeChannel.Kind.DISCORD, "Discord"),
            (NoticeChannel.Kind.SLACK, "Slack"),
            (NoticeChannel.Kind.JSON, _("JSON, signed (for bots and home automation)")),
        ],
    )
    url = forms.CharField(label=_("Webhook address"), max_length=500, widget=forms.URLInput)


@dataclass
class ChannelsPart:
    """What the page shows of a seat's or a table's channels after a request."""

    form: ChannelForm
    rows: list[dict[str, object]]
    done: str = ""
    refusal: str = ""
    status: int = 200
    push_key: str = ""
    """The VAPID key a browser subscribes to a seat's notices with (none: no push offered)."""


def _rows(owner: Seat | Table) -> list[dict[str, object]]:
    """``owner``'s channels as the page lists them: the host only, since a Discord or Slack
    address is itself a secret, and the generic kind's signing secret."""
    return [
        {
            "id": channel.pk,
            "kind": _("Browser push")
            if channel.kind == NoticeChannel.Kind.PUSH
            else channel.get_kind_display(),
            "host": urlsplit(channel.url).hostname or "",
            "paused": channel.paused_at is not None,
            "secret": channel.secret if channel.kind == NoticeChannel.Kind.JSON else "",
        }
        for channel in channels.channels_of(owner)
    ]


class TableChannelForm(ChannelForm, PlaceForm):
    """A table's webhook: its kind, its address, and the language and time zone it speaks."""

    field_order = ["kind", "url", "language", "time_zone"]


def channels_part(request: HttpRequest, owner: Seat | Table, action: str) -> ChannelsPart:
    """Do the channel ``action`` the POST asks (if one) for ``owner``, a seat or a table,
    and what its page shows."""
    form_class = ChannelForm if isinstance(owner, Seat) else TableChannelForm
    form = form_class(request.POST if action == "channel-add" else None)
    done, refusal, status = "", "", 200
    now = timezone.now()
    try:
        chosen = int(request.POST.get("channel", "0") or 0)
    except ValueError:
        chosen = 0
    try:
        if action == "channel-add" and form.is_valid():
            if isinstance(owner, Seat):
                channels.channel_add(seat=owner, now=now, **form.cleaned_data)
            else:
                channels.table_channel_set(table=owner, now=now, **form.cleaned_data)
            form, done = form_class(), str(_("The channel is added."))
        elif action == "push-add" and isinstance(owner, Seat):
            asked = {key: request.POST.get(key, "")[:600] for key in ("endpoint", "p256dh", "auth")}
            channels.push_add(seat=owner, now=now, **asked)
            done = str(_("This browser gets your turn notices now."))
        elif action == "channel-test":
            channels.channel_test(owner=owner, channel_id=chosen, now=now)
            done = str(_("A test notice is on its way."))
        elif action == "channel-resume":
            channels.channel_resume(owner=owner, channel_id=chosen)
            done = str(_("The channel is resumed."))
        elif action == "channel-remove":
            channels.channel_remove(owner=owner, channel_id=chosen)
            done = str(_("The channel is removed."))
    except GameError as error:
        refusal, status = error.message, 429 if isinstance(error, TooMany) else 400
    if form.errors:
        status = 400
    push_key = (
        push.application_server_key() if push.push_enabled() and isinstance(owner, Seat) else ""
    )
    return ChannelsPart(
        form=form, rows=_rows(owner), done=done, refusal=refusal, status=status, push_key=push_key
    )


class HoursForm(forms.Form):
    """A seat's playing hours, on its own wall clock: both times, or neither (always)."""

    hours_from = forms.TimeField(
        label=_("From"), required=False, widget=forms.TimeInput(attrs={"type": "time"})
    )
    hours_until = forms.TimeField(
        label=_("Until"), required=False, widget=forms.TimeInput(attrs={"type": "time"})
    )

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        if (cleaned.get("hours_from") is None) != (cleaned.get("hours_until") is None):
            raise forms.ValidationError(_("Give both times, or neither for notices at any hour."))
        return cleaned


@dataclass
class HoursPart:
    """What the page shows of a seat's playing hours after a request."""

    form: HoursForm
    shown: str
    done: str = ""


def hours_part(request: HttpRequest, seat: Seat, action: str) -> HoursPart:
    """The playing hours of ``seat`` (set first if the POST asks) as its settings show them."""
    form = HoursForm(
        request.POST if action == "hours" else None,
        initial={"hours_from": seat.hours_from, "hours_until": seat.hours_until},
    )
    done = ""
    if action == "hours" and form.is_valid():
        hours.hours_set(seat=seat, **form.cleaned_data)
        done = str(_("Your playing hours are saved."))
    return HoursPart(form=form, shown=hours.hours_shown(seat), done=done)


def calendar_part(seat: Seat, action: str) -> dict[str, str] | None:
    """The calendar feed of ``seat``'s player (a new link first if the POST asks), or
    ``None`` when the seat belongs to no account (the feed is the account's)."""
    player = seat.player
    if player is None or player.deleted_at is not None:
        return None
    done = ""
    if action == "calendar-revoke":
        calendar.calendar_revoke(player=player)
        done = str(_("The calendar has a new link; the old one no longer works."))
    return {"link": calendar.calendar_link(player), "done": done}
