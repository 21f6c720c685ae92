"""Template filters that draw: ``{{ drawing|board_svg }}`` and ``{{ mark|mark_svg }}``."""

from __future__ import annotations

from django import template

from games.pictures import svg

register = template.Library()
register.filter("board_svg", svg.board_svg)
register.filter("mark_svg", svg.mark_svg)
