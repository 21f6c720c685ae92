"""Operators' endpoints: ``/readyz`` for load balancers, ``/healthz`` for monitors,
``/metrics`` for Prometheus, and the moderators' health page with the last mail errors."""

from __future__ import annotations

import hmac

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST

from games.monitoring.health import database_up, failed_mails, health_report
from games.monitoring.metrics import metrics_text
from games.web.moderation_views import moderator_required


@require_GET
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database and broker answer and no sweep is late, else 503; no auth."""
    report = health_report()
    return JsonResponse(report, status=200 if report["ok"] else 503)


@require_GET
@never_cache
def readyz(request: HttpRequest) -> JsonResponse:
    """200 when this web node can serve (its database answers), else 503; no auth.

    A load balancer takes a node out on this, not on ``/healthz``: a late sweep or a lost
    broker is the whole service's trouble, which taking every node out would only worsen."""
    ready = database_up()
    return JsonResponse({"ok": ready}, status=200 if ready else 503)


@require_GET
@never_cache
def metrics(request: HttpRequest) -> HttpResponse:
    """The Prometheus metrics, for ``Authorization: Bearer METRICS_TOKEN`` only: 404 without
    the setting, 403 for a missing or wrong token."""
    token = settings.METRICS_TOKEN
    if not token:
        raise Http404("Metrics are off: set METRICS_TOKEN.")
    given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    if not hmac.compare_digest(given.encode(), token.encode()):
        return HttpResponse("A valid metrics token is required.\n", status=403)
    return HttpResponse(metrics_text(), content_type=CONTENT_TYPE_LATEST)


@require_GET
@moderator_required
def moderate_health(request: HttpRequest) -> HttpResponse:
    """The health report in words, and the latest failed emails with their errors."""
    context = {"report": health_report(), "failed": failed_mails()}
    return render(request, "games/moderate_health.html", context)
