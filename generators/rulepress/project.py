"""Find the project folder (the one holding mkdocs.yml and data/)."""

from __future__ import annotations

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
