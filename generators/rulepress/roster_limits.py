"""The limits of a BrikWars roster file and its custom cards, declared once.

Read by the command line (commands/roster_file.py), the printed cards
(cards/decks/army.py: check_custom) and the army builder page, which gets them in its
spec (website/army_builder.py) and checks a roster it opens by the same numbers. The
limits of the roster's lines themselves are the engine's (engine/brikwars/army.py and
creation_price.py: MAX_LINES, MAX_ITEMS, MAX_COUNT).
"""

from __future__ import annotations

MAX_FILE = 1 << 20  # bytes; a 200-line roster is a few tens of kilobytes, pictures aside
# The army's own name and notes (the file's top-level `name` and `notes`): their longest texts.
ARMY_TEXT = {"name": 80, "notes": 2000}
# A custom card's fields and their longest texts.
CUSTOM_TEXT = {"name": 60, "kind": 20, "skill": 20, "move": 20, "armor": 20, "size": 20,
               "cp": 20, "notes": 400}
CUSTOM_WEAPON_TEXT = {"name": 40, "use": 10, "range": 10, "damage": 20}
MAX_CUSTOM = 50  # custom cards in one roster
MAX_CUSTOM_WEAPONS = 8  # weapons on one custom card
MAX_IMAGE = 256 * 1024  # bytes of a card's picture (sent as a data: URL)
# The pictures a card may carry, each with the bytes its file starts with: a picture must
# start with its type's bytes and decode as that type (Pillow here, which the printed cards
# use; the browser's own decoder on the page), so bytes of another kind (an SVG behind a
# GIF header) are refused when the roster is opened, never late in printing.
IMAGE_TYPES = {"image/png": b"\x89PNG\r\n\x1a\n", "image/jpeg": b"\xff\xd8\xff",
               "image/gif": b"GIF8"}
IMAGE_FORMATS = {"image/png": "PNG", "image/jpeg": "JPEG", "image/gif": "GIF"}  # Pillow's names
MAX_IMAGE_SIDE = 4096  # pixels: a small file may still unpack into a huge picture
# A roster file is UTF-8 text; a byte-order mark at its start is skipped (an editor may
# write one); any other byte that is not UTF-8 (a Latin-1 file) refuses the file.
FILE_ENCODING = "utf-8"
