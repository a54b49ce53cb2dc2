"""`python -m bot --shards … --shard-count …`: a process per shard, kept running, all stopped
together. The children here are a stand-in script, so no test needs Discord."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from bot.launcher import NEEDS_POSTGRESQL

ROOT = Path(__file__).resolve().parents[2]
READY = {"DISCORD_TOKEN": "abc", "DATABASE_URL": "postgresql://bot@localhost/chips"}

# Logs its starts and stops; shard DIES exits with EXIT_CODE the first time it runs.
STAND_IN = textwrap.dedent("""
    import os, signal, sys, time
    from pathlib import Path

    shard, count = os.environ["SHARD_IDS"], os.environ["SHARD_COUNT"]
    log = Path("children.log")

    def write(line):
        with log.open("a") as file:
            file.write(line + "\\n")

    def stop(signum, frame):
        write(f"stop {shard}")
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    write(f"start {shard} of {count} {os.getpid()}")
    died = Path(f"died-{shard}")
    if shard == os.environ.get("DIES") and not died.exists():
        died.touch()
        sys.exit(int(os.environ.get("EXIT_CODE", "1")))
    while True:
        time.sleep(0.05)
""")


def clean_env(**extra: str) -> dict[str, str]:
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), **extra}


def launch(folder: Path, *args: str, **env: str) -> subprocess.Popen[str]:
    (folder / "stand_in.py").write_text(STAND_IN, encoding="utf-8")
    code = (
        "import sys\n"
        "from bot.launcher import main\n"
        "sys.exit(main(sys.argv[1:], command=[sys.executable, 'stand_in.py'], first_pause=0.2))"
    )
    return subprocess.Popen(
        [sys.executable, "-c", code, *args], cwd=folder, env=clean_env(**READY, **env),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
    )


def children_log(folder: Path) -> list[str]:
    path = folder / "children.log"
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def wait_for(check, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.05)


def starts(folder: Path) -> list[str]:
    return [line.split()[1] for line in children_log(folder) if line.startswith("start")]


def test_a_child_that_dies_is_started_again_and_sigterm_stops_them_all(tmp_path):
    launcher = launch(tmp_path, "--shards", "0-2", "--shard-count", "4", DIES="1")
    try:
        wait_for(lambda: sorted(starts(tmp_path)) == ["0", "1", "1", "2"])
        assert all(" of 4 " in line for line in children_log(tmp_path) if "start" in line)
        pids = [int(line.split()[-1]) for line in children_log(tmp_path) if "start" in line]
        launcher.send_signal(signal.SIGTERM)
        out, err = launcher.communicate(timeout=60)
    finally:
        if launcher.poll() is None:
            launcher.kill()
    assert launcher.returncode == 0, err
    stops = sorted(line for line in children_log(tmp_path) if line.startswith("stop"))
    assert stops == ["stop 0", "stop 1", "stop 2"]
    assert "Shard 1: process" in err and "exited with 1; starting it again" in err
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    assert "Traceback" not in err


def test_sigint_stops_them_all_too(tmp_path):
    launcher = launch(tmp_path, "--shards", "0,3", "--shard-count", "4")
    try:
        wait_for(lambda: sorted(starts(tmp_path)) == ["0", "3"])
        launcher.send_signal(signal.SIGINT)
        _, err = launcher.communicate(timeout=60)
    finally:
        if launcher.poll() is None:
            launcher.kill()
    assert launcher.returncode == 0, err
    assert sorted(line for line in children_log(tmp_path) if "stop" in line) == [
        "stop 0", "stop 3"
    ]


def test_a_child_with_bad_settings_stops_everything_with_exit_2(tmp_path):
    launcher = launch(tmp_path, "--shards", "0-1", "--shard-count", "2", DIES="0", EXIT_CODE="2")
    try:
        _, err = launcher.communicate(timeout=60)
    finally:
        if launcher.poll() is None:
            launcher.kill()
    assert launcher.returncode == 2
    assert starts(tmp_path).count("0") == 1  # not started again: it would fail the same way
    assert "bad settings" in err


def run_bot(folder: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=folder, env=clean_env(**env),
        capture_output=True, text=True, encoding="utf-8", timeout=60,
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--shards", "0-9", "--shard-count", "4"], "each below the shard count"),
        (["--shards", "two", "--shard-count", "4"], "such as 0-3 or 0,2,5"),
        (["--shard-count", "4"], "--shards"),
        (["--shards", "0-3"], "--shard-count"),
        (["--shards", "0-3", "--shard-count", "many"], "--shard-count"),
        (["--shard", "0"], "python -m bot --shards 0-3 --shard-count 8"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_2(tmp_path, args, says):
    done = run_bot(tmp_path, *args, **READY)
    assert done.returncode == 2
    assert says in done.stderr
    assert len(done.stderr.splitlines()) == 1
    assert "Traceback" not in done.stderr


def test_several_processes_on_sqlite_are_refused(tmp_path):
    done = run_bot(tmp_path, "--shards", "0-3", "--shard-count", "8", DISCORD_TOKEN="abc")
    assert done.returncode == 2
    assert done.stderr.splitlines() == [NEEDS_POSTGRESQL]
    assert not (tmp_path / "data").exists()  # nothing was started, no database made


def test_a_missing_token_is_refused_before_any_child_starts(tmp_path):
    done = run_bot(tmp_path, "--shards", "0-1", "--shard-count", "2",
                   DATABASE_URL=READY["DATABASE_URL"])
    assert done.returncode == 2
    assert done.stderr.startswith("DISCORD_TOKEN is not set")
