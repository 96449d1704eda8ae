"""Build the whole site into site/: gather, write to a scratch folder, then swap.

A failed build leaves the previous site/ untouched: everything is built under
build/ first, and site/ is replaced only when the new one is complete.
"""

from __future__ import annotations

import logging
import os
import shutil
from pathlib import Path
from typing import Callable

from ..data.load import load_catalog
from .pages import collect_pages, write_pages

Progress = Callable[[str], None]


class BuildError(Exception):
    """The site could not be built; the message says why."""


def build_site(project: Path, progress: Progress = print) -> Path:
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    scratch = project / "build"
    docs, new_site = scratch / "docs", scratch / "site.new"
    for folder in (docs, new_site):
        shutil.rmtree(folder, ignore_errors=True)

    progress("[1/3] loading and checking data")
    catalog = load_catalog(project)
    progress("[2/3] writing pages")
    pages = collect_pages(project, catalog)
    write_pages(pages, docs)
    progress(f"      {len(pages)} files")
    progress("[3/3] building the site with MkDocs")
    _mkdocs_build(project, docs, new_site)
    return _swap_in(new_site, project / "site")


def _mkdocs_build(project: Path, docs: Path, site_dir: Path) -> None:
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    messages = _CollectWarnings()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(messages)
    try:
        config = load_config(str(project / "mkdocs.yml"), docs_dir=str(docs),
                             site_dir=str(site_dir), strict=True)
        build(config)
    except MkDocsException as exc:
        detail = "\n".join(messages.lines) or str(exc)
        raise BuildError(f"MkDocs failed:\n{detail}") from None
    finally:
        logger.removeHandler(messages)


class _CollectWarnings(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(f"  {record.levelname}: {record.getMessage()}")


def _swap_in(new_site: Path, site: Path) -> Path:
    old = site.with_name(site.name + ".old")
    shutil.rmtree(old, ignore_errors=True)
    if site.exists():
        site.rename(old)
    new_site.rename(site)
    shutil.rmtree(old, ignore_errors=True)
    return site
