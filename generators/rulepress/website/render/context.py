"""What every renderer needs: the catalog, the link table, engine data, citations."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from ...data.catalog import Catalog
from ...data.models.common import Source
from ...handoff import PrintFile
from ..links import Links, directory_url
from ..templating import render


@dataclass
class Context:
    project: Path
    catalog: Catalog
    links: Links
    engine_data: dict
    names: list[str] = field(default_factory=list)  # every entity page's name, lower case, sorted
    prints: tuple[PrintFile, ...] = ()  # the PDFs the print step made (handed over)

    @classmethod
    def create(cls, project: Path, catalog: Catalog, renderers,
               prints: tuple[PrintFile, ...] = ()) -> "Context":
        """`prints`: the print step's files (entity_pages passes them; a renderer's unit
        test may leave them out, and its pages then link no PDF)."""
        folders: dict[str, str] = {}
        for renderer in renderers:
            folders.update(renderer.FOLDERS)
        names = sorted({str(getattr(record, "name", record.id)).lower()
                        for kind in folders for record in catalog.all(kind)})
        return cls(project, catalog, Links(catalog, folders), catalog.engine_data(), names,
                   prints)

    def print_links(self, page: str, game: str) -> str:
        """HTML links to the game's print-and-play PDFs (site/print/), or "" if none."""
        up = "../" * directory_url(page).count("/")
        links = [f'<a href="{up}print/{escape(e.file)}">{escape(e.title)} '
                 f'({PAPERS.get(e.paper, e.paper)}, {e.kb} KB)</a>'
                 for e in self.prints if e.game == game and not e.part]
        return f'<p class="rp-print">Print and play: {" · ".join(links)}</p>' if links else ""

    def search_boost(self, name: str) -> int:
        """Search weight of an entity page: higher when its name begins a longer name.

        The site's search matches the typed word as a prefix, so "Marksman" also
        matches "Marksmanship"; the extra weight puts the exact name first.
        """
        key = name.lower()
        after = bisect_right(self.names, key)
        return 8 if after < len(self.names) and self.names[after].startswith(key) else 4

    def source_note(self, kind: str, record_id: str, source: Source) -> str:
        """The "Source: … Data: file, line" footer of an entity page."""
        entry = self.catalog.entries[kind][record_id]
        seed = self.catalog.get("source", source.seed)
        view = {
            "title": seed.title if seed else source.seed,
            "seed": source.seed, "lines": source.lines, "section": source.section,
            "data_file": _data_path(entry.file), "data_line": entry.line,
        }
        return render("source.md.j2", source=view)


PAPERS = {"a4": "A4", "letter": "US Letter"}


def _data_path(file: str) -> str:
    """A data file as the repository names it ("data/…"), never a machine path."""
    path = Path(file).as_posix()
    return path[path.rfind("data/"):] if "data/" in path else path
