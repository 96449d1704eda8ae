"""A calculator page names every module its scripts import, at any depth, as a
modulepreload link (website/module_preloads.py), so none waits for the one above it."""

from __future__ import annotations

import re

from rulepress.website.module_preloads import ENTRIES, SCRIPTS, dependencies, module_preloads


def test_imports_at_any_depth_are_found_once_and_dynamic_ones_are_left(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "page.js").write_text(
        'import { x } from "./x.js";\nimport {\n  y,\n  z,\n} from "../b/y.js";\n'
        'import "./side.js";\nconst later = () => import("./later.js");\n', encoding="utf-8")
    (tmp_path / "a" / "x.js").write_text('export { y } from "../b/y.js";\n', encoding="utf-8")
    (tmp_path / "a" / "side.js").write_text("", encoding="utf-8")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "y.js").write_text('import { p } from "../a/page.js";\n'
                                         'import { v } from "../vendor/v.js";\n',
                                         encoding="utf-8")
    assert dependencies(tmp_path, ("a/page.js",)) == ["a/x.js", "b/y.js", "a/side.js",
                                                      "vendor/v.js"]


def test_the_calculator_page_preloads_its_whole_import_graph(root):
    found = module_preloads(root)["calculator"]
    assert len(found) == len(set(found))
    for module in ("calculators/request.js", "shared/dom.js", "vendor/lit-html.js"):
        assert module in found
    for module in found:  # each one a module that exists (or that the build vendors)
        assert (root / SCRIPTS / module).is_file() or module.startswith("vendor/"), module
    assert not set(ENTRIES["calculator"]) & set(found)


def test_a_built_calculator_page_has_a_preload_link_for_each(built_site, root):
    page = (built_site / "calculators" / "dice-roll" / "index.html").read_text(encoding="utf-8")
    linked = re.findall(r'<link rel="modulepreload" href="\.\./\.\./assets/javascripts/([^"]+)"',
                        page)
    assert linked == module_preloads(root)["calculator"]
    for module in linked:
        assert (built_site / "assets" / "javascripts" / module).is_file(), module
