"""`rulepress query` on the command line: argument or stdin, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys


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
