"""Why the store refused an operation, in a sentence a player can read.

Every refusal happens before anything is written, or rolls back what was: a
StoreError always means "nothing changed". The Discord layer shows `message`
as an ephemeral reply; the attributes let it say more if it wants.

The database drivers' own errors for a database that cannot take a write now (its
disk full, read-only, locked or out of reach) are turned into one of these here,
StoreUnavailable, by both databases (`Faults`).
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Callable

from bot.i18n import Text

log = logging.getLogger(__name__)


class StoreError(Exception):
    """An operation the store refused; nothing was written."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class BadAmount(StoreError):
    """Zero, negative, not a whole number, or past what a 64-bit balance holds."""


class BadId(StoreError):
    """An id that cannot be a Discord id or a table id."""


class NotFound(StoreError):
    """An unknown user, table or hand."""


class NoWallet(NotFound):
    def __init__(self, guild_id: int, user_id: int) -> None:
        super().__init__(Text("That player has no bankroll on this server yet."))
        self.guild_id = guild_id
        self.user_id = user_id


class NoTable(NotFound):
    def __init__(self, table_id: int) -> None:
        super().__init__(Text("There is no such table."))
        self.table_id = table_id


class NoHand(NotFound):
    def __init__(self, hand_id: int) -> None:
        super().__init__(Text("There is no such hand."))
        self.hand_id = hand_id


class NotEnoughChips(StoreError):
    def __init__(self, have: int, need: int, what: str) -> None:
        short = need - have
        # Translators: {account} is whose chips are short: "Your bankroll", "Your stack".
        account = what if isinstance(what, Text) else Text(what)
        super().__init__(Text("{account} has {have} chips; this needs {need}: {short} short.",
                              account=account, have=have, need=need, short=short))
        self.have = have
        self.need = need
        self.short = short


class TooManyChips(StoreError):
    """A balance would pass 2**63 - 1, the most a 64-bit integer holds."""

    def __init__(self) -> None:
        super().__init__(Text("That would be more chips than a bankroll can hold."))


