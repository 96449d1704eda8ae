"""The engine wheel as the browser gets it: comments and docstrings out, entries stored.

The engine's sources are 40 % comments and docstrings, which no visitor reads: the worker
imports the wheel as a zip (zipimport) and never shows a traceback. Each module keeps its
line numbers (a docstring becomes an empty string over as many lines), so an error's line
still points at the source. Entries are stored, not deflated: the server sends the whole
wheel Brotli-compressed (copies.py), which finds the repeats across files that per-file
deflate cannot (490 KB -> about 90 KB on the wire, against 167 KB deflated).
"""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import tokenize
import zipfile
from pathlib import Path


def lean_source(text: str) -> str:
    """`text` without comments and docstrings, same lines; `text` itself if anything about
    it is unusual (it must compile afterwards)."""
    try:
        tree = ast.parse(text)
        docstrings = {(node.body[0].lineno, node.body[0].col_offset)
                      for node in ast.walk(tree)
                      if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                           ast.AsyncFunctionDef))
                      and node.body and isinstance(node.body[0], ast.Expr)
                      and isinstance(node.body[0].value, ast.Constant)
                      and isinstance(node.body[0].value.value, str)}
        tokens = []
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                continue
            if token.type == tokenize.STRING and token.start in docstrings:
                token = token._replace(string='"""' + "\n" * token.string.count("\n") + '"""')
            tokens.append(token)
        lean = tokenize.untokenize(tokens)
        compile(lean, "<lean>", "exec")
    except (SyntaxError, tokenize.TokenError, ValueError):
        return text
    return lean if lean.count("\n") == text.count("\n") else text


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def lean_wheel(source: Path, target: Path) -> None:
    """Write `source` (a built wheel) to `target` with lean modules, stored entries and a
    RECORD that matches them."""
    with zipfile.ZipFile(source) as wheel:
        infos = wheel.infolist()
        files = {info.filename: wheel.read(info) for info in infos}
    for name, data in files.items():
        if name.endswith(".py"):
            files[name] = lean_source(data.decode("utf-8")).encode("utf-8")
    record = next(name for name in files if name.endswith(".dist-info/RECORD"))
    files[record] = ("\n".join([_record_line(name, data) for name, data in files.items()
                                if name != record] + [f"{record},,"]) + "\n").encode()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as out:
        for info in infos:  # same order and dates: the same sources give the same bytes
            entry = zipfile.ZipInfo(info.filename, info.date_time)
            entry.external_attr = info.external_attr
            out.writestr(entry, files[info.filename], zipfile.ZIP_STORED)
