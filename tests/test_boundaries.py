"""Import boundaries: the engine is stdlib-only so its wheel runs in Pyodide.

Only named modules may touch YAML, pydantic, MkDocs, Jinja or WeasyPrint.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "generators" / "rulepress"


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative import: resolve against the module's package
                package = path.relative_to(PACKAGE.parent).parent.parts
                base = ".".join(package[:len(package) - node.level + 1])
                names.add(f"{base}.{node.module}" if node.module else base)
            else:
                names.add(node.module or "")
    return names


def test_engine_uses_only_the_standard_library():
    for path in sorted((PACKAGE / "engine").rglob("*.py")):
        for name in imports_of(path):
            top = name.split(".")[0]
            if top == "rulepress":
                assert name.startswith("rulepress.engine"), f"{path.name} imports {name}"
            else:
                assert top in sys.stdlib_module_names, f"{path.name} imports {name}"


def test_third_party_libraries_stay_in_their_modules():
    allowed = {
        "yaml": {"data/yamlio.py"},
        "mkdocs": {"website/build.py"},  # only MkDocs glue
        # the cards' PDFs; the app icons (each SVG a PDF page that pdftoppm turns into pixels)
        "weasyprint": {"cards/pdf.py", "website/app_icons.py"},
        "cssselect2": {"cards/pdf.py"},  # hands our parsed card tree to WeasyPrint
        # sheets; the drawn font; document info and page boxes
        "pikepdf": {"cards/impose.py", "cards/pdf_font.py", "cards/docinfo.py"},
        "fontTools": {"cards/font_metrics.py"},  # widths and subsets of the card font
    }
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        for name in imports_of(path):
            top = name.split(".")[0]
            if top in allowed:
                assert relative in allowed[top], f"{relative} imports {top}"
            if top == "pydantic":
                assert relative.startswith("data/"), f"{relative} imports pydantic"


def test_the_website_and_the_cards_do_not_import_each_other():
    """The print step hands its manifest to the site step (handoff.py, through build.py):
    the two renderers stay independent of each other."""
    for package, other in (("website", "rulepress.cards"), ("cards", "rulepress.website")):
        for path in sorted((PACKAGE / package).rglob("*.py")):
            for name in imports_of(path):
                assert not (name == other or name.startswith(other + ".")), \
                    f"{package}/{path.relative_to(PACKAGE / package)} imports {name}"
    for path in sorted((PACKAGE / "website").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        assert "manifest.json" not in text and "build/print" not in text, \
            f"website/{path.name} reads the print folder instead of the handed manifest"
    assert {n for n in imports_of(PACKAGE / "handoff.py")
            if n.startswith("rulepress.")} <= {"rulepress.problems"}