class DailyNotReady(StoreError):
    def __init__(self, seconds_left: int) -> None:
        hours, rest = divmod(max(seconds_left, 1), 3600)
        minutes = -(-rest // 60)  # round up: "0 minutes left" would be a lie
        if minutes == 60:
            hours, minutes = hours + 1, 0
        if hours and minutes:
            # Translators: the time left before the next daily chips, in hours and minutes.
            refusal = Text("You already took your daily chips. Come back in {hours} h "
                           "{minutes} min.", hours=hours, minutes=minutes)
        elif hours:
            refusal = Text("You already took your daily chips. Come back in {hours} h.",
                           hours=hours)
        else:
            refusal = Text("You already took your daily chips. Come back in {minutes} min.",
                           minutes=minutes)
        super().__init__(refusal)
        self.seconds_left = seconds_left


class DailyDisabled(StoreError):
    def __init__(self) -> None:
        super().__init__(Text("This server gives no daily chips."))


class ChannelBusy(StoreError):
    def __init__(self, channel_id: int) -> None:
        super().__init__(Text("There is already an open table in this channel."))
        self.channel_id = channel_id


class TableHeldElsewhere(StoreError):
    """Another bot process holds the table (two processes must never act on one table)."""

    def __init__(self, table_id: int) -> None:
        super().__init__(Text("This table is being run by another bot process."))
        self.table_id = table_id


class TableClosed(StoreError):
    def __init__(self) -> None:
        super().__init__(Text("This table is closed."))


class TableFull(StoreError):
    def __init__(self, max_players: int) -> None:
        super().__init__(Text.plural_of("This table is full: it seats {n} player.",
                                         "This table is full: it seats {n} players.",
                                         max_players))
        self.max_players = max_players


class AlreadySeated(StoreError):
    def __init__(self) -> None:
        super().__init__(Text("You already have a seat at this table."))


class NotSeated(StoreError):
    def __init__(self) -> None:
        super().__init__(Text("You have no seat at this table."))


class InHand(StoreError):
    """A seat dealt into the running hand cannot leave before it is settled."""

    def __init__(self) -> None:
        super().__init__(
            Text("You are in the hand being played; you can leave when it ends."))


class HandRunning(StoreError):
    def __init__(self) -> None:
        super().__init__(Text("A hand is already being played at this table."))


class HandOver(StoreError):
    def __init__(self) -> None:
        super().__init__(Text("This hand is over."))


class StaleAction(StoreError):
    """The action's sequence number is not the hand's action count (a double or late click)."""

    def __init__(self, given: int, current: int) -> None:
        super().__init__(Text("That move is out of date: the hand has moved on."))
        self.given = given
        self.current = current


class Mismatch(StoreError):
    """What was asked does not fit what is stored: a hand's seats, stacks, pots or chips."""

    def __init__(self, detail: str) -> None:
        # The detail is for the log (a bug's symptom): it stays English.
        super().__init__(Text("That does not match the table as stored: {detail}.",
                              detail=detail))
        self.detail = detail


class AlreadyBooked(StoreError):
    """The event's ledger reference is already used: it happened once, and only once."""

    def __init__(self, ref: str) -> None:
        super().__init__(Text("That was already done."))
        self.ref = ref


class BadSetting(StoreError):
    """A table or server setting out of range."""


class AuditRunning(StoreError):
    """An audit of the server is running already (one at a time: bot/store/audit.py)."""

    def __init__(self) -> None:
        super().__init__(Text(
            "An audit of this server is already running; its answer will update when it"
            " is done."
        ))


class StoreUnavailable(StoreError):
    """The database cannot take a write now: its disk is full, it is read-only, locked or
    out of reach. Nothing was written, and the same operation may go through later."""

    def __init__(self, fault: str) -> None:
        super().__init__(Text(
            "The bot cannot save anything right now, so nothing was changed; "
            "try again in a few minutes."
        ))
        self.fault = fault  # what is wrong, for the log: "disk full", "read-only"...


# SQLite's primary result codes (an extended code's low byte) that say what state the
# database is in, not what is wrong with the operation.
SQLITE_FAULTS = {
    sqlite3.SQLITE_FULL: "disk full",
    sqlite3.SQLITE_READONLY: "read-only",
    sqlite3.SQLITE_IOERR: "disk I/O error",
    sqlite3.SQLITE_BUSY: "locked by another process",
    sqlite3.SQLITE_LOCKED: "locked",
    sqlite3.SQLITE_CANTOPEN: "its files cannot be opened",
}
# PostgreSQL's SQLSTATEs (asyncpg's errors carry theirs), by whole code, then by the
# shortest prefix that names a group of them.
POSTGRES_FAULTS = {
    "53100": "disk full",
    "25006": "read-only",
    "53": "out of resources",  # memory, connections
    "58": "disk I/O error",  # system errors: I/O, a file gone
    "08": "unreachable",  # the connection failed or was lost
    "57P": "unreachable",  # the server is shutting down or starting up
}
LOG_EVERY_SECONDS = 60


def fault_of(error: BaseException) -> str | None:
    """What is wrong with the database when `error`, a driver's error, says it cannot take
    a write now; None for an error of the operation itself (a broken rule, a bug)."""
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        return SQLITE_FAULTS.get(code & 0xFF) if isinstance(code, int) else None
    state = getattr(error, "sqlstate", None)
    if isinstance(state, str):
        for key in (state, state[:3], state[:2]):
            if key in POSTGRES_FAULTS:
                return POSTGRES_FAULTS[key]
        return None
    if isinstance(error, OSError):  # the server's address cannot be reached, or timed out
        return "unreachable"
    return None


class Faults:
    """One database's faults, raised as StoreUnavailable and logged once a minute for each
    kind: while a disk is full, every click and every table's clock meets it."""

    def __init__(
        self, every: float = LOG_EVERY_SECONDS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.every = every
        self.clock = clock
        self._said: dict[str, float] = {}  # fault -> when it was last logged

    def raise_unavailable(self, error: Exception) -> None:
        """Raise StoreUnavailable (from `error`) if `error` is a database fault; else return,
        and the caller raises `error` itself."""
        fault = fault_of(error)
        if fault is None:
            return
        now = self.clock()
        said = self._said.get(fault)
        if said is None or now - said >= self.every:
            self._said[fault] = now
            log.warning("The database is unavailable (%s; %s): every change is refused "
                        "until it is back. Logged at most once a minute.", fault, error)
        raise StoreUnavailable(fault) from error
