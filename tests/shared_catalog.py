"""The real project's data, loaded and validated once per test session.

Many tests read the real data: through the `catalog` fixture, by calling `load_catalog(root)`
themselves, or by running a command in this process (`rulepress.cli.main([...])`), which
loads the data again on every call. conftest.py installs `SharedCatalog` as
`rulepress.data.load.load_catalog` before any test module or command imports it, so all of
them get the one catalog the session loaded. A scratch copy of the project (the `project`
fixture, which tests break on purpose) is always loaded afresh, and so is the real project
once a file under data/ has changed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from rulepress.data.catalog import Catalog


def data_stamp(project: Path) -> tuple:
    """What changes when any file under data/ changes: every file's name, size and time."""
    return tuple((str(path), stat.st_size, stat.st_mtime_ns)
                 for path in sorted((project / "data").rglob("*"))
                 if path.is_file() and (stat := path.stat()))


class SharedCatalog:
    """load_catalog(project) that gives the same Catalog for the same unchanged project."""

    def __init__(self, load: Callable[[Path], Catalog], shared: Path) -> None:
        self.load = load  # the real loader, which validates everything
        self.shared = shared.resolve()
        self.catalog: Catalog | None = None
        self.stamp: tuple = ()

    def __call__(self, project: Path) -> Catalog:
        if Path(project).resolve() != self.shared:
            return self.load(project)
        stamp = data_stamp(self.shared)
        if self.catalog is None or stamp != self.stamp:
            self.catalog, self.stamp = self.load(self.shared), stamp
        return self.catalog
