"""Top-level routes: the API under /api/, the pages, the admin, the language switch, health."""

from django.contrib import admin
from django.http import HttpRequest, JsonResponse
from django.urls import include, path


def health(request: HttpRequest) -> JsonResponse:
    """Tell a load balancer the process is up."""
    return JsonResponse({"ok": True})


urlpatterns = [
    path("api/", include("games.api.urls")),
    path("", include("games.web.urls")),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("health/", health, name="health"),
]
