"""Where every entity page lives, and links between pages resolved from the data.

An entity kind (a catalog kind key) gets a folder; its record with id `x` is the
page `<folder>/<x>.md`, published at `<folder>/<x>/`. That address is the
record's permalink, so it depends only on the kind and the id. A link to an id
the catalog does not hold raises LinkError naming the page, the id and the
nearest known ids: the build stops instead of publishing a dead link.
"""

from __future__ import annotations

import difflib
import posixpath

from ..data.catalog import Catalog


class LinkError(Exception):
    """A page links to a record that does not exist (or to a kind without pages)."""


class Links:
    def __init__(self, catalog: Catalog, folders: dict[str, str]):
        self.catalog = catalog
        self.folders = folders  # kind key -> page folder, e.g. "buttonmen.skill" -> "buttonmen/skills"

    def page(self, kind: str, record_id: str, *, on: str = "") -> str:
        """The Markdown path of a record's page, e.g. "buttonmen/skills/shadow.md"."""
        if kind not in self.folders:
            raise LinkError(f"{on or 'a page'}: records of kind '{kind}' have no pages")
        if self.catalog.get(kind, record_id) is None:
            known = self.catalog.ids(kind)
            near = difflib.get_close_matches(str(record_id), known, n=3)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise LinkError(f"{on or 'a page'} links to {kind} '{record_id}', "
                            f"which is not in the data{hint}")
        return f"{self.folders[kind]}/{record_id}.md"

    def md(self, from_page: str, kind: str, record_id: str) -> str:
        """A relative Markdown link target (MkDocs checks and rewrites it)."""
        target = self.page(kind, record_id, on=from_page)
        return posixpath.relpath(target, posixpath.dirname(from_page))

    def url(self, from_page: str, kind: str, record_id: str) -> str:
        """A relative URL for raw HTML, which MkDocs leaves as written."""
        return page_url(from_page, self.page(kind, record_id, on=from_page))


def directory_url(page: str) -> str:
    """"a/b.md" -> "a/b/", "a/index.md" -> "a/" (MkDocs' use_directory_urls)."""
    stem = page[:-3]
    if stem == "index" or stem.endswith("/index"):
        return stem[:-5]
    return stem + "/"


def page_url(from_page: str, to_page: str) -> str:
    """Relative URL from one page to another, both given as Markdown paths."""
    here = directory_url(from_page).split("/")[:-1]  # "a/b/" -> ["a", "b"]
    there = directory_url(to_page).split("/")[:-1]
    common = 0
    while common < min(len(here), len(there)) and here[common] == there[common]:
        common += 1
    parts = [".."] * (len(here) - common) + there[common:]
    return "/".join(parts) + "/" if parts else "./"
