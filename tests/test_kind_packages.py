"""Each engine game has a site package, ``games.kinds.<game>``, that reads no database.

A kind receives plain data (``games.kinds.base.TableView``, views, moves), so
nothing under ``games.kinds`` may import, even through another module or
inside a function, the models, the store, play, mail, interventions, web or the
API. The graph is grimp's, as in ``test_import_graph.py``.
"""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest

from engine.base import GAMES
from games.kinds import kind_of
from games.kinds.base import Kind

FORBIDDEN = ("models", "store", "play", "mail", "interventions", "web", "api")


def forbidden_imports(graph: grimp.ImportGraph, package: str, forbidden: list[str]) -> list[str]:
    """The modules of ``forbidden`` (packages included) that ``package`` reaches, sorted."""
    reached = graph.find_upstream_modules(package, as_package=True)
    return sorted(
        module
        for module in reached
        if any(module == name or module.startswith(f"{name}.") for name in forbidden)
    )


def test_no_kind_imports_the_models_store_play_mail_clocks_web_or_api() -> None:
    graph = grimp.build_graph("engine", "games", "freibeuter_site", cache_dir=None)
    forbidden = [f"games.{name}" for name in FORBIDDEN]
    assert forbidden_imports(graph, "games.kinds", forbidden) == []


def test_it_sees_a_forbidden_import_two_steps_away_inside_a_function(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for folder in ("harbour", "harbour/kinds", "harbour/store"):
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "__init__.py").write_text("")
    (tmp_path / "harbour/kinds/ship.py").write_text("from harbour import helpers\n")
    (tmp_path / "harbour/helpers.py").write_text("def load():\n    from harbour.store import x\n")
    (tmp_path / "harbour/store/x.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("harbour", cache_dir=None)

    assert forbidden_imports(graph, "harbour.kinds", ["harbour.store"]) == ["harbour.store.x"]


PROTOCOL_NAMES = sorted(
    {name for name in vars(Kind) if not name.startswith("_")} | set(Kind.__annotations__)
)


@pytest.mark.parametrize("game", GAMES)
def test_each_engine_game_has_a_kind_package_with_every_name_of_the_protocol(game: str) -> None:
    kind = kind_of(game)
    assert kind.__name__ == f"games.kinds.{game}"  # type: ignore[attr-defined]
    assert [name for name in PROTOCOL_NAMES if not hasattr(kind, name)] == []
