from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import settings

from bot.settings import Settings
from bot.store import Store
from tests.harness import Harness
from tests.pg_server import ENABLE, TEMPLATE, TempPostgres
from tests.store.helpers import DEFAULTS

# Examples are judged by what they find, never by how long one took: a slow or busy
# machine must not turn a correct property into a failure.
settings.register_profile("project", deadline=None)
settings.load_profile("project")

# The environment variables the bot reads (case does not matter to it).
BOT_VARIABLES = frozenset(name.upper() for name in Settings.model_fields)


@pytest.fixture(scope="session", autouse=True)
def hermetic_run(tmp_path_factory):
    """Nothing in the developer's shell or `.env` may change a result: the bot's variables
    are cleared, for the tests and the processes they start, and tests run in an empty
    folder, away from any `.env` in the checkout. libpq's PG* variables go too: the
    PostgreSQL tests name everything they connect to."""
    with pytest.MonkeyPatch.context() as patch:
        for name in list(os.environ):
            if name.upper() in BOT_VARIABLES or name.upper().startswith("PG"):
                patch.delenv(name)
        patch.chdir(tmp_path_factory.mktemp("cwd"))
        yield


def _unavailable(why: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"PostgreSQL is needed in CI: {why}", pytrace=False)
    pytest.skip(f"PostgreSQL tests skipped: {why}")


async def _make_template(server: TempPostgres) -> None:
    store = await Store.open(await server.new_database(TEMPLATE), defaults=DEFAULTS)
    await store.close()


@pytest.fixture(scope="session")
def postgres_server():
    """One server for the whole run, with a migrated database each test copies."""
    try:
        server = TempPostgres().start()
    except (FileNotFoundError, RuntimeError) as error:
        _unavailable(f"{error}" if "install" in str(error) else f"{error}; {ENABLE}")
    try:
        # Asked for from inside a test's event loop: the template is made on a loop of
        # its own, on another thread.
        with ThreadPoolExecutor(1) as thread:
            thread.submit(asyncio.run, _make_template(server)).result()
        yield server
    finally:
        server.stop()


@pytest.fixture
async def harness(tmp_path):
    """A logged-in bot with every default extension, on a fresh database, in one guild."""
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        yield h


@pytest.fixture(params=["postgres", "sqlite"])
async def shared_database(request, tmp_path):
    """A database several bot processes use at once, as the target `Store.open` takes:
    a PostgreSQL database, as shard processes in production share, and a SQLite file in
    WAL mode (SQLite's own locking keeps processes on one machine safe). Made and
    migrated before any process opens it, so no two processes migrate it at once."""
    if request.param == "postgres":
        server = request.getfixturevalue("postgres_server")
        name = f"shared_{os.getpid()}_{id(request)}"
        yield await server.new_database(name, TEMPLATE)
        await server.drop_database(name)
        return
    target = str(tmp_path / "shared.sqlite3")
    store = await Store.open(target)
    await store.close()
    yield target
