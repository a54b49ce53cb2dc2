"""Every store test runs on both stores: SQLite on a fresh file, PostgreSQL on a fresh
database of a server the tests start themselves (tests/pg_server.py).

A test that reads or writes the SQLite file by itself is marked `sqlite_only` with its
reason. Without PostgreSQL's server programs the PostgreSQL runs are skipped, with one
line saying how to enable them; when `CI` is set they fail instead.
"""

from __future__ import annotations

import itertools
import os

import pytest

from bot.store import Store
from tests.pg_server import TEMPLATE
from tests.store.helpers import DEFAULTS, Clock, assert_chips_add_up

BACKENDS = ("sqlite", "postgres")


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
async def postgres_url(postgres_server, request):
    """A fresh PostgreSQL database of the module's own, migrated, for a test that opens
    its stores on it itself (as two processes would, or with options of its own)."""
    name = request.module.__name__.rsplit(".", 1)[-1]
    url = await postgres_server.new_database(name, TEMPLATE)
    yield url
    await postgres_server.drop_database(name)


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
