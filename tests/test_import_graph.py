"""No import circles among ``engine/``, ``games/`` and ``freibeuter_site/``, and the layers
of ``games/`` point one way.

The graph is grimp's (the engine of import-linter), built from the source:
every ``import`` counts, inside functions and ``if TYPE_CHECKING:`` blocks
too, so moving an import into a function cannot hide a circle. A package's
implicit import by its submodules is not an edge (grimp's reading, and
import-linter's), so an ``__init__`` may gather its children.

The layers are import-linter's ``layers`` contracts in ``pyproject.toml``
(``[tool.importlinter]``), checked here as ``lint-imports`` checks it: a layer
imports only the layers below it, directly or through any other module. They are
exhaustive: every package and root module of ``games/``, and every game's package
of ``games/kinds/``, is in a layer, so one left out breaks the contract.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp
import pytest
from importlinter.cli import EXIT_STATUS_SUCCESS, lint_imports

PACKAGES = ("engine", "games", "freibeuter_site")
PYPROJECT = Path(__file__).resolve().parent.parent / "pyproject.toml"


def import_circles(*packages: str) -> list[tuple[str, ...]]:
    """Each circle of imports among ``packages`` once, as the modules in import order.

    A direct import ``a → b`` lies on a circle exactly when ``b`` reaches ``a``
    back; the shortest way back closes it.
    """
    graph = grimp.build_graph(*packages, cache_dir=None)
    circles: dict[frozenset[str], tuple[str, ...]] = {}
    for importer in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(importer)):
            back = graph.find_shortest_chain(importer=imported, imported=importer)
            if back is not None:
                circle = (importer, *back)
                circles.setdefault(frozenset(circle), circle)
    return sorted(circles.values(), key=lambda circle: (len(circle), circle))


def test_it_finds_no_import_circle_in_the_project() -> None:
    circles = import_circles(*PACKAGES)
    assert not circles, "import circles:\n" + "\n".join(" → ".join(c) for c in circles)


def test_it_sees_a_circle_closed_by_an_import_inside_a_function(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "harbour"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "ships.py").write_text("from harbour import crews\n")
    (package / "crews.py").write_text("def hire():\n    from harbour import ships\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    assert import_circles("harbour") == [("harbour.crews", "harbour.ships", "harbour.crews")]


def test_the_layers_of_games_point_one_way(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(PYPROJECT.parent))  # lint_imports adds the cwd to sys.path

    assert lint_imports(str(PYPROJECT), no_cache=True, no_logo=True) == EXIT_STATUS_SUCCESS


@pytest.mark.parametrize(
    ("store_module", "unlisted", "kept"),
    [
        ("from harbour import timecontrol\n", (), True),
        ("def replay():\n    from harbour import play\n", (), False),
        ("", ("lighthouse.py",), False),
    ],
)
def test_the_layers_contract_breaks_on_an_import_that_points_up_or_a_module_left_out(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    store_module: str,
    unlisted: tuple[str, ...],
    kept: bool,
) -> None:
    contracts = tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]["contracts"]
    (contract,) = (each for each in contracts if each["containers"] == ["games"])
    package = tmp_path / "harbour"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for layer in contract["layers"]:
        for name in layer.split("|"):
            (package / f"{name.strip()}.py").write_text("")
    for name in unlisted:
        (package / name).write_text("")
    (package / "store.py").write_text(store_module)
    layers = ", ".join(f'"{layer}"' for layer in contract["layers"])
    config = tmp_path / "pyproject.toml"
    config.write_text(
        '[tool.importlinter]\nroot_package = "harbour"\n'
        f'[[tool.importlinter.contracts]]\nname = "harbour"\ntype = "layers"\n'
        f'containers = ["harbour"]\nexhaustive = {str(contract["exhaustive"]).lower()}\n'
        f"layers = [{layers}]\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.chdir(tmp_path)

    assert (lint_imports(str(config), no_cache=True, no_logo=True) == EXIT_STATUS_SUCCESS) is kept
