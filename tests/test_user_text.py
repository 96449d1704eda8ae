"""What a player types or opens is held to one set of checks (issue 30): the command line's
roster reader and card pictures (commands/roster_file.py, cards/decks/army.py) and the army
builder page (army-builder/roster-file.js, shared/plain-text.js), which reads the same
numbers from its spec. Invisible characters that reorder or hide text are refused in data
and taken out of what a player types."""

from __future__ import annotations

import base64
import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image

from rulepress import roster_limits
from rulepress.cards.decks.army import RosterError, check_image
from rulepress.cli import main
from rulepress.commands.roster_file import RosterFileError, read_roster
from rulepress.data.yamlio import INVISIBLE as DATA_INVISIBLE
from rulepress.plain_text import INVISIBLE, plain_texts
from rulepress.website.army_builder import page_limits

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "site_overrides" / "assets" / "javascripts"
ROSTER = {"name": "Reds", "lines": [{"unit": "hero"}]}


def picture(kind: str, size=(3, 2)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, "red").save(out, kind)
    return out.getvalue()


def data_url(kind: str, data: bytes) -> str:
    return f"data:{kind};base64,{base64.b64encode(data).decode()}"


# --- invisible characters: one set, refused in data, taken out of typed text -------------

def test_the_page_strips_the_set_the_data_refuses():
    assert DATA_INVISIBLE is INVISIBLE
    source = (JS / "shared" / "plain-text.js").read_text(encoding="utf-8")
    js = re.search(r"export const INVISIBLE = /\[(.*?)\]/g;", source).group(1)
    as_python = js.encode().decode("unicode_escape")
    assert set(re.findall(f"[{as_python}]", "".join(map(chr, range(0x2100))) + "\ufeff")) == \
        set(INVISIBLE.findall("".join(map(chr, range(0x2100))) + "\ufeff"))


def test_every_page_takes_them_out_of_typed_text():
    main_html = (ROOT / "site_overrides" / "main.html").read_text(encoding="utf-8")
    assert "assets/javascripts/typed-text.js" in main_html


def test_plain_texts_reaches_any_depth_without_recursion():
    deep: dict = {"name": "a\u202eb"}
    for _ in range(20000):
        deep = {"x": deep}
    out = plain_texts({"n\u200bame": ["\u2066S\u2069"], "deep": deep})
    assert out["name"] == ["S"]
    inner = out["deep"]
    while "x" in inner:
        inner = inner["x"]
    assert inner == {"name": "ab"}


def test_a_roster_files_names_lose_them(tmp_path):
    path = tmp_path / "army.json"
    roster = {"name": "Re\u202eds", "notes": "zero\u200bwidth",
              "lines": [{"name": "Squad\u2067", "squad": [{"unit": "hero"}]}],
              "custom_cards": [{"name": "B\u202eob"}]}
    path.write_text(json.dumps(roster), encoding="utf-8")
    read = read_roster(path)
    assert (read.army_name, read.notes) == ("Reds", "zerowidth")
    assert read.request["lines"][0]["name"] == "Squad"
    assert read.custom_cards == [{"name": "Bob"}]


# --- a roster file's text: UTF-8, a byte-order mark skipped -------------------------------

def test_a_byte_order_mark_is_skipped_and_latin1_refused(tmp_path):
    path = tmp_path / "army.json"
    text = json.dumps({**ROSTER, "name": "Ærø"}, ensure_ascii=False)
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert read_roster(path).army_name == "Ærø"
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(RosterFileError, match=r"army.json is not UTF-8 text \(byte 11"):
        read_roster(path)


def test_the_page_reads_the_same_rules_from_its_spec():
    limits = page_limits()
    assert limits["image_magic"] == {k: v.hex() for k, v in roster_limits.IMAGE_TYPES.items()}
    assert limits["image_types"] == list(roster_limits.IMAGE_TYPES)
    assert limits["image_side"] == roster_limits.MAX_IMAGE_SIDE
    assert limits["file_encoding"] == roster_limits.FILE_ENCODING == "utf-8"
    assert limits["depth"] == 32  # the engine's MAX_DEPTH: a deeper roster is refused first


# --- pictures: their type's first bytes, and they decode --------------------------------

@pytest.mark.parametrize("kind,fmt", [("image/png", "PNG"), ("image/jpeg", "JPEG"),
                                      ("image/gif", "GIF")])
def test_a_real_picture_passes(kind, fmt):
    url = data_url(kind, picture(fmt))
    assert check_image(url, "custom_cards[0].image") == url


@pytest.mark.parametrize("kind,body,why", [
    ("image/gif", b'GIF89a<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script>'
                  b'</svg>', "not a GIF picture"),
    ("image/png", b"GIF89a\x01\x00\x01\x00", "not a PNG file"),
    ("image/jpeg", b"\xff\xd8\xff\xe0 and then nothing", "not a JPEG picture"),
    ("image/png", b"<svg/>", "not a PNG file"),
])
def test_bytes_of_another_kind_are_refused_when_the_roster_is_read(kind, body, why):
    with pytest.raises(RosterError, match=why):
        check_image(data_url(kind, body), "custom_cards[0].image")


def test_a_picture_cut_short_or_too_large_a_side_is_refused():
    png = picture("PNG")
    with pytest.raises(RosterError, match="not a PNG picture"):
        check_image(data_url("image/png", png[: len(png) // 2]), "x")
    wide = picture("PNG", (roster_limits.MAX_IMAGE_SIDE + 1, 1))
    with pytest.raises(RosterError, match=f"at most {roster_limits.MAX_IMAGE_SIDE} a side"):
        check_image(data_url("image/png", wide), "x")


def test_the_command_line_refuses_an_svg_behind_a_gif_header_before_printing(root, tmp_path,
                                                                             capsys):
    svg = b'GIF89a<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'
    path = tmp_path / "army.json"
    path.write_text(json.dumps({**ROSTER, "custom_cards": [
        {"name": "Bob", "image": data_url("image/gif", svg)}]}), encoding="utf-8")
    code = main(["--project", str(root), "cards", "army", "--roster", str(path), "-o",
                 str(tmp_path / "army.pdf")])
    said = capsys.readouterr()
    assert code != 0
    assert "custom_cards[0].image" in said.err + said.out
    assert "not a GIF picture" in said.err + said.out
    assert "Traceback" not in said.err + said.out
    assert not (tmp_path / "army.pdf").exists()
