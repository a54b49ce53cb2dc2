"""The Store protocol is what the rest of the bot may ask of a store: the SQLite and the
PostgreSQL store offer every method of it (most written once, in SqlStore), with the
same parameters, so either can stand in."""

from __future__ import annotations

import inspect

import pytest

from bot.store import SqliteStore, SqlStore, Store
from bot.store.postgres import PostgresStore

STORES = (SqliteStore, PostgresStore)


def protocol_methods() -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in vars(Store).items()
        if not name.startswith("_") and inspect.isfunction(member) and name != "open"
    }


@pytest.mark.parametrize("store", STORES, ids=lambda store: store.__name__)
def test_the_protocol_names_the_stores_whole_public_surface(store):
    assert issubclass(store, SqlStore)
    public = {
        name for cls in store.__mro__ for name, member in vars(cls).items()
        if not name.startswith("_") and inspect.isfunction(member) and name != "open"
    }
    assert set(protocol_methods()) == public


@pytest.mark.parametrize("store", STORES, ids=lambda store: store.__name__)
def test_each_method_takes_the_same_parameters_in_both(store):
    for name, wanted in protocol_methods().items():
        have = inspect.signature(getattr(store, name))
        assert list(have.parameters) == list(wanted.parameters), name
        for param in wanted.parameters.values():
            assert have.parameters[param.name].kind == param.kind, (name, param.name)
            assert have.parameters[param.name].default == param.default, (name, param.name)


async def test_opening_through_the_protocol_gives_the_sqlite_store(tmp_path):
    store = await Store.open(tmp_path / "chips.sqlite3")
    try:
        assert isinstance(store, SqliteStore)
    finally:
        await store.close()
