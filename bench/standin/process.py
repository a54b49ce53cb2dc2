"""The bot's process beside the stand-in: started, waited for until ready, and stopped.

    async with BotProcess(standin.base_url, folder / "bot.sqlite3", Variant()) as bot:
        ...            # the bot is ready and connected
    bot.returncode     # 0 when it closed cleanly on SIGTERM
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from bench.speedups import Variant

# The checkout, where `bench` can be imported from.
ROOT = Path(__file__).resolve().parents[2]
READY_SECONDS = 60  # imports, migrations, command sync and the gateway's start
STOP_SECONDS = 15


class BotProcessFailed(RuntimeError):
    pass


class BotProcess:
    def __init__(self, base_url: str, database: Path, variant: Variant, *,
                 floor: bool = False) -> None:
        self.args = [sys.executable, "-m", "bench.standin.bot_process", base_url,
                     str(database.resolve()), *variant.args(), *(["--floor"] if floor else [])]
        self.log = database.with_suffix(".log")
        self.process: asyncio.subprocess.Process | None = None
        self.returncode: int | None = None

    async def __aenter__(self) -> BotProcess:
        with self.log.open("wb") as log:
            self.process = await asyncio.create_subprocess_exec(
                *self.args, stdout=asyncio.subprocess.PIPE, stderr=log,
                stdin=asyncio.subprocess.DEVNULL, cwd=ROOT)
        try:
            line = await asyncio.wait_for(self.process.stdout.readline(), READY_SECONDS)
        except TimeoutError:
            line = b""
        if line.strip() != b"ready":
            await self.stop()
            raise BotProcessFailed(f"the bot did not get ready: {self.errors()}")
        return self

    async def __aexit__(self, *exc_info) -> None:
        await self.stop()

    async def stop(self) -> None:
        process = self.process
        if process is None or process.returncode is not None:
            self.returncode = process.returncode if process else None
            return
        process.send_signal(signal.SIGTERM)
        try:
            self.returncode = await asyncio.wait_for(process.wait(), STOP_SECONDS)
        except TimeoutError:
            process.kill()
            self.returncode = await process.wait()

    def cpu_seconds(self) -> float | None:
        """The process's CPU time so far (user and system), where /proc tells it."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, AttributeError):
            return None
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def errors(self) -> str:
        """The end of what the bot logged (warnings and errors only)."""
        text = self.log.read_text(encoding="utf-8", errors="replace") if self.log.exists() else ""
        return text[-3000:] or "(nothing logged)"
