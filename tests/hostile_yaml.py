"""Hostile data files, written into a scratch project (tests and measurements share them).

Each writer takes the project folder and breaks one file; `HOSTILE` lists them by name.
Run as a script to time one case: python tests/hostile_yaml.py PROJECT CASE.
"""

from __future__ import annotations

import os
import sys
from functools import partial
from pathlib import Path
from typing import Callable

BOTS = "data/evilrobots/bots.yaml"
HEADER = "# yaml-language-server: $schema=../schema/evilrobots.bot.schema.json\n"
BUTTONS = "data/buttonmen/buttons-bmo-z.yaml"
BUTTONS_HEADER = "# yaml-language-server: $schema=../schema/buttonmen.button.schema.json\n"


def _bots(project: Path, body: str) -> Path:
    path = project / BOTS
    path.write_text(HEADER + body, encoding="utf-8")
    return path


def _bots_edited(project: Path, old: str, new: str) -> Path:
    """The real bots file with its first `old` changed to `new`."""
    path = project / BOTS
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _buttons(project: Path, records: str) -> Path:
    """A BMO button file of its own, holding `records` (the lines of its list)."""
    path = project / BUTTONS
    path.write_text(BUTTONS_HEADER + "buttons:\n" + records, encoding="utf-8")
    return path


def anchor_bomb(project: Path) -> Path:
    """The billion laughs: 7 levels of 9 aliases each, 9**7 strings from a few hundred bytes."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for prev, name in zip("abcdef", "bcdefg"):
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    return _bots(project, "bots:\n  - id: bomb\n    x:\n" +
                 "".join(f"      {line}\n" for line in lines))


def merge_scalar(project: Path) -> Path:
    return _bots(project, "bots:\n  - <<: 5\n    id: x\n")


def merge_list_of_scalars(project: Path) -> Path:
    return _bots(project, "bots:\n  - <<: [5, 6]\n    id: x\n")


def recursive_alias(project: Path) -> Path:
    return _bots(project, "bots: &loop\n  - *loop\n")


def recursive_merge(project: Path) -> Path:
    return _bots(project, "bots:\n  - &m\n    id: x\n    y: {<<: *m}\n")


def deep_nesting(project: Path) -> Path:
    return _bots(project, "bots: " + "[" * 900 + "]" * 900 + "\n")


def very_deep_nesting(project: Path) -> Path:
    """Deeper than any C stack would survive if the parser recursed on it."""
    return _bots(project, "bots: " + "[" * 200_000 + "]" * 200_000 + "\n")


def deep_block_nesting(project: Path) -> Path:
    body = "bots:\n" + "".join("  " * i + f"- k{i}:\n" for i in range(1, 300))
    return _bots(project, body)


def huge_line_range(project: Path) -> Path:
    return _bots_edited(project, 'lines: "158"', 'lines: "1-999999999"')


def fifo(project: Path) -> Path:
    path = project / BOTS
    path.unlink()
    os.mkfifo(path)
    return path


def big_file(project: Path) -> Path:
    """A file far larger than any data file (a comment, so only its size is wrong)."""
    path = project / BOTS
    with path.open("a", encoding="utf-8") as out:
        line = "# " + "x" * 1000 + "\n"
        out.write(line * 40_000)
    return path


def many_records(project: Path, count: int = 60_000) -> Path:
    """A valid-looking button file of `count` records."""
    records = "".join(f'  - id: z-{i}\n    name: "Z {i}"\n    set: "Zed"\n'
                      f'    recipe: "(4) (6) (8) (10) (X)"\n'
                      f'    source: {{seed: bmo_buttons.tsv, lines: "{i % 800 + 2}"}}\n'
                      for i in range(count))
    return _buttons(project, records)


def duplicate_ids(project: Path, count: int = 100_000) -> Path:
    records = "".join('  - id: zz\n    name: "Z"\n    set: "Zed"\n    recipe: "(4)"\n'
                      '    source: {seed: bmo_buttons.tsv, lines: "2"}\n'
                      for _ in range(count))
    return _buttons(project, records)


def duplicate_keys(project: Path, count: int = 100_000) -> Path:
    keys = "".join(f"    k: {i}\n" for i in range(count))
    return _bots(project, "bots:\n  - id: x\n" + keys)


def wide_mapping(project: Path, count: int = 100_000) -> Path:
    keys = "".join(f"    k{i}: {i}\n" for i in range(count))
    return _bots(project, "bots:\n  - id: x\n" + keys)


def encoding_error(project: Path) -> Path:
    path = project / BOTS
    data = path.read_bytes().replace(b"name: BetBot", b"name: Bet\xffBot", 1)
    path.write_bytes(data)
    return path


def self_link(project: Path) -> Path:
    path = project / BOTS
    path.unlink()
    path.symlink_to(path.name)  # a link to itself: a loop
    return path


# One bot's name line written as something a data file must not hold.
NAME_LINES = {
    "control_character": "name: Bet\x07Bot",
    "nul_escape": 'name: "Bet\\0Bot"',
    "binary_tag": "name: !!binary QmV0Qm90",
    "python_tag": "name: !!python/object/apply:os.system [ls]",
    "bidi_override": "name: Bet\u202eBot",
    "zero_width_escape": 'name: "Bet\\u200bBot"',
}

HOSTILE: dict[str, Callable[[Path], Path]] = {
    **{f.__name__: f for f in (anchor_bomb, merge_scalar, merge_list_of_scalars,
                               recursive_alias, recursive_merge, deep_nesting,
                               very_deep_nesting, deep_block_nesting, huge_line_range, fifo,
                               big_file, many_records, duplicate_ids, duplicate_keys,
                               wide_mapping, encoding_error, self_link)},
    **{name: partial(_bots_edited, old="name: BetBot", new=line)
       for name, line in NAME_LINES.items()},
}


if __name__ == "__main__":  # python tests/hostile_yaml.py PROJECT CASE: break one file
    HOSTILE[sys.argv[2]](Path(sys.argv[1]))
