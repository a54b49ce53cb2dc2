"""A throwaway PostgreSQL server in a temporary folder, for the tests and the benchmarks.

It needs PostgreSQL's server programs (Debian's `postgresql` package: `initdb`,
`pg_ctl`, `postgres`). initdb refuses to run as root, so as root the server's folder
is given to `nobody` and the programs run as that user. The server listens on a unix
socket in its folder only, trusts local connections, and goes with its folder.
Nothing of the caller's PG* environment reaches it or the URLs it gives.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import asyncpg

NOBODY = 65534
PORT = 5432  # in a folder of its own: the socket's name cannot clash with another server
TEMPLATE = "chips_template"  # migrated once a run; each test's database is a copy
ENABLE = "install PostgreSQL's server (apt-get install postgresql) to run them"


def server_bin() -> Path | None:
    """The folder of initdb, pg_ctl and postgres, or None when they are not installed."""
    candidates = []
    try:
        found = subprocess.run(
            ["pg_config", "--bindir"], capture_output=True, text=True, check=True
        ).stdout.strip()
        candidates.append(Path(found))
    except (OSError, subprocess.CalledProcessError):
        pass
    candidates += sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    for folder in candidates:
        if all((folder / name).exists() for name in ("initdb", "pg_ctl", "postgres")):
            return folder
    return None


def clean_environment() -> dict[str, str]:
    """This process's environment without libpq's PG* variables."""
    return {key: value for key, value in os.environ.items() if not key.startswith("PG")}


class TempPostgres:
    """initdb, start, URLs of databases, stop: `with TempPostgres() as server: ...`."""

    def __init__(self, *, durable: bool = False, settings: dict[str, str] | None = None) -> None:
        self.bin = server_bin()
        if self.bin is None:
            raise FileNotFoundError(f"PostgreSQL's server is not installed: {ENABLE}")
        self.folder = Path(tempfile.mkdtemp(prefix="gff-postgres-"))
        self.data = self.folder / "data"
        self.durable = durable  # fsync on: for the benchmarks; the tests need no power cuts
        self.settings = settings or {}
        self._as_nobody = os.geteuid() == 0
        if self._as_nobody:
            os.chown(self.folder, NOBODY, NOBODY)
            self.folder.chmod(0o755)

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [str(self.bin / args[0]), *args[1:]],
            capture_output=True,
            text=True,
            env={**clean_environment(), "LC_ALL": "C"},
            user=NOBODY if self._as_nobody else None,
            group=NOBODY if self._as_nobody else None,
            cwd=self.folder,
        )
        if done.returncode:
            raise RuntimeError(f"{args[0]} failed: {done.stdout}{done.stderr}")

    def start(self) -> TempPostgres:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--no-sync", "--no-instructions")
        options = {
            "listen_addresses": "''",
            "unix_socket_directories": f"'{self.folder}'",
            "port": str(PORT),
            "fsync": "on" if self.durable else "off",
            "max_connections": "200",
            "shared_buffers": "64MB",
            **self.settings,
        }
        line = " ".join(f"-c {name}={value}" for name, value in options.items())
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.folder / "log"),
                  "-o", line, "-w", "-t", "60", "start")
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.folder}&port={PORT}"

    async def new_database(self, name: str, template: str = "template0") -> str:
        """A new database (a copy of `template`, by default an empty one); its URL."""
        admin = await asyncpg.connect(self.url())
        try:
            await admin.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
        finally:
            await admin.close()
        return self.url(name)

    async def drop_database(self, name: str) -> None:
        admin = await asyncpg.connect(self.url())
        try:
            await admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        finally:
            await admin.close()

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> TempPostgres:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
