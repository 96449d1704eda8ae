"""Invisible characters that change how text reads, declared once.

Bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) reorder the
text around them where it is shown (the "Trojan Source" trick); zero-width spaces and
joiners, the word joiner and a byte-order mark inside the text (U+200B-U+200D, U+2060,
U+FEFF) hide inside names. A data file may not hold them (data/yamlio.py refuses them with
the file, line and column); from what a player types (a roster file) they are taken out, as
the site's pages do (assets/javascripts/shared/plain-text.js, which a test keeps alike).
"""

from __future__ import annotations

import re
from typing import Any

INVISIBLE = re.compile("[\u200b-\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069]")


def plain_text(text: str) -> str:
    return INVISIBLE.sub("", text)


def plain_texts(value: Any) -> Any:
    """`value` (parsed JSON) with every text in it, keys too, plain; without recursion."""
    top = {"value": value}
    stack: list[Any] = [top]
    while stack:
        holder = stack.pop()
        keys = list(holder) if isinstance(holder, dict) else range(len(holder))
        for key in keys:
            item = holder[key]
            if isinstance(key, str) and INVISIBLE.search(key):
                del holder[key]
                key = plain_text(key)
            if isinstance(item, str):
                item = plain_text(item)
            elif isinstance(item, (dict, list)):
                stack.append(item)
            holder[key] = item
    return top["value"]
