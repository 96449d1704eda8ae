"""`rulepress query` on the command line: argument or stdin, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest


def run_cli(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "rulepress", *args], input=stdin,
                          capture_output=True, text=True)


def test_cli_query_from_argument_and_stdin(root):
    by_arg = run_cli("--project", str(root), "query",
                     '{"game":"evilrobots","op":"allegiance_odds"}')
    assert by_arg.returncode == 0
    assert json.loads(by_arg.stdout) == {"ok": True, "odds": {"Good": "1/4", "Evil": "1/4",
                                                              "Neutral": "1/2"}}
    by_stdin = run_cli("--project", str(root), "query",
                       stdin='{"game":"buttonmen","op":"skills"}')
    assert by_stdin.returncode == 0
    skills = json.loads(by_stdin.stdout)["skills"]
    assert all(s["described"] for s in skills)  # every record has rules (seeds or BMO)


def test_cli_query_errors_exit_2(root):
    refused = run_cli("--project", str(root), "query", '{"game":"buttonmen","op":"nope"}')
    assert refused.returncode == 2
    assert json.loads(refused.stdout)["error"]["field"] == "op"
    broken = run_cli("--project", str(root), "query", '{"game": ')
    assert broken.returncode == 2 and "not valid JSON" in broken.stdout
    assert "Traceback" not in broken.stderr


def test_hostile_json_is_refused_cleanly(root):
    for text in ("[" * 100_000 + "]" * 100_000, '{"game": "dice", "n": ' + "9" * 5000 + "}",
                 '{"a":' * 40 + "1" + "}" * 40):
        run = run_cli("--project", str(root), "query", stdin=text)
        assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr[-500:]
        assert json.loads(run.stdout)["ok"] is False


def test_exit_codes_are_documented_and_usage_errors_are_not_refusals(root):
    helped = run_cli("--help")
    assert "exit codes: 0 success" in " ".join(helped.stdout.split())
    wrong = run_cli("--project", str(root), "serve", "--port", "70000", "--no-build")
    assert wrong.returncode == 3 and "0 to 65535" in wrong.stderr
    assert run_cli("no-such-command").returncode == 3


def test_a_defect_is_one_message_with_exit_4(root, monkeypatch, capsys):
    from rulepress.cli import main
    from rulepress.commands import schema

    def broken(project, args):
        raise TypeError("something a test broke")

    monkeypatch.setattr(schema, "run", broken)
    assert main(["--project", str(root), "schema"]) == 4
    err = capsys.readouterr().err
    assert "internal error in 'schema'" in err and "TypeError: something a test broke" in err


def test_serve_refuses_a_busy_port_with_a_message(root):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        run = run_cli("--project", str(root), "serve", "--no-build", "--port", str(port))
    if not (root / "site").is_dir():
        assert run.returncode == 1 and "no site/" in run.stderr
        return
    assert run.returncode == 1 and "in use" in run.stderr and "Traceback" not in run.stderr


def test_serve_answers_bad_addresses_with_400_and_lists_no_folders(tmp_path):
    import functools
    import http.server
    import socket
    import threading

    from rulepress.commands.serve import SiteHandler

    (tmp_path / "sub").mkdir()
    (tmp_path / "index.html").write_text("home", encoding="utf-8")
    handler = functools.partial(SiteHandler, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def status(path: bytes) -> bytes:
        with socket.create_connection(server.server_address, timeout=5) as sock:
            sock.sendall(b"GET " + path + b" HTTP/1.0\r\n\r\n")
            return sock.recv(200).split(b"\r\n")[0]
    try:
        assert b" 200 " in status(b"/")
        assert b" 400 " in status(b"/a%00b")
        assert b" 400 " in status(b"/%ff%fe")
        assert b" 404 " in status(b"/sub/")
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_during_a_build_keeps_the_site_without_a_traceback(project, presses):
    """One Ctrl-C, or two in quick succession (a second press while it cleans up)."""
    import os
    import signal
    import time

    site = project / "site"
    site.mkdir()
    (site / "index.html").write_text("old", encoding="utf-8")
    build = subprocess.Popen([sys.executable, "-m", "rulepress", "--project", str(project),
                              "build"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, start_new_session=True)
    for line in build.stderr:  # stop it while it renders the PDFs (forked workers)
        if "PDF" in line:
            break
    time.sleep(1.5)
    for press in range(presses):
        time.sleep(0.05 * press)
        os.killpg(build.pid, signal.SIGINT)  # as a terminal's Ctrl-C does: the whole group
    out, err = build.communicate(timeout=120)
    assert build.returncode == 130, err[-2000:]
    assert "interrupted: the previous site/ is unchanged" in err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err[-2000:]
    assert (site / "index.html").read_text(encoding="utf-8") == "old"
    builds = project / ".site-builds"
    assert sorted(p.name for p in builds.iterdir() if not p.name.startswith(".")) == [
        "00000000000000000000-legacy", "00000000000000000000-legacy.ready"]


def test_any_failure_of_a_build_step_is_one_build_error_message(project, monkeypatch, capsys):
    from rulepress import build
    from rulepress.cli import main
    from rulepress.website.links import LinkError
    from rulepress.website.odds import OddsError

    site = project / "site"
    site.mkdir()
    (site / "index.html").write_text("old", encoding="utf-8")
    for error in (ValueError("pages clash"), OddsError("the engine refused"),
                  LinkError("no such page")):
        def failing(project, catalog, site_dir, progress, handoff, error=error):
            (site_dir / "half.html").write_text("half", encoding="utf-8")
            raise error

        monkeypatch.setattr(build, "STEPS", (("building the website", failing, "in line"),))
        assert main(["--project", str(project), "build"]) == 1
        err = capsys.readouterr().err
        assert f"building the website failed: {type(error).__name__}: {error}" in err
        assert "previous site/ is unchanged" in err and "Traceback" not in err
        assert (site / "index.html").read_text(encoding="utf-8") == "old"
        assert not (site / "half.html").exists()
