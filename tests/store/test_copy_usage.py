"""`python -m bot.store.copy --help`: the usage, as an operator asks for it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_prints_the_usage_on_stdout_and_exits_0(tmp_path, flag):
    done = subprocess.run(
        [sys.executable, "-m", "bot.store.copy", flag],
        cwd=tmp_path,
        env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.splitlines()[0] == "usage: python -m bot.store.copy SOURCE TARGET"
    assert "sqlite:///relative/path" in done.stdout


def test_wrong_arguments_print_the_usage_on_stderr_and_exit_2(capsys):
    from bot.store.copy import main

    assert main(["only-one"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "usage: python -m bot.store.copy SOURCE TARGET",
        "(python -m bot.store.copy --help says more)",
    ]
