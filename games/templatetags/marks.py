"""Template filters that draw: ``{{ mark|mark_svg }}``, a player's mark as inline SVG."""

from __future__ import annotations

from django import template

from games.pictures.marks import mark_svg

register = template.Library()
register.filter("mark_svg", mark_svg)
