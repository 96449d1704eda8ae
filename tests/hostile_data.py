"""A copy of the project's data with hostile text in every free-text field.

Every field that the models type as free text (`Text`: a string with no pattern,
no length limit and no reference to another record) gets the original value
followed by PAYLOAD: markup, script, Markdown blocks and attribute lists, Jinja,
entities, CDATA ends and backticks. Ids, references, dice expressions, recipes and
enumerations are left as they are, so the data still loads and the engine still
answers. `inject` returns the (kind, id, field path) of every string it changed.
"""

from __future__ import annotations

import types
import typing
from pathlib import Path

import yaml
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from rulepress.data.kinds import KINDS
from rulepress.data.models.common import Ref

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml is ~10x faster
_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)

# Each line is one way data text has been (or could be) read as markup.
PAYLOAD = "\n".join([
    'Aysez</title><script>alert("title")</script>',
    '<img src=x onerror=alert("img")> <svg onload=alert("svg")> <a href="javascript:alert(1)">a</a>',
    '[link](javascript:alert("md-link")) ![pic](x "t" onerror=alert(1)) <javascript:alert(2)>',
    '{{ 7*7 }} {% if true %}jinja{% endif %} {# c #} &amp; &lt;b&gt; &#60;i&#62; ]]> </script>',
    '`code` ``two`` *star* _under_ **bold** ~~del~~ | pipe | \\ back',
    # (control characters such as Python-Markdown's \x02 placeholders never load: the data
    # loader refuses them, tests/data; the placeholder's text alone must stay text)
    '<!-- comment --> <style>body{display:none}</style> wzxhzdk:0',
    '!!! danger "Injected"',
    '    admonition body',
    '# Injected heading',
    '- injected list',
    ': definition',
    'Friend Computer {: onclick="alert(\'attr\')" }',
    '{: onmouseover="alert(\'para\')" }',
])
# Free-text fields that must stay as they are for the data to stay valid.
KEEP = {("Bot", "icon"),  # the name of an icon in the icon set
        ("Conflict", "field"),  # names a field of the record
        ("Rejection", "message")}  # what the recipe parser says, checked against it


def inject(project: Path, most: int | None = None, also: frozenset[str] = frozenset()
           ) -> list[tuple[str, str, str]]:
    """Add PAYLOAD to every free-text field of the records under project/data.

    With `most`, a kind with more records than that gets it in about `most` of them,
    spread over its files, and in those whose id is in `also`: every field still gets
    it, and the site stays quick to build.
    """
    changed: list[tuple[str, str, str]] = []
    for kind in KINDS:
        paths = sorted((project / "data").glob(kind.files))
        documents = [yaml.load(p.read_text(encoding="utf-8"), Loader=_LOADER) for p in paths]
        total = sum(len(d[kind.section]) for d in documents)
        step = -(-total // most) if most else 1
        seen = 0
        for path, document in zip(paths, documents):
            first = path.read_text(encoding="utf-8").splitlines()[0]  # the schema comment
            records = document[kind.section]
            for i, record in enumerate(records):
                seen += 1
                if (seen - 1) % step and record.get("id") not in also:
                    continue
                where = (kind.key, str(record.get("id")))
                records[i] = _mutate(record, kind.model, None, where, "", changed)
            body = yaml.dump(document, Dumper=_DUMPER, allow_unicode=True, sort_keys=False,
                             width=10**6)
            path.write_text(first + "\n" + body, encoding="utf-8")
    return changed


def _is_text(metadata: list) -> bool:
    if any(isinstance(m, (Ref, FieldInfo)) for m in metadata):
        return False  # a reference, or a typed expression (dice, formula)
    constraints = [m for m in metadata if type(m).__name__ == "StringConstraints"]
    return bool(constraints) and all(c.pattern is None and c.max_length is None
                                     for c in constraints)


def _mutate(value, annotation, metadata, where, path, changed):
    metadata = list(metadata or [])
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        base, *extra = typing.get_args(annotation)
        return _mutate(value, base, metadata + extra, where, path, changed)
    if value is None:
        return None
    if origin in (typing.Union, types.UnionType):
        options = [a for a in typing.get_args(annotation) if a is not type(None)]
        if len(options) == 1:
            return _mutate(value, options[0], metadata, where, path, changed)
        return value  # a value of one of several types (a number or a text reading)
    if origin is list:
        (item,) = typing.get_args(annotation)
        return [_mutate(v, item, [], where, f"{path}[{n}]", changed) for n, v in enumerate(value)]
    if origin is dict:
        _, item = typing.get_args(annotation)
        return {k: _mutate(v, item, [], where, f"{path}.{k}", changed) for k, v in value.items()}
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if not isinstance(value, dict):
            return value
        out = dict(value)
        for name, field in annotation.model_fields.items():
            if name in out and (annotation.__name__.split("[")[0], name) not in KEEP:
                out[name] = _mutate(out[name], field.annotation, field.metadata, where,
                                    f"{path}.{name}" if path else name, changed)
        return out
    if annotation is str and isinstance(value, str) and _is_text(metadata):
        changed.append((*where, path))
        return f"{value} {PAYLOAD}"
    return value
