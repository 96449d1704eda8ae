"""Find the project folder (the one holding mkdocs.yml and data/), and its build caches."""

from __future__ import annotations

import os
from pathlib import Path


class ProjectNotFound(Exception):
    pass


def find_project(start: Path | None = None) -> Path:
    """The nearest folder at or above `start` that has both data/ and mkdocs.yml."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "data").is_dir() and (folder / "mkdocs.yml").is_file():
            return folder
    raise ProjectNotFound(f"no rulepress project (a folder with data/ and mkdocs.yml) at or "
                          f"above {here}")


def cache_folder(project: Path, name: str, variable: str) -> Path:
    """A build cache: build/cache/<name>, or the folder the environment `variable` names.
    Entries are keyed on a digest of their inputs, so several copies of the project (the
    tests' scratch builds) may share one folder."""
    shared = os.environ.get(variable)
    return Path(shared) if shared else project / "build" / "cache" / name
