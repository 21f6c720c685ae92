"""The README and the pages of ``docs/`` hold what they say.

A newcomer reads the README first, so it stays short (at most :data:`README_LINES`
lines); every relative link of it and of ``docs/*.md`` leads to a file in the
repository; and every shell block marked runnable — the line ``<!-- runnable -->``
right before a ```` ```sh ```` fence — runs as written from the repository's root
and exits 0, each ``.venv/bin/python`` on the suite's clock
(:func:`tests.clock.clocked_command`), as ``tests/engine/test_docs.py`` runs the
record format's examples.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from tests.clock import clocked_command

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
README_LINES = 250
RUNNABLE = re.compile(r"^<!-- runnable -->\n```(?:sh|bash)\n(?P<body>.*?)\n```$", re.S | re.M)
DRILLED = re.compile(
    r"^(?P<indent> *)<!-- drilled -->\n(?P=indent)```sh\n(?P<body>.*?)\n(?P=indent)```$",
    re.S | re.M,
)
FENCED = re.compile(r"^```.*?^```$", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]*`")
INLINE_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_LINK = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
PYTHON = re.compile(r"(?<![\w/.])(?:\.venv/bin/)?python\b( -m| manage\.py)?")


def relative_links(text: str) -> list[str]:
    """The targets of the page's links that lead into the repository, anchors dropped."""
    prose = CODE_SPAN.sub("", FENCED.sub("", text))
    targets = INLINE_LINK.findall(prose) + REFERENCE_LINK.findall(prose)
    return [
        target.split("#", 1)[0]
        for target in targets
        if not target.startswith("#") and not re.match(r"[a-z][a-z0-9+.-]*:", target)
    ]


def runnable_blocks() -> list[tuple[str, int, str]]:
    """Each runnable shell block: its page, its number on the page and its text."""
    return [
        (str(page.relative_to(ROOT)), number, match["body"])
        for page in PAGES
        for number, match in enumerate(RUNNABLE.finditer(page.read_text(encoding="utf-8")), 1)
    ]


def drilled_blocks(page: Path) -> list[str]:
    """The shell blocks of ``page`` marked ``<!-- drilled -->`` (also inside a list item),
    dedented, in order: commands that need a database, run by the test that provides it."""
    return [
        "\n".join(line.removeprefix(match["indent"]) for line in match["body"].splitlines())
        for match in DRILLED.finditer(page.read_text(encoding="utf-8"))
    ]


def drill(
    block: str, environment: dict[str, str], cwd: Path, *, check: bool = True
) -> subprocess.CompletedProcess[str]:
    """Run a drilled block as its page writes it, each ``python`` on the suite's clock and the
    project's programs (``celery``) on the path, as in the service's environment; it exits 0
    (with ``check``; else the caller looks)."""
    programs = f"{Path(sys.executable).parent}:{environment.get('PATH', '')}"
    done = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", on_the_clock(block)],
        cwd=cwd,
        env={**environment, "PATH": programs},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert not check or done.returncode == 0, (block, done.stdout, done.stderr)
    return done


def on_the_clock(block: str) -> str:
    """``block`` with each ``python -m M`` and ``python manage.py`` (or ``.venv/bin/python``)
    run on this test's clock."""
    prefix = shlex.join(clocked_command("")[:-1])

    def clocked(call: re.Match[str]) -> str:
        assert call[1], f"a runnable block runs Python other than -m or manage.py:\n{block}"
        return prefix if call[1] == " -m" else f"{prefix} manage"

    block = PYTHON.sub(clocked, block)
    return block


def test_it_resolves_every_relative_link_of_the_readme_and_the_docs_pages() -> None:
    missing = []
    for page in PAGES:
        for target in relative_links(page.read_text(encoding="utf-8")):
            path = (page.parent / target).resolve()
            if not (path.exists() and path.is_relative_to(ROOT)):
                missing.append(f"{page.relative_to(ROOT)} -> {target}")
    assert not missing, "links to no file in the repository:\n" + "\n".join(missing)


def test_the_link_check_sees_relative_links_and_leaves_addresses_anchors_and_code_alone() -> None:
    text = (
        '[a](docs/a.md#part) [b](b.md "B") [web](https://example.org/x.md) [top](#top)\n'
        "`[not](code.md)` [mail](mailto:x@example.org)\n```\n[nor](fenced.md)\n```\n"
        "[ref]: ../bench/results/engine.txt\n"
    )

    assert relative_links(text) == ["docs/a.md", "b.md", "../bench/results/engine.txt"]


def test_the_readme_is_at_most_250_lines() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_LINES, f"README.md has {lines} lines; move detail into docs/"


def test_the_pages_mark_commands_to_run() -> None:
    """The marker is found: the README and the pages for players and operators each mark some."""
    pages = {page for page, _, _ in runnable_blocks()}
    assert {"README.md", "docs/playing.md", "docs/operating.md"} <= pages, pages


@pytest.mark.parametrize(
    ("page", "number", "block"), runnable_blocks(), ids=lambda value: str(value)[:40]
)
def test_it_runs_each_runnable_block_as_written(page: str, number: int, block: str) -> None:
    done = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", on_the_clock(block)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, (
        f"{page}, runnable block {number} exited {done.returncode}:\n{block}\n{done.stderr}"
    )


def test_the_decision_records_index_lists_every_record() -> None:
    """A contributor finds every record from the index."""
    folder = ROOT / "docs" / "decisions"
    listed = set(relative_links((folder / "README.md").read_text(encoding="utf-8")))
    records = {page.name for page in folder.glob("*.md")} - {"README.md"}
    assert records == listed, records ^ listed
