"""Two bot processes on different shards over one database play their servers' tables side
by side; one killed mid-hand and started again goes on with its hand, and the other's table
is untouched. Each process is the real bot on the offline harness (shard_process.py)."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.discord.table_driver import QUIET
from tests.discord.test_restart import SCRIPT
from tests.discord.test_shards import on_shard
from tests.harness.ids import Snowflakes

ROOT = Path(__file__).resolve().parents[2]
# Every file and pipe the test opens is closed: an unclosed one fails it. Its warning is
# raised as an object is collected, so it reaches pytest as an unraisable exception.
pytestmark = [
    pytest.mark.filterwarnings("error::ResourceWarning"),
    pytest.mark.filterwarnings("error::pytest.PytestUnraisableExceptionWarning"),
]
ANSWER_SECONDS = 120  # a busy shared machine: generous, it is only a ceiling


class BotProcess:
    """A bot process on `shard_ids` of 2, spoken to in JSON lines."""

    def __init__(self, folder: Path, config: dict[str, Any], name: str) -> None:
        self.name = name
        self.errors = folder / f"{name}.stderr"
        # The child writes to its own copy of the file: ours is closed once it has started.
        with self.errors.open("a") as errors:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.discord.shard_process", json.dumps(config)],
                cwd=folder,
                env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT)},
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors,
                text=True, encoding="utf-8",
            )
        try:
            self.ready = self._read()
            assert self.ready.get("ready"), self.ready
        except BaseException:
            self.kill()
            raise

    def _read(self) -> dict[str, Any]:
        readable, _, _ = select.select([self.process.stdout], [], [], ANSWER_SECONDS)
        line = self.process.stdout.readline() if readable else ""
        if not line:
            raise AssertionError(f"{self.name} said nothing: {self.errors.read_text()[-3000:]}")
        return json.loads(line)

    def send(self, **command: Any) -> dict[str, Any]:
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        reply = self._read()
        assert reply["ok"], f"{self.name} {command}: {reply['error']}"
        return reply

    def act(self, step: int) -> dict[str, Any]:
        name, act, cards, target = SCRIPT[step]
        return self.send(op="act", name=name, act=act, cards=cards, target=target)

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)  # no clean-up of any kind: a crash
        self.process.wait(timeout=30)
        self._close_pipes()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.close()  # end of commands: the harness closes the bot
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)
        self._close_pipes()

    def _close_pipes(self) -> None:
        for pipe in (self.process.stdin, self.process.stdout):
            try:
                pipe.close()
            except BrokenPipeError:  # the process is gone; nothing was left to send it
                pass


def by_name(result: dict[str, Any], users: dict[str, int]) -> dict[str, Any]:
    text = json.dumps(result)
    for name, user_id in users.items():
        text = text.replace(str(user_id), name)
    return json.loads(text)


def only_channel(replies: list[dict[str, Any]], channel_id: int, other: int) -> None:
    """What a process sent to Discord went to its own channel only."""
    sent = [route for reply in replies for route in reply["sent"]]
    assert any(f"/channels/{channel_id}/" in route for route in sent)
    assert not any(str(other) in route for route in sent)


def test_two_shard_processes_play_side_by_side_and_one_recovers_from_a_kill(
    tmp_path, shared_database
):
    ids = Snowflakes()
    configs = {}
    for shard in (0, 1):
        configs[shard] = {
            "database": shared_database, "guild_id": on_shard(shard, 2), "channel_id": ids(),
            "shard_ids": str(shard), "shard_count": 2,
            "users": {name: ids() for name in ("ann", "bob", "cy")},
        }
    channel = {shard: configs[shard]["channel_id"] for shard in (0, 1)}
    first = BotProcess(tmp_path, configs[0], "shard0")
    second = BotProcess(tmp_path, configs[1], "shard1")
    replies: dict[int, list[dict[str, Any]]] = {0: [], 1: []}
    try:
        assert first.ready["tracked"] == [] and second.ready["tracked"] == []
        for shard, bot in ((0, first), (1, second)):
            replies[shard].append(bot.send(op="seat"))
            replies[shard].append(bot.send(op="start", hands=QUIET, stock="QS"))
        table = {0: first.send(op="state")["table"], 1: second.send(op="state")["table"]}
        assert table[0] != table[1]

        for step in range(4):  # side by side, one action each in turn
            replies[0].append(first.act(step))
            replies[1].append(second.act(step))
        before_kill = first.send(op="state")
        assert before_kill["over"] is False and before_kill["seq"] > 0

        first.kill()  # mid-hand
        for step in (4, 5):  # the other shard plays on meanwhile
            replies[1].append(second.act(step))
        first = BotProcess(tmp_path, configs[0], "shard0-again")
        resumed = first.ready
        assert resumed["tracked"] == [table[0]]  # its own table only, the other's is not
        assert resumed["hand_number"] == 1 and resumed["seq"] == before_kill["seq"]
        assert resumed["stacks"] == before_kill["stacks"]

        for step in range(4, len(SCRIPT)):
            replies[0].append(first.act(step))
        for step in range(6, len(SCRIPT)):
            replies[1].append(second.act(step))
        states = {0: first.send(op="state"), 1: second.send(op="state")}
        results = {0: first.send(op="result"), 1: second.send(op="result")}
    finally:
        first.stop()
        second.stop()

    # The second process never stopped, and only ever ran its own table.
    assert second.process.returncode == 0, (tmp_path / "shard1.stderr").read_text()[-3000:]
    assert states[1]["tracked"] == [table[1]] and states[0]["tracked"] == [table[0]]
    # Both hands went to the end exactly as one hand played without a crash: the same
    # deck and moves give the same result at both tables.
    assert states[0]["over"] and states[1]["over"]
    assert results[0]["holds"] and results[1]["holds"]
    one = by_name(results[0]["result"], configs[0]["users"])
    other = by_name(results[1]["result"], configs[1]["users"])
    assert one == other and one["ended"] == "drop"
    only_channel(replies[0], channel[0], channel[1])
    only_channel(replies[1], channel[1], channel[0])
