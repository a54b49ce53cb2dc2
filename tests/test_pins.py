"""The pinned set-up: what `make test` and `make run` install is exactly the lock files."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def pins(name: str) -> dict[str, Requirement]:
    lines = (ROOT / name).read_text(encoding="utf-8").splitlines()
    requirements = [Requirement(line) for line in lines if line and not line.startswith("#")]
    return {canonicalize_name(r.name): r for r in requirements}


def exact_version(requirement: Requirement) -> str:
    [specifier] = requirement.specifier
    assert specifier.operator == "==", requirement
    return specifier.version


def test_every_line_of_both_locks_is_one_exact_version():
    for name in ("requirements.txt", "requirements-dev.txt"):
        for requirement in pins(name).values():
            exact_version(requirement)


def test_the_locks_pin_every_dependency_within_the_projects_ranges():
    run, dev = pins("requirements.txt"), pins("requirements-dev.txt")
    for lock, wanted in ((run, PROJECT["dependencies"]),
                         (dev, PROJECT["dependencies"] + PROJECT["optional-dependencies"]["dev"])):
        for line in wanted:
            requirement = Requirement(line)
            pinned = exact_version(lock[canonicalize_name(requirement.name)])
            assert requirement.specifier.contains(pinned), (line, pinned)


def test_the_run_lock_is_the_dev_lock_without_the_dev_tools():
    run, dev = pins("requirements.txt"), pins("requirements-dev.txt")
    assert {name: str(r) for name, r in run.items()} == {
        name: str(dev[name]) for name in run
    }
    assert {"pytest", "ruff", "hypothesis"} <= set(dev) - set(run)


def test_this_run_uses_exactly_the_pinned_versions():
    for name, requirement in pins("requirements-dev.txt").items():
        if requirement.marker is None or requirement.marker.evaluate():
            assert version(name) == exact_version(requirement), name


def test_a_procfile_host_runs_the_bot_from_the_run_lock():
    # Such hosts install requirements.txt and start the Procfile's process from the checkout.
    assert (ROOT / "Procfile").read_text(encoding="utf-8").strip() == "worker: python -m bot"
    assert "discord-py" in pins("requirements.txt")


def test_python_3_13_gets_the_audio_module_discord_py_imports():
    for name in ("requirements.txt", "requirements-dev.txt"):
        marker = pins(name)["audioop-lts"].marker
        assert marker == Marker('python_version >= "3.13"')
