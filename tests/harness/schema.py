"""Slash command payloads built from the command schema the bot itself synced.

A test names a command as a user types it ("gff rules") and passes its options as keyword
arguments. Anything the Discord client would not let a user send (an unknown command or
option, a missing required option, a value of the wrong type or outside the allowed range)
raises here, so a test breaks as soon as a command's options change.
"""

from __future__ import annotations

from typing import Any

from engine import games
from tests.harness.payloads import Channel, User

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = range(3, 12)
CHAT_INPUT = 1
MAX_SAFE_INTEGER = 2**53


# The commands of no one game, after every game's own (bot/client.py loads their cogs last).
OTHER_COMMANDS = ("games", "help", "bankroll", "daily", "stats", "fair", "config", "audit")


def every_command() -> list[str]:
    """The names the bot syncs, in order: each registered game's group in the hall's
    order (engine/games.py), then the rest."""
    return [*games.GAMES, *OTHER_COMMANDS]


class CommandError(LookupError):
    """The command or its options do not match what the bot synced."""


def _names(options: list[dict[str, Any]], kinds: tuple[int, ...]) -> str:
    found = [option["name"] for option in options if option.get("type") in kinds]
    return ", ".join(found) or "none"


def build_command_data(
    commands: list[dict[str, Any]],
    typed: str,
    values: dict[str, Any],
    *,
    guild_id: int | None,
    channels: dict[int, Channel],
    forged: bool = False,
) -> dict[str, Any]:
    """The data of a slash interaction; `forged` skips the checks a client makes of a value
    (its min and max, its length, its choices), as a modified client could."""
    words = typed.strip().lstrip("/").split()
    if not words:
        raise CommandError("no command given")
    top = next(
        (c for c in commands if c["name"] == words[0] and c.get("type", 1) == CHAT_INPUT), None
    )
    if top is None:
        synced = ", ".join(sorted(c["name"] for c in commands)) or "none"
        raise CommandError(f"/{words[0]} was not synced; synced commands: {synced}")

    data: dict[str, Any] = {"id": top["id"], "name": top["name"], "type": CHAT_INPUT}
    if guild_id is not None:
        data["guild_id"] = str(guild_id)
    node, holder, path = top, data, f"/{words[0]}"
    for word in words[1:]:
        children = node.get("options", [])
        child = next(
            (
                option
                for option in children
                if option["name"] == word and option["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ),
            None,
        )
        if child is None:
            has = _names(children, (SUB_COMMAND, SUB_COMMAND_GROUP))
            raise CommandError(f"{path} has no subcommand {word!r}; it has: {has}")
        entry: dict[str, Any] = {"type": child["type"], "name": word}
        holder.setdefault("options", []).append(entry)
        node, holder, path = child, entry, f"{path} {word}"

    declared = node.get("options", [])
    if any(option["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for option in declared):
        kinds = (SUB_COMMAND, SUB_COMMAND_GROUP)
        raise CommandError(f"{path} needs a subcommand: {_names(declared, kinds)}")

    resolved: dict[str, dict[str, Any]] = {}
    by_name = {option["name"]: option for option in declared}
    for name in values:
        if name not in by_name:
            has = _names(declared, tuple(range(STRING, ATTACHMENT + 1)))
            raise CommandError(f"{path} has no option {name!r}; it has: {has}")
    sent = []
    for option in declared:
        name = option["name"]
        if name not in values or values[name] is None:
            if option.get("required"):
                raise CommandError(f"{path} needs the option {name!r}")
            continue
        checked = option if not forged else {k: v for k, v in option.items() if k not in (
            "min_value", "max_value", "min_length", "max_length", "choices")}
        value = _convert(path, checked, values[name], resolved, channels)
        sent.append({"type": option["type"], "name": name, "value": value})
    if sent:
        holder["options"] = sent
    if resolved:
        data["resolved"] = resolved
    return data


def _convert(
    path: str,
    option: dict[str, Any],
    value: Any,
    resolved: dict[str, dict[str, Any]],
    channels: dict[int, Channel],
) -> Any:
    kind, name = option["type"], option["name"]
    where = f"{path} option {name!r}"
    if kind == STRING:
        if not isinstance(value, str):
            raise CommandError(f"{where} takes text, not {value!r}")
        if not option.get("min_length", 0) <= len(value) <= option.get("max_length", 6000):
            raise CommandError(f"{where}: length {len(value)} is outside the allowed range")
    elif kind == INTEGER:
        if isinstance(value, bool) or not isinstance(value, int) or abs(value) > MAX_SAFE_INTEGER:
            raise CommandError(f"{where} takes a whole number, not {value!r}")
        _check_range(where, option, value)
    elif kind == NUMBER:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise CommandError(f"{where} takes a number, not {value!r}")
        _check_range(where, option, value)
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise CommandError(f"{where} takes True or False, not {value!r}")
    elif kind == USER:
        if not isinstance(value, User):
            raise CommandError(f"{where} takes a harness User, not {value!r}")
        resolved.setdefault("users", {})[str(value.id)] = value.payload()
        member = {**value.member(with_user=False), "permissions": str(value.permissions)}
        resolved.setdefault("members", {})[str(value.id)] = member
        return str(value.id)
    elif kind == CHANNEL:
        if not isinstance(value, Channel) or value.id not in channels:
            raise CommandError(f"{where} takes a channel of the harness guild, not {value!r}")
        channel = {**value.payload(), "permissions": "0"}
        resolved.setdefault("channels", {})[str(value.id)] = channel
        return str(value.id)
    else:
        raise NotImplementedError(f"{where}: option type {kind} is not supported by the harness")

    choices = option.get("choices")
    if choices and value not in [choice["value"] for choice in choices]:
        allowed = ", ".join(repr(choice["value"]) for choice in choices)
        raise CommandError(f"{where} must be one of {allowed}, not {value!r}")
    return value


def _check_range(where: str, option: dict[str, Any], value: float) -> None:
    low, high = option.get("min_value"), option.get("max_value")
    if (low is not None and value < low) or (high is not None and value > high):
        raise CommandError(f"{where} must be from {low} to {high}, not {value!r}")
