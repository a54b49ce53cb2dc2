"""JSON for the stand-in's side of the wire: orjson where installed, else the standard
library. The stand-in is not what is measured; the less it costs, the more of the machine
the bot has."""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ModuleNotFoundError:  # pragma: no cover - without discord.py's speed extra
    orjson = None


def dumps(data: Any) -> bytes:
    if orjson is not None:
        return orjson.dumps(data)
    return json.dumps(data, separators=(",", ":")).encode()


def loads(raw: str | bytes) -> Any:
    return orjson.loads(raw) if orjson is not None else json.loads(raw)
