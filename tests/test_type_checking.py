"""CI runs the type checker: strict on the engine and the saves, the default checks on the app.

The flags that make a module strict are mypy's own (those ``--strict`` turns on), so a mypy
that adds one is noticed here rather than silently left out of the configuration.
"""

from __future__ import annotations

import io
import re
import tomllib
from pathlib import Path

import pytest
from mypy.main import process_options
from mypy.options import PER_MODULE_OPTIONS, Options

ROOT = Path(__file__).resolve().parent.parent
TYPE_IGNORE = re.compile(r"#\s*type:\s*ignore(\[[^\]]*\])?")


CONFIG = str(ROOT / "pyproject.toml")


def options(*args: str) -> Options:
    """mypy's options for these command-line arguments (its messages kept quiet)."""
    return process_options(list(args), stdout=io.StringIO(), stderr=io.StringIO())[1]


def strict_flags() -> dict[str, object]:
    """The per-module flags ``--strict`` changes, with the values it gives them."""
    strict = options("--strict", "--config-file", "", "core")
    default = options("--config-file", "", "core")
    return {
        flag: getattr(strict, flag)
        for flag in sorted(PER_MODULE_OPTIONS)
        if getattr(strict, flag, None) != getattr(default, flag, None)
    }


def test_ci_runs_the_type_checker_after_the_linter_and_before_the_tests() -> None:
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert ".venv/bin/mypy" in lines
    checker = lines.index(".venv/bin/mypy")
    assert lines.index(".venv/bin/ruff format --check .") < checker
    assert checker < lines.index('bash -c "$TEST_COMMAND"')


def test_the_test_tools_include_the_type_checker() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    names = [re.split(r"[<>=!~ \[]", tool)[0] for tool in project["optional-dependencies"]["test"]]
    assert "mypy" in names


def test_mypy_checks_the_three_packages_by_default() -> None:
    assert sorted(options("--config-file", CONFIG).files or []) == [
        "core",
        "saves",
        "tui",
    ]


@pytest.mark.parametrize("module", ["core", "core.game", "core.games.mac.game", "saves.reader"])
def test_the_engine_and_the_saves_are_checked_strictly(module: str) -> None:
    configured = options("--config-file", CONFIG).clone_for_module(module)
    flags = strict_flags()
    assert flags, "mypy's --strict changes no per-module flag"
    assert {flag: getattr(configured, flag) for flag in flags} == flags


@pytest.mark.parametrize("module", ["tui", "tui.app", "tui.screens.board"])
def test_the_app_gets_the_default_checks(module: str) -> None:
    configured = options("--config-file", CONFIG).clone_for_module(module)
    default = options("--config-file", "", "core")
    assert {flag: getattr(configured, flag) for flag in strict_flags()} == {
        flag: getattr(default, flag) for flag in strict_flags()
    }


@pytest.mark.parametrize("package", ["core", "saves"])
def test_the_engine_and_the_saves_silence_no_type_error(package: str) -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if TYPE_IGNORE.search(line)
    ]
    assert found == []


def test_no_override_is_silenced_anywhere() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for package in ("core", "saves", "tui")
        for path in sorted((ROOT / package).rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if (match := TYPE_IGNORE.search(line)) and "override" in (match.group(1) or "[override]")
    ]
    assert found == []
