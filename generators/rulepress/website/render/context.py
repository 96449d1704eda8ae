"""What every renderer needs: the catalog, the link table, engine data, citations."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...data.catalog import Catalog
from ...data.models.common import Source
from ..links import Links
from ..templating import render


@dataclass
class Context:
    project: Path
    catalog: Catalog
    links: Links
    engine_data: dict

    @classmethod
    def create(cls, project: Path, catalog: Catalog, renderers) -> "Context":
        folders: dict[str, str] = {}
        for renderer in renderers:
            folders.update(renderer.FOLDERS)
        return cls(project, catalog, Links(catalog, folders), catalog.engine_data())

    def source_note(self, kind: str, record_id: str, source: Source) -> str:
        """The "Source: … Data: file, line" footer of an entity page."""
        entry = self.catalog.entry(kind, record_id)
        seed = self.catalog.get("source", source.seed)
        view = {
            "title": seed.title if seed else source.seed,
            "seed": source.seed, "lines": source.lines, "section": source.section,
            "data_file": _data_path(entry.file), "data_line": entry.line,
        }
        return render("source.md.j2", source=view)


def _data_path(file: str) -> str:
    """A data file as the repository names it ("data/…"), never a machine path."""
    path = Path(file).as_posix()
    return path[path.rfind("data/"):] if "data/" in path else path
