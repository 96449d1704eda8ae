"""Read a BrikWars roster file (for `rulepress army` and `rulepress cards army`), and say
where in the file a field is, so every complaint names the file's line.

A roster file is the `army` request without `game` and `op` (or just its list of lines),
plus, optionally, the army's own `name` and `notes` (printed on its roster sheet) and
`custom_cards`: a player's own cards, printed as given (a custom Creation that carries the
`creation` op's fields is priced by it).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.query import QueryError, load_request
from ..plain_text import plain_texts
from ..roster_limits import ARMY_TEXT, FILE_ENCODING, MAX_FILE


class RosterFileError(Exception):
    """A roster file that cannot be used; the message names the file (and line)."""


@dataclass
class Roster:
    name: str  # the file's name, for messages
    text: str
    request: dict  # the `army` request
    custom_cards: Any  # as given (checked by whoever prints them)
    army_name: str = ""  # the army's own name, "" when the file gives none
    notes: str = ""  # the army's notes, printed on the roster sheet

    def where(self, field: str | None) -> str:
        """'army.json line 7 (lines[1].unit)' for a field path the engine named."""
        if not field:
            return self.name
        offset = locate(self.text, field)
        if offset is None:
            return f"{self.name} ({field})"
        return f"{self.name} line {self.text.count(chr(10), 0, offset) + 1} ({field})"


def read_roster(path: Path) -> Roster:
    name = path.name
    try:
        if path.exists() and not path.is_file():  # a FIFO or a device would block a read
            raise RosterFileError(f"{path} is not a regular file")
        size = path.stat().st_size
        if size > MAX_FILE:
            raise RosterFileError(f"{name} has {size:,} bytes; a roster may have at most "
                                  f"{MAX_FILE:,} (use 'count' for many of the same unit, "
                                  "and smaller pictures on custom cards)")
        text = roster_text(path.read_bytes())
    except FileNotFoundError:
        raise RosterFileError(f"there is no roster file {path}") from None
    except UnicodeDecodeError as exc:
        raise RosterFileError(f"{name} is not UTF-8 text (byte {exc.start + 1} is not UTF-8; "
                              "save it as UTF-8)") from None
    except OSError as exc:
        raise RosterFileError(f"{name} cannot be read: {exc.__class__.__name__}") from None
    try:
        roster = load_request(text)  # the engine's own reader: length, nesting, numbers
    except QueryError as exc:
        raise RosterFileError(f"{name}: {exc.message}; a roster file is JSON like "
                              '{"budget": {"cp": 30}, "lines": [{"unit": "hero"}]}') from None
    roster = plain_texts(roster)  # as the page does: no text that reorders or hides
    if isinstance(roster, list):
        roster = {"lines": roster}
    if not isinstance(roster, dict):
        raise RosterFileError(f"{name} must hold a JSON object with 'lines' (or a list of "
                              "lines)")
    custom = roster.pop("custom_cards", [])
    own = {key: roster.pop(key, "") for key in ARMY_TEXT}  # the army's, not the engine's
    for key, longest in ARMY_TEXT.items():
        value = own[key]
        if not isinstance(value, str) or len(value) > longest:
            where = Roster(name, text, {}, []).where(key)
            raise RosterFileError(f"{where}: the army's '{key}' must be text of at most "
                                  f"{longest} characters")
    request = {"game": "brikwars", "op": "army", **roster}
    if request.get("game") != "brikwars" or request.get("op") != "army":
        raise RosterFileError(f"{name} is a roster for the brikwars 'army' op; remove its "
                              "'game' and 'op' or set them to brikwars and army")
    return Roster(name, text, request, custom, own["name"].strip(), own["notes"].strip())


def roster_text(data: bytes) -> str:
    """A roster file's bytes as text: UTF-8, a byte-order mark at the start skipped (as the
    army builder page reads a file: TextDecoder, fatal); UnicodeDecodeError otherwise."""
    return data.decode(FILE_ENCODING + "-sig")


_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")
_SPACE = re.compile(r"\s*")


def locate(text: str, field: str) -> int | None:
    """Where the value at `field` ('lines[1].squad[0].items') begins in the JSON `text`:
    as deep as the path can be followed (a missing last key: its object)."""
    decoder = json.JSONDecoder()

    def skip(at: int) -> int:
        match = _SPACE.match(text, at)
        return match.end() if match else at

    def past_value(at: int) -> int:
        """Past the value that begins at `at`, and past the comma after it if one follows."""
        _, at = decoder.raw_decode(text, at)
        at = skip(at)
        return skip(at + 1) if text.startswith(",", at) else at

    at = skip(0)
    try:
        for key, index in _STEP.findall(field):
            if key and text.startswith("{", at):
                at = skip(at + 1)
                while not text.startswith("}", at):
                    name, at = decoder.raw_decode(text, at)
                    at = skip(skip(at) + 1)  # past ':'
                    if name == key:
                        break
                    at = past_value(at)
                else:
                    return at
            elif index and text.startswith("[", at):
                at = skip(at + 1)
                for _ in range(int(index)):
                    if text.startswith("]", at):
                        return at
                    at = past_value(at)
            else:
                return at
    except (ValueError, IndexError):
        return None
    return at
