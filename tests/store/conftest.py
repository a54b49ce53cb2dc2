"""Every store test runs on both stores: SQLite on a fresh file, PostgreSQL on a fresh
database of a server the tests start themselves (tests/pg_server.py).

A test that reads or writes the SQLite file by itself is marked `sqlite_only` with its
reason. Without PostgreSQL's server programs the PostgreSQL runs are skipped, with one
line saying how to enable them; when `CI` is set they fail instead.
"""

from __future__ import annotations

import asyncio
import itertools
import os
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.store import Store
from tests.pg_server import ENABLE, TempPostgres
from tests.store.helpers import DEFAULTS, Clock, assert_chips_add_up

BACKENDS = ("sqlite", "postgres")
TEMPLATE = "chips_template"


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "sqlite_only(reason): the test works on the SQLite file itself"
    )
    config.addinivalue_line(
        "markers", "empty_database: the PostgreSQL database starts without the schema"
    )


def pytest_generate_tests(metafunc):
    if "backend" in metafunc.fixturenames:
        only = metafunc.definition.get_closest_marker("sqlite_only")
        metafunc.parametrize("backend", BACKENDS[:1] if only else BACKENDS, indirect=True)


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


_numbers = itertools.count(1)


@pytest.fixture
def backend(request):
    return request.param


@pytest.fixture
async def db_path(backend, tmp_path, request):
    """Where the test's store lives: a SQLite file, or a fresh PostgreSQL database's URL
    (migrated, unless the test is marked `empty_database`)."""
    if backend == "sqlite":
        yield tmp_path / "chips.sqlite3"
        return
    server = request.getfixturevalue("postgres_server")
    name = f"chips_{os.getpid()}_{next(_numbers)}"
    empty = request.node.get_closest_marker("empty_database") is not None
    url = await server.new_database(name, "template0" if empty else TEMPLATE)
    yield url
    await server.drop_database(name)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(db_path, clock):
    """A store on a fresh file or database; after the test, every chip must still be
    accounted for. A test that closes it (to reopen it as a restart would) leaves the
    final check to a fresh store on the same data."""
    opened = await Store.open(db_path, defaults=DEFAULTS, clock=clock)
    try:
        yield opened
    finally:
        await opened.close()
    async with await Store.open(db_path, defaults=DEFAULTS, clock=clock) as checker:
        await assert_chips_add_up(checker)
