"""The README's two commands are the ones CI runs and the ones that work."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    match = re.search(r'^TEST_COMMAND="(.+)"$', ci, re.MULTILINE)
    assert match, ".ci/run must define TEST_COMMAND"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert match.group(1) in readme
    assert 'bash -c "$TEST_COMMAND"' in ci


def test_the_play_command_installs_the_console_script() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["scripts"]["pawnshop"] == "tui.cli:main"
    assert "&& .venv/bin/pawnshop" in readme
