"""The line a player wrote in a reply: what a move by reply is read from.

Mail programs write replies in three shapes: above the quoted email
(top-posted, Gmail, Outlook, phones), below it (bottom-posted, Thunderbird,
many German and French users) and between its quoted lines (inline). The
sender's own first line is the first one that is not empty, not quoted
(``> …``), not an attribution such as ``On … wrote:`` / ``Am … schrieb …:`` /
``Le … a écrit :`` (even wrapped over up to three lines, with or without a
space before ``wrote:``) and not a phone's "Sent from my iPhone". Reading
stops at a signature (``-- ``) and at a quoted email that is not marked with
``>``: Outlook's ``-----Original Message-----`` or ``From: … Sent: …``
block, GMX's ``Gesendet: … Von: …``, Zimbra's ``----- Mail original -----``.
An HTML-only reply is turned into text first, its ``<blockquote>`` left out.
Trailing punctuation (``Place E5 draw sea.``) and invisible format characters
are dropped; case is left to the game's notation, which ignores it.
"""

from __future__ import annotations

import re
import unicodedata
from email.message import EmailMessage
from html.parser import HTMLParser

LINE_LIMIT = 200
ATTRIBUTION_START = re.compile(r"^(on|am|le)\s", re.IGNORECASE)
ATTRIBUTION = re.compile(
    r"^(on\s.*\bwrote|am\s.*\bschrieb\b.*|le\s.*\ba\s+écrit)\s*:$", re.IGNORECASE | re.DOTALL
)
"""An attribution line: English (Gmail, Apple, Thunderbird), German and French clients."""
ATTRIBUTION_LINES = 3
QUOTED_EMAIL = re.compile(
    r"^(-{2,}\s*(original message|ursprüngliche (nachricht|mail)|message d'origine"
    r"|mail original|weitergeleitete nachricht|forwarded message)\s*-{2,}"
    r"|_{10,}"
    r"|(from|sent|von|gesendet|de|envoyé)\s*:(\s.*)?)$",
    re.IGNORECASE,
)
"""The start of a quoted email that is not marked with ``>`` (Outlook, GMX/Web.de, Zimbra)."""
PHONE_SIGNATURE = re.compile(
    r"^(sent from my|sent from outlook|get outlook for|von meinem .+ gesendet"
    r"|gesendet von|envoyé de mon|envoyé depuis|télécharger outlook)\b",
    re.IGNORECASE,
)
"""The line a phone's mail app adds under what its user writes."""
TRAILING = " \t.!;,"


class _TextOfHtml(HTMLParser):
    """Collect the text of an HTML body, a line per block, dropping quoted parts."""

    BLOCKS = frozenset({"p", "div", "br", "li", "tr", "h1", "h2", "h3", "pre", "hr"})
    HIDDEN = frozenset({"blockquote", "style", "script", "head", "title"})

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in self.HIDDEN
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN and self.hidden:
            self.hidden -= 1
        if tag in self.BLOCKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def html_text(html: str) -> str:
    """The visible text of an HTML body, quoted blocks left out."""
    parser = _TextOfHtml()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


def reply_body(message: EmailMessage) -> str:
    """The reply's text: its plain-text part, else its HTML part as text."""
    part = message.get_body(preferencelist=("plain",))
    if part is not None:
        return str(part.get_content())
    part = message.get_body(preferencelist=("html",))
    return html_text(str(part.get_content())) if part is not None else ""


def _visible(line: str) -> str:
    """The line without format characters (zero-width spaces, marks) and outer spaces."""
    return "".join(c for c in line if unicodedata.category(c) != "Cf").strip()


def _attribution_length(lines: list[str], start: int) -> int:
    """How many lines from ``start`` form an attribution (``On … wrote:``); 0 if none."""
    if not ATTRIBUTION_START.match(lines[start]):
        return 0
    joined = ""
    for length, line in enumerate(lines[start : start + ATTRIBUTION_LINES], start=1):
        if not line or line.startswith(">"):
            return 0
        joined = f"{joined} {line}".strip()
        if ATTRIBUTION.match(joined):
            return length
    return 0


def first_line(text: str) -> str | None:
    """The first line the sender wrote, above, below or between the quoted email; or None."""
    raw_lines = text.splitlines()
    lines = [_visible(raw) for raw in raw_lines]
    index = 0
    while index < len(lines):
        line = lines[index]
        if raw_lines[index].rstrip("\r\n") == "-- " or line == "--" or QUOTED_EMAIL.match(line):
            return None
        skip = _attribution_length(lines, index)
        if skip:
            index += skip
            continue
        index += 1
        if not line or line.startswith(">") or PHONE_SIGNATURE.match(line):
            continue
        return line.rstrip(TRAILING)[:LINE_LIMIT] or None
    return None
