"""Hostile input in the browser (issue 30): a shared army link or roster file nested
thousands deep is refused by the page (the browser could not even hand it to the engine),
a question that cannot be sent rejects instead of waiting for ever, a roster file is read by
the command line's rules (UTF-8, pictures that decode as their type), and typed text loses
the invisible characters that reorder it."""

from __future__ import annotations

import base64
import io
import json

from PIL import Image

REFUSAL = "document.getElementById('rp-army-problems').textContent"


def deep_creation(levels: int) -> str:
    return '{"lines":[{"creation":' + '{"a":' * levels + "{}" + "}" * levels + "}]}"


def open_builder(page, site_url, suffix=""):
    page.goto(site_url + "calculators/army/" + suffix)
    page.locator("#rp-army-rows tr").first.wait_for(timeout=10000)


def test_an_army_link_nested_thousands_deep_is_refused_not_left_checking(page, site_url):
    for levels in (3000, 5000):
        link = base64.urlsafe_b64encode(deep_creation(levels).encode()).decode().rstrip("=")
        open_builder(page, site_url, "#roster=" + link)
        page.wait_for_function(f"{REFUSAL}.includes('could not be read')", timeout=20000)
        said = page.locator("#rp-army-problems").inner_text()
        assert "nests objects and lists more than 30 deep" in said, said
        assert page.locator("#rp-army-rows tr").count() == 2  # the example roster, editable
        page.wait_for_function("!document.getElementById('rp-army-total').textContent"
                               ".includes('checking')", timeout=120000)


def test_a_roster_file_nested_deep_is_refused(page, site_url, tmp_path):
    open_builder(page, site_url)
    deep = tmp_path / "deep.json"
    deep.write_text(deep_creation(4000), encoding="utf-8")
    page.locator("#rp-army-open").set_input_files(str(deep))
    page.wait_for_function(f"{REFUSAL}.includes('not opened')", timeout=20000)
    assert "nests objects and lists more than 30 deep" in page.locator(
        "#rp-army-problems").inner_text()


def test_a_question_the_browser_cannot_send_fails_at_once(page, site_url):
    """postMessage throws on a value nested thousands deep: the engine's promise rejects,
    saying so, instead of never settling."""
    open_builder(page, site_url)
    said = page.evaluate("""async () => {
        let deep = {};
        for (let i = 0; i < 20000; i++) deep = { a: deep };
        const asked = window.rulepressEngine.ask({ game: "brikwars", op: "creation", deep });
        const late = new Promise((resolve) => setTimeout(() => resolve("still waiting"), 60000));
        return Promise.race([asked.then(() => "answered", (error) => error.message), late]);
    }""")
    assert said.startswith("the question could not be sent to the engine"), said
    # and the engine still answers the next question
    answer = page.evaluate("window.rulepressEngine.ask({game: 'dice', op: 'distribution', "
                           "expr: '1d6'}).then((r) => r.ok)")
    assert answer is True


def picture(kind: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 3), "blue").save(out, kind)
    return out.getvalue()


def open_file(page, path, expect: str) -> str:
    page.locator("#rp-army-open").set_input_files(str(path))
    page.wait_for_function(f"{REFUSAL}.includes({json.dumps(expect)}) || "
                           "document.getElementById('rp-army-name').value === 'Opened'",
                           timeout=20000)
    return page.locator("#rp-army-problems").inner_text()


def test_roster_files_are_read_as_the_command_line_reads_them(page, site_url, tmp_path):
    open_builder(page, site_url)
    roster = {"name": "Opened", "lines": [{"unit": "hero"}]}
    svg = b'GIF89a<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"/>'
    cases = {
        "svg-in-gif.json": ({**roster, "custom_cards": [
            {"name": "Bob", "image": "data:image/gif;base64," + base64.b64encode(svg).decode()}]},
            "utf-8", "custom card 1: the picture's bytes are not a GIF picture"),
        "png-as-gif.json": ({**roster, "custom_cards": [
            {"name": "Bob", "image": "data:image/gif;base64,"
             + base64.b64encode(picture("PNG")).decode()}]},
            "utf-8", "custom card 1: the picture is not a GIF file"),
        "latin1.json": ({**roster, "notes": "Ærø"}, "latin-1", "it is not UTF-8 text"),
    }
    for name, (body, encoding, expect) in cases.items():
        path = tmp_path / name
        path.write_bytes(json.dumps(body, ensure_ascii=False).encode(encoding))
        said = open_file(page, path, expect)
        assert expect in said, (name, said)
        assert page.locator("#rp-army-name").input_value() != "Opened", name
    # a byte-order mark is skipped and a real picture opens, as on the command line
    good = tmp_path / "good.json"
    good.write_bytes(b"\xef\xbb\xbf" + json.dumps({**roster, "custom_cards": [
        {"name": "Bob", "image": "data:image/gif;base64,"
         + base64.b64encode(picture("GIF")).decode()}]}).encode("utf-8"))
    open_file(page, good, "never")
    assert page.locator("#rp-army-name").input_value() == "Opened"
    assert "with a picture" in page.locator("#rp-cus-list").text_content()


def test_a_card_picture_is_judged_by_its_bytes_not_its_name(page, site_url, tmp_path):
    open_builder(page, site_url)
    page.locator(".rp-army__custom summary").click()
    fake = tmp_path / "knight.gif"
    fake.write_bytes(b'GIF89a<svg xmlns="http://www.w3.org/2000/svg"/>')
    page.locator("#rp-cus-image").set_input_files(str(fake))
    page.wait_for_function("document.getElementById('rp-cus-note').textContent.includes('knight')")
    assert "not a GIF picture" in page.locator("#rp-cus-note").inner_text()
    named = tmp_path / "photo.txt"  # a PNG by its bytes, whatever its name says
    named.write_bytes(picture("PNG"))
    page.locator("#rp-cus-image").set_input_files(str(named))
    page.wait_for_function("document.getElementById('rp-cus-note').textContent"
                           ".includes('photo.txt will go on the card')")


def test_typed_text_loses_bidi_overrides_and_zero_width_characters(page, site_url):
    open_builder(page, site_url)
    box = page.locator("#rp-army-name")
    box.click()
    page.keyboard.insert_text("Red\u202e Barons\u200b")
    assert box.input_value() == "Red Barons"
    # a calculator's link: its inputs are read without them too
    page.goto(site_url + "calculators/dice-roll/?expr=3d6%E2%80%AE%2B2")
    page.wait_for_function("document.querySelector('.rp-calc').lastResponse?.expr === '3d6 + 2'",
                           timeout=120000)
