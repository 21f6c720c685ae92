"""The API docs pages load Swagger UI and Redoc from this site's own static files.

Every script, stylesheet and icon the pages name is a local
``/static/`` file that WhiteNoise serves, with ``DEBUG`` on and off, so the
docs work without internet and never follow a CDN's moving version.
"""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings

ASSET = re.compile(r'(?:src|href)="([^"#]+)"')


@pytest.mark.parametrize("debug", [True, False], ids=["debug", "production"])
@pytest.mark.parametrize("page", ["/api/docs/", "/api/redoc/"])
def test_it_serves_every_asset_of_the_docs_from_the_site(page: str, debug: bool) -> None:
    with override_settings(DEBUG=debug):
        client = Client()  # a new handler, so WhiteNoise is set up for this DEBUG
        response = client.get(page)
        assert response.status_code == 200
        assets = [url for url in ASSET.findall(response.content.decode()) if url != "data:,"]
        assert assets, "the page names no script"
        for url in assets:
            assert url.startswith("/static/drf_spectacular_sidecar/"), url
            asset = client.get(url)
            assert asset.status_code == 200, url
            assert b"".join(asset.streaming_content)  # type: ignore[attr-defined]
