"""The Store protocol is what the rest of the bot may ask of a store: the SQLite store
offers every method of it, with the same parameters, so another store can stand in."""

from __future__ import annotations

import inspect

from bot.store import SqliteStore, Store


def protocol_methods() -> dict[str, inspect.Signature]:
    return {
        name: inspect.signature(member)
        for name, member in vars(Store).items()
        if not name.startswith("_") and inspect.isfunction(member) and name != "open"
    }


def test_the_protocol_names_the_stores_whole_public_surface():
    public = {
        name for name, member in vars(SqliteStore).items()
        if not name.startswith("_") and inspect.isfunction(member) and name != "open"
    }
    assert set(protocol_methods()) == public


def test_each_method_takes_the_same_parameters_in_both():
    for name, wanted in protocol_methods().items():
        have = inspect.signature(getattr(SqliteStore, name))
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
