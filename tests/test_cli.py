"""`rulepress query` on the command line: argument or stdin, exit codes.

Most tests call the command in this process (`cli`: `rulepress.cli.main`, with the session's
catalog of the real data); a few start the real entry point (`python -m rulepress`) in a
process of its own, for what only a process shows: the exit status, a Ctrl-C.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys

import pytest

from rulepress.cli import main
from waiting import children, ignores, wait_until


def run_cli(*args, stdin=None):
    """`rulepress ARGS` in a process of its own."""
    return subprocess.run([sys.executable, "-m", "rulepress", *args], input=stdin,
                          capture_output=True, text=True)


@pytest.fixture
def cli(root, capsys, monkeypatch):
    """`rulepress --project ROOT ARGS` in this process: (exit code, stdout, stderr)."""
    def run(*args, stdin=None):
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        code = main(["--project", str(root), *args])
        out = capsys.readouterr()
        return code, out.out, out.err
    return run


def test_the_entry_point_answers_a_query_and_sets_the_exit_code(root):
    answered = run_cli("--project", str(root), "query",
                       '{"game":"evilrobots","op":"allegiance_odds"}')
    assert answered.returncode == 0
    assert json.loads(answered.stdout) == {"ok": True, "odds": {"Good": "1/4", "Evil": "1/4",
                                                                "Neutral": "1/2"}}
    refused = run_cli("--project", str(root), "query", '{"game":"buttonmen","op":"nope"}')
    assert refused.returncode == 2 and json.loads(refused.stdout)["error"]["field"] == "op"
    assert run_cli("no-such-command").returncode == 3


def test_cli_query_from_argument_and_stdin(cli):
    code, out, _ = cli("query", '{"game":"evilrobots","op":"allegiance_odds"}')
    assert code == 0
    assert json.loads(out) == {"ok": True, "odds": {"Good": "1/4", "Evil": "1/4",
                                                    "Neutral": "1/2"}}
    code, out, _ = cli("query", stdin='{"game":"buttonmen","op":"skills"}')
    assert code == 0
    skills = json.loads(out)["skills"]
    assert all(s["described"] for s in skills)  # every record has rules (seeds or BMO)


def test_cli_query_errors_exit_2(cli):
    code, out, _ = cli("query", '{"game":"buttonmen","op":"nope"}')
    assert code == 2
    assert json.loads(out)["error"]["field"] == "op"
    code, out, err = cli("query", '{"game": ')
    assert code == 2 and "not valid JSON" in out
    assert "Traceback" not in err


def test_hostile_json_is_refused_cleanly(cli):
    for text in ("[" * 100_000 + "]" * 100_000, '{"game": "dice", "n": ' + "9" * 5000 + "}",
                 '{"a":' * 40 + "1" + "}" * 40):
        code, out, err = cli("query", stdin=text)
        assert code == 2 and "Traceback" not in err, err[-500:]
        assert json.loads(out)["ok"] is False


def test_exit_codes_are_documented_and_usage_errors_are_not_refusals(root, capsys):
    with pytest.raises(SystemExit) as helped:
        main(["--help"])
    assert helped.value.code == 0
    assert "exit codes: 0 success" in " ".join(capsys.readouterr().out.split())
    for wrong in (["--project", str(root), "serve", "--port", "70000", "--no-build"],
                  ["no-such-command"]):
        with pytest.raises(SystemExit) as refused:
            main(wrong)
        assert refused.value.code == 3
    assert "0 to 65535" in capsys.readouterr().err


def test_a_defect_is_one_message_with_exit_4(root, monkeypatch, capsys):
    from rulepress.cli import main
    from rulepress.commands import schema

    def broken(project, args):
        raise TypeError("something a test broke")

    monkeypatch.setattr(schema, "run", broken)
    assert main(["--project", str(root), "schema"]) == 4
    err = capsys.readouterr().err
    assert "internal error in 'schema'" in err and "TypeError: something a test broke" in err


def test_serve_refuses_a_busy_port_with_a_message(root, cli):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        code, _, err = cli("serve", "--no-build", "--port", str(port))
    if not (root / "site").is_dir():
        assert code == 1 and "no site/" in err
        return
    assert code == 1 and "in use" in err and "Traceback" not in err


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


# `python -m rulepress` with SIGINT at Python's default (a KeyboardInterrupt), as a shell
# starts it in the foreground. A process started with SIGINT ignored (nohup, or a test run
# in the background) keeps it ignored, and so would the build: the test restores it.
WITH_CTRL_C = ("import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
               "from rulepress.cli import entry; entry()")


@pytest.mark.slow
@pytest.mark.parametrize("presses", [1, 2])
def test_ctrl_c_during_a_build_keeps_the_site_without_a_traceback(project, tmp_path, presses):
    """One Ctrl-C, or two (a second press while it cleans up)."""
    from rulepress.cards.pdf import cores

    site = project / "site"
    site.mkdir()
    (site / "index.html").write_text("old", encoding="utf-8")
    # its own empty cache of card faces: the PDF workers have work to do when it is stopped
    env = dict(os.environ, RULEPRESS_PRINT_CACHE=str(tmp_path / "print-cache"))
    build = subprocess.Popen([sys.executable, "-c", WITH_CTRL_C, "--project", str(project),
                              "build"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, start_new_session=True, env=env)
    for line in build.stderr:  # stop it while it renders the PDFs (forked workers)
        if "PDF" in line:
            break
    if cores() > 1:  # one core renders in the main process, without workers
        wait_until(lambda: children(build.pid), "the PDF workers to start")
    os.killpg(build.pid, signal.SIGINT)  # as a terminal's Ctrl-C does: the whole group
    if presses == 2:  # again once the build has taken the first and is cleaning up
        wait_until(lambda: ignores(build.pid, signal.SIGINT) or build.poll() is not None,
                   "the build to take the first Ctrl-C")
        if build.poll() is None:
            os.killpg(build.pid, signal.SIGINT)
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
