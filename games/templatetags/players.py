"""``{% player_name name profiles %}``: a player's name, linked to his profile if he has one;
``profiles`` is the map of ``games.people.profiles.profile_links``."""

from __future__ import annotations

from collections.abc import Mapping

from django import template
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def player_name(
    name: str, profiles: Mapping[str, str] | None, label: str | None = None
) -> SafeString:
    """``label`` (default ``name``; a page's "you"), escaped, as a link to the profile
    ``profiles`` has for ``name``, if any (a name without an account is shown as it is)."""
    url = (profiles or {}).get(name)
    shown = name if label is None else label
    if url is None:
        return conditional_escape(shown)
    return format_html('<a class="player" href="{}">{}</a>', url, shown)
