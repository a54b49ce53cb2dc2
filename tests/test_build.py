"""How a fresh machine builds and runs the bot: the Makefile's checks of Python and of
.venv, run by make in a copy of the project with a stand-in Python, and pyproject.toml."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAKE = shutil.which("make")
needs_make = pytest.mark.skipif(MAKE is None, reason="make is not installed")

# Python of another version, as far as the Makefile can ask: each -c runs with it.
STAND_IN_PYTHON = """#!{python}
import sys
code = sys.argv[sys.argv.index("-c") + 1]
sys.version_info = ({major}, {minor}, 1, "final", 0)
exec(code)
"""


def stand_in_python(folder: Path, version: str) -> Path:
    major, minor = version.split(".")
    path = folder / f"python{version}"
    path.write_text(
        STAND_IN_PYTHON.format(python=sys.executable, major=major, minor=minor),
        encoding="utf-8",
    )
    path.chmod(0o755)
    return path


def project(folder: Path, venv_made_by: str | None = None, installed: bool = False) -> Path:
    """The files the Makefile reads, and a .venv as `venv_made_by`'s line in pyvenv.cfg
    says; with `installed`, its stamps newer than pyproject.toml and the pins."""
    work = folder / "project"
    work.mkdir()
    for name in ("Makefile", "pyproject.toml", "requirements.txt", "requirements-dev.txt"):
        shutil.copy(ROOT / name, work / name)
    if venv_made_by is not None:
        (work / ".venv" / "bin").mkdir(parents=True)
        (work / ".venv" / "pyvenv.cfg").write_text(
            f"home = /usr/bin\ninclude-system-site-packages = false\n{venv_made_by}\n",
            encoding="utf-8",
        )
        # The venv's Python as a bot that could not reach Discord.
        bot = work / ".venv" / "bin" / "python"
        bot.write_text("#!/bin/sh\nexit 3\n", encoding="utf-8")
        bot.chmod(0o755)
    if installed:
        later = (work / "pyproject.toml").stat().st_mtime + 60
        for stamp in (".installed-run", ".installed-dev"):
            (work / ".venv" / stamp).touch()
            os.utime(work / ".venv" / stamp, (later, later))
    return work


def make(work: Path, *args: str, python: Path | str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [MAKE, "--no-print-directory", *args, f"PYTHON={python}"],
        cwd=work,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")},
        capture_output=True,
        text=True,
        timeout=60,
    )


@needs_make
def test_an_older_python_is_named_before_anything_is_installed(tmp_path):
    python = stand_in_python(tmp_path, "3.10")
    work = project(tmp_path)
    done = make(work, "run", python=python)
    assert done.returncode == 2
    assert f"{python} is Python 3.10: the bot needs Python 3.11 or newer." in done.stderr
    assert "pip" not in done.stdout and not (work / ".venv").exists()


@needs_make
def test_a_missing_python_is_named(tmp_path):
    done = make(project(tmp_path), "run", python="/nowhere/python3")
    assert done.returncode == 2
    assert "/nowhere/python3 was not found: the bot needs Python 3.11 or newer." in done.stderr


@needs_make
def test_a_venv_made_by_another_python_is_made_again_and_filled(tmp_path):
    python = stand_in_python(tmp_path, "3.12")
    work = project(tmp_path, venv_made_by="version = 3.11.7", installed=True)
    done = make(work, "-n", "run", python=python)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "rm -rf .venv",
        f"{python} -m venv .venv",
        ".venv/bin/python -m pip install -q -r requirements.txt -e .",
        "touch .venv/.installed-run",
        ".venv/bin/python -m bot",
    ]


@needs_make
@pytest.mark.parametrize("made_by", ["version = 3.12.1", "version_info = 3.12.1.final.0"])
def test_a_venv_made_by_this_python_is_kept(tmp_path, made_by):
    python = stand_in_python(tmp_path, "3.12")
    work = project(tmp_path, venv_made_by=made_by, installed=True)
    done = make(work, "-n", "run", python=python)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [".venv/bin/python -m bot"]


@needs_make
def test_make_run_exits_2_whatever_the_bot_exits_with_and_names_it(tmp_path):
    # make cannot pass a recipe's status on: it says it, and exits 2 itself.
    python = stand_in_python(tmp_path, "3.12")
    work = project(tmp_path, venv_made_by="version = 3.12.1", installed=True)
    done = make(work, "run", python=python)
    assert done.returncode == 2
    assert re.search(r"^make: \*\*\* \[Makefile:\d+: run\] Error 3$", done.stderr, re.M)


def test_the_description_names_the_hall_not_one_game():
    project_table = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    description = project_table["project"]["description"]
    assert description.startswith("A hall of card games for Discord")
    assert "Game, Flip and Flop" not in description
