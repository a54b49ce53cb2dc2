"""(interim) the protocol names the store uses."""
from __future__ import annotations

from typing import Any, Protocol


class Settlement(Protocol):
    ended: str
    stacks: dict[str, int]
    eliminated: tuple[str, ...]
    carry: dict[str, int]
    transfers: tuple[Any, ...]

    def to_result(self) -> dict: ...


class Deal(Protocol):
    seq: int
    is_over: bool
    settlement: Settlement | None
    posts: tuple[Any, ...]

    def record(self) -> Any: ...
