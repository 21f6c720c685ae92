"""The Django project of the pirate play-by-email service."""

from freibeuter_site.celery import app as celery_app

__all__ = ["celery_app"]
