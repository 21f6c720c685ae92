"""One registration per game: outside a game's own folders, only the registry names it.

A game's folders are ``engine/<game>/``, ``games/kinds/<game>/`` and
``templates/games/<game>/``. Everywhere else in the source (Python, templates,
styles, scripts) a game is reached through ``engine.base.GAMES`` and what its
engine module declares (``TITLE``, player counts, ``MOVE_FIELDS``) — so a new
game touches its own folders and that one line. Two files are allowed to name a
game: ``engine/base.py`` (the registry) and ``freibeuter_site/settings.py``,
where the service's name ``SITE_NAME`` is the first game's. Migrations are
history and are left as they were written.
"""

from __future__ import annotations

import re
from pathlib import Path

from engine.base import GAMES, get_game

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("engine", "games", "freibeuter_site", "templates")
SUFFIXES = {".py", ".html", ".txt", ".css", ".js", ".svg"}
ALLOWED = {Path("engine/base.py"), Path("freibeuter_site/settings.py")}


def game_words() -> re.Pattern[str]:
    """Each game's registry name and title as a whole word (``freibeuter_site`` is not one)."""
    words = {word for name in GAMES for word in (name, get_game(name).TITLE)}
    alternatives = "|".join(sorted(map(re.escape, words)))
    return re.compile(rf"(?<!\w)({alternatives})(?!\w)", re.IGNORECASE)


def in_a_games_folder(path: Path) -> bool:
    parts = path.parts
    homes = {("engine",), ("games", "kinds"), ("templates", "games")}
    return any(
        len(parts) > len(home) + 1 and parts[: len(home)] == home and parts[len(home)] in GAMES
        for home in homes
    )


def naming_lines() -> list[str]:
    pattern = game_words()
    found = []
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*")):
            relative = path.relative_to(ROOT)
            if (
                path.suffix not in SUFFIXES
                or relative in ALLOWED
                or "migrations" in relative.parts
                or in_a_games_folder(relative)
            ):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{relative}:{number}: {line.strip()}")
    return found


def test_no_file_outside_a_games_folders_names_the_game() -> None:
    found = naming_lines()
    assert not found, "a game named outside its folders:\n" + "\n".join(found)


def test_the_check_sees_a_title_and_a_name_but_not_the_project_package() -> None:
    pattern = game_words()
    title = get_game(GAMES[-1]).TITLE

    assert pattern.search(f"a game of {title}.")
    assert pattern.search(f'kind="{GAMES[0]}"')
    assert not pattern.search(f"{GAMES[0]}_site.settings")


def test_a_games_folders_are_its_own() -> None:
    assert in_a_games_folder(Path("games/kinds") / GAMES[0] / "page.py")
    assert in_a_games_folder(Path("templates/games") / GAMES[1] / "game.html")
    assert not in_a_games_folder(Path("games/kinds/__init__.py"))
    assert not in_a_games_folder(Path("templates/games/base.html"))
