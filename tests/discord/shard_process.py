"""One bot process for the sharded play test: the offline harness's real bot, run on its own
shards over a shared database, driven by JSON lines on stdin, answering in JSON lines.

    python -m tests.discord.shard_process '{"database": …, "guild_id": …, "channel_id": …,
        "shard_ids": "0", "shard_count": 2, "users": {"ann": …, "bob": …, "cy": …}}'

It prints {"ready": …} once started, then one line per command:
    {"op": "seat"}                                  everyone joins the channel's table
    {"op": "start", "hands": [...], "stock": "QS"}  the host deals from a fixed deck
    {"op": "act", "name": "ann", "act": "stock", "cards": "", "target": null}
    {"op": "state"}                                 the table, its hand, and the chips
Each answer carries `sent`: the requests this command made to Discord (method and route),
and `public`: the texts of the public messages it sent or changed. Server, channel and
user ids are given, so a process started again finds the same people at the same table.
"""

from __future__ import annotations

import asyncio
import json
import sys
from typing import Any

from tests.discord.table_driver import TableDriver
from tests.harness import Harness, User


def harness_for(config: dict[str, Any]) -> Harness:
    target = config["database"]
    where = (
        {"database_url": target} if target.startswith("postgresql://")
        else {"database_path": target}
    )
    return Harness(
        guild_id=config["guild_id"], channel_id=config["channel_id"],
        shard_ids=config["shard_ids"], shard_count=config["shard_count"], **where,
    )


def driver_for(h: Harness, users: dict[str, int]) -> TableDriver:
    d = TableDriver(h, names=())
    d.users = [User(user_id, name) for name, user_id in users.items()]
    d.by_name = {user.name: user for user in d.users}
    h.users.update({user.id: user for user in d.users})
    if not h.recorder.global_commands:
        # Commands are synced by shard 0's process, once: this Discord stand-in is new, so
        # it is given the schema the bot would sync, to build commands from.
        tree = h.bot.tree
        h.recorder.global_commands = [
            h.recorder._echo_command(command.to_dict(tree), None)
            for command in tree.get_commands()
        ]
    return d


def state(h: Harness, d: TableDriver) -> dict[str, Any]:
    table = d.table
    hand = table.hand if table is not None else None
    return {
        "tracked": sorted(h.bot.tables.tables),
        "table": table.id if table is not None else None,
        "hand_number": table.running.number if table is not None and table.running else None,
        "seq": hand.seq if hand is not None else None,
        "over": hand.is_over if hand is not None else None,
        "stacks": {s.user_id: s.stack for s in table.seats} if table is not None else {},
    }


async def answer(h: Harness, d: TableDriver, command: dict[str, Any]) -> dict[str, Any]:
    op = command["op"]
    if op == "seat":
        await d.seat_everyone()
    elif op == "start":
        await d.start(command["hands"], command.get("stock", ""))
    elif op == "act":
        await d.act(command["name"], command["act"], command.get("cards", ""),
                    command.get("target"))
    elif op == "result":
        number, _ = d.table.last_result
        stored = await h.bot.store.hand_by_number(d.table.id, number)
        chips = await h.bot.store.conservation(h.guild_id)
        return {"result": stored.result, "holds": all(g.holds for g in chips)}
    elif op != "state":
        raise ValueError(f"unknown op {op!r}")
    return state(h, d)


async def serve(config: dict[str, Any]) -> None:
    loop = asyncio.get_running_loop()
    async with harness_for(config) as h:
        d = driver_for(h, config["users"])
        print(json.dumps({"ready": True, **state(h, d)}), flush=True)
        while line := await loop.run_in_executor(None, sys.stdin.readline):
            sent_before = len(h.recorder.requests)
            public_before = {m.id: m.data.get("content") for m in h.public_messages()}
            try:
                reply = {"ok": True, **await answer(h, d, json.loads(line))}
            except Exception as error:
                reply = {"ok": False, "error": f"{type(error).__name__}: {error}"}
            reply["sent"] = [f"{r.method} {r.path}" for r in h.recorder.requests[sent_before:]]
            reply["public"] = [
                m.text() for m in h.public_messages()
                if public_before.get(m.id, object()) != m.data.get("content")
            ]
            print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    asyncio.run(serve(json.loads(sys.argv[1])))
