"""What every page's template may use: the site's name (``settings.SITE_NAME``)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def site(request: HttpRequest) -> dict[str, str]:
    """The site's name, for the title, the header and the footer."""
    return {"site_name": settings.SITE_NAME}
