"""JSON Schema for each kind of data file, generated from the models.

The schemas live in data/schema/ (committed, so editors find them beside the
data) and are published with the site under schema/.
"""

from __future__ import annotations

import json
from typing import Any
from pathlib import Path

from pydantic import create_model

from .kinds import KINDS, Kind
from .models.common import Model


def schema_for(kind: Kind) -> dict:
    fields: dict[str, Any] = {kind.section: (list[kind.model], ...)}  # type: ignore[name-defined]
    file_model = create_model(f"{kind.model.__name__}File", __base__=Model, **fields)
    schema = file_model.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": f"rulepress {kind.key} data",
            "description": f"A data/{kind.files} file: '{kind.section}' holds a list of "
                           f"{kind.model.__name__} records.",
            **{k: v for k, v in schema.items() if k != "title"}}


def schema_texts() -> dict[str, str]:
    """{file name: JSON text} for every kind."""
    return {kind.schema_name: json.dumps(schema_for(kind), indent=2, sort_keys=True) + "\n"
            for kind in KINDS}


def write_schemas(folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in schema_texts().items():
        target = folder / name
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            written.append(target)
    return written
