"""SQLite connections on threads of their own: each transaction in one hop, with group commit.

The sqlite3 module blocks, so each connection lives on one dedicated thread and
the event loop sends it work. Each piece of work sent costs a hop there and back;
a transaction made of separate sends (BEGIN, the statements, COMMIT) would pay
several. Here a transaction is one synchronous function run on that thread, so
it costs one hop however many statements it has. Writes have one connection, and
reads a few of their own (READERS; WAL lets a reader see the last commit without
waiting for the writer), so no write queues behind a read, and a slow read (an audit of
a big server) holds one reader while the others serve everyone else.

Writes are serialised by one asyncio.Lock, held while a write transaction is on
its way to disk. Writes that arrive meanwhile wait, then share the next
transaction (group commit): one fsync for many tables' actions. A write refused
in a shared transaction leaves no trace and does not disturb the others (the
transaction runs again with each write in a SAVEPOINT of its own), and no caller
hears of its write before the COMMIT that makes it durable. The transaction is
sent and its outcome handed out by callbacks, not by a task: no task's
cancellation can strand the writes that share it, and no extra turn of the event
loop is spent on the way.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from queue import SimpleQueue
from typing import Any, TypeVar

from bot.store.errors import Faults

T = TypeVar("T")
Work = Callable[[sqlite3.Connection], Any]

READERS = 4  # read connections, each on its own thread
BUSY_TIMEOUT_MS = 5_000  # another process holding the write lock (a backup, a shell)
# json_insert() with '$[#]' (3.31); window functions, upserts and partial indexes are older.
OLDEST_SQLITE = (3, 31)

log = logging.getLogger(__name__)


class WorkThread:
    """One thread that runs the functions sent to it in order, each as one hop.

    submit() queues the function and returns an asyncio future at once; the
    thread runs it and hands back its result or exception through the future's
    loop. A ThreadPoolExecutor with one worker does the same, but wraps each call
    in a second future, which makes its hop slower (`make bench` times both).
    """

    def __init__(self, name: str) -> None:
        self._jobs: SimpleQueue[tuple[asyncio.Future, Callable[[], Any]] | None] = SimpleQueue()
        self.ran = 0  # functions run on the thread: each is one hop
        self.stopped = False
        # A daemon: a database left open must not keep the process from exiting,
        # and a transaction the exit cuts short leaves no trace in SQLite's WAL.
        self.thread = threading.Thread(target=self._run, name=name, daemon=True)
        self.thread.start()

    def submit(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """Queue fn(*args) on the thread; the future of its outcome."""
        if self.stopped:
            raise ValueError("Connection closed")
        future = asyncio.get_running_loop().create_future()
        self._jobs.put((future, partial(fn, *args)))
        return future

    def stop(self) -> None:
        """Refuse new work; the thread ends once it has run all that was sent before."""
        self.stopped = True
        self._jobs.put(None)

    def _run(self) -> None:
        while (job := self._jobs.get()) is not None:
            future, fn = job
            try:
                outcome, settle = fn(), _succeed
            except BaseException as error:  # noqa: B036 - handed to the caller, who re-raises
                outcome, settle = error, _fail
            self.ran += 1
            try:
                future.get_loop().call_soon_threadsafe(settle, future, outcome)
            except RuntimeError:
                pass  # its event loop is closed: nobody is left to tell


def _succeed(future: asyncio.Future, result: Any) -> None:
    if not future.done():  # its caller may have been cancelled meanwhile
        future.set_result(result)


def _fail(future: asyncio.Future, error: BaseException) -> None:
    if not future.done():
        future.set_exception(error)


def connect(path: str | Path) -> sqlite3.Connection:
    """A connection with the pragmas chips need; call it on the thread that will use it."""
    # isolation_level=None: the sqlite3 module opens no transaction of its own;
    # every write transaction here starts with an explicit BEGIN IMMEDIATE.
    db = sqlite3.connect(path, isolation_level=None)
    try:
        configure(db)
    except BaseException:
        db.close()
        raise
    return db


def configure(db: sqlite3.Connection) -> None:
    """The pragmas every connection needs."""
    mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
    if mode != "wal":
        # Still correct, only slower and blocking readers: worth a line in the log.
        log.warning("SQLite would not use WAL on this file; journal mode is %s", mode)
    db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA synchronous = FULL")  # these are chips: a commit survives power loss


class Damaged(sqlite3.DatabaseError):
    """SQLite's quick_check found the file damaged."""


def check_intact(db: sqlite3.Connection) -> None:
    """Raise Damaged unless SQLite's quick_check finds the file sound. It reads every page,
    so a damaged page is found at start-up, not by a player's action: about a fifth of a
    second for 200 MB."""
    finding = db.execute("PRAGMA quick_check(1)").fetchone()[0]
    if finding != "ok":
        # Its first line may only name the schema ("*** in database main ***").
        where = " ".join(line for line in finding.splitlines() if not line.startswith("***"))
        raise Damaged(f"database disk image is malformed ({where})")


@dataclass(slots=True)
class _Job:
    work: Work
    future: asyncio.Future


@dataclass(slots=True)
class _Reader:
    thread: WorkThread
    conn: sqlite3.Connection  # used on its thread only


class Database:
    """Writes (and migrations) on one connection and its thread; reads on a few others.

    In WAL mode a reader never waits for the writer, and here a write never waits for
    a read either: on one thread, a batch of actions sent while a table's info was
    being read would queue behind that read. A read takes a reader that is free, so a
    long read for one server delays no short read for another while one is free."""

    def __init__(
        self, thread: WorkThread, conn: sqlite3.Connection, readers: list[_Reader]
    ) -> None:
        self._thread = thread
        self._conn = conn  # used on self._thread only
        self._readers = readers
        self._free: asyncio.Queue[_Reader] = asyncio.Queue()
        for reader in readers:
            self._free.put_nowait(reader)
        self._lock = asyncio.Lock()  # held while a write transaction (or a migration) runs
        self._waiting: list[_Job] = []
        self.commits = 0  # transactions committed, for tests and the benchmark
        self.closed = False
        self.faults = Faults()  # a full disk, a read-only file: StoreUnavailable

    @property
    def hops(self) -> int:
        """Functions run on the connections' threads so far, for tests and the benchmark."""
        return self._thread.ran + sum(reader.thread.ran for reader in self._readers)

    @classmethod
    async def open(cls, path: str | Path, *, readers: int = READERS) -> Database:
        if sqlite3.sqlite_version_info < OLDEST_SQLITE:
            raise RuntimeError(
                f"SQLite {sqlite3.sqlite_version} is too old for the chip store; "
                f"it needs {'.'.join(map(str, OLDEST_SQLITE))} or newer"
            )
        name = Path(path).name
        thread = WorkThread(f"sqlite {name}")
        try:
            conn = await thread.submit(connect, path)  # first: it makes the file WAL
        except BaseException:
            thread.stop()
            raise
        opened: list[_Reader] = []
        try:
            for number in range(1, readers + 1):
                reader = WorkThread(f"sqlite {name} reads {number}")
                try:
                    opened.append(_Reader(reader, await reader.submit(connect, path)))
                except BaseException:
                    reader.stop()
                    raise
        except BaseException:
            for reader in opened:
                await reader.thread.submit(sqlite3.Connection.close, reader.conn)
                reader.thread.stop()
            await thread.submit(sqlite3.Connection.close, conn)
            thread.stop()
            raise
        return cls(thread, conn, opened)

    async def close(self) -> None:
        """Once every write and read sent before it is done; then the threads end."""
        await self._lock.acquire()
        try:
            if not self.closed:
                self.closed = True
                threads = [self._thread, *(reader.thread for reader in self._readers)]
                closing = [self._submit(sqlite3.Connection.close)] + [
                    reader.thread.submit(sqlite3.Connection.close, reader.conn)
                    for reader in self._readers
                ]
                for thread in threads:
                    thread.stop()
                await asyncio.gather(*closing)
                for thread in threads:
                    thread.thread.join()  # nothing is left in its queue: it is ending
        finally:
            self._send_or_release()  # writes that came in meanwhile fail: it is closed

    def _submit(self, fn: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        """fn(connection, *args) on the connection's thread, as one hop."""
        return self._thread.submit(fn, self._conn, *args)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(db, *args) with no transaction around it, for work that makes its own (migrations)."""
        await self._lock.acquire()
        try:
            return await self._submit(fn, *args)
        finally:
            self._send_or_release()

    async def read(self, work: Callable[..., T], *args: Any) -> T:
        """work(db, *args) in a read transaction: one consistent snapshot, one hop. It sees
        every write whose caller has heard it landed (a write is heard of after COMMIT)."""
        if self.closed:
            raise ValueError("Connection closed")
        reader = await self._free.get()
        try:
            sent = reader.thread.submit(_read, reader.conn, _bind(work, args))
        except BaseException:
            self._free.put_nowait(reader)
            raise
        # The reader is free again once its read is over, even if its caller was
        # cancelled meanwhile: it never takes a second read while one runs on it.
        sent.add_done_callback(lambda _: self._free.put_nowait(reader))
        try:
            return await asyncio.shield(sent)
        except Exception as error:
            self.faults.raise_unavailable(error)
            raise

    async def write(self, work: Callable[..., T], *args: Any) -> T:
        """work(db, *args) in a write transaction; its exception, if any, rolls it back."""
        job = _Job(_bind(work, args), asyncio.get_running_loop().create_future())
        self._waiting.append(job)
        try:
            if not self._lock.locked():
                # Free: taken at once. Held, its holder sends this write when it is done.
                await self._lock.acquire()
                self._send_or_release()
            return await job.future
        except asyncio.CancelledError:
            if job in self._waiting:
                self._waiting.remove(job)  # it never ran: nothing was written
            raise
        except Exception as error:
            self.faults.raise_unavailable(error)  # rolled back: the database's state
            raise

    def _send_or_release(self) -> None:
        """With the lock held: send all that waits as one transaction, or let the lock go."""
        if not self._waiting:
            self._lock.release()
            return
        batch, self._waiting = self._waiting, []
        try:
            landed = self._submit(run_batch, [job.work for job in batch])
        except Exception as error:  # the connection is closed
            self._settle(batch, error, [])
            self._lock.release()
            return
        landed.add_done_callback(partial(self._landed, batch))

    def _landed(self, batch: list[_Job], landed: asyncio.Future) -> None:
        error = landed.exception() if not landed.cancelled() else asyncio.CancelledError()
        if error is None:
            self.commits += 1
        self._settle(batch, error, [] if error else landed.result())
        self._send_or_release()

    @staticmethod
    def _settle(
        batch: list[_Job], error: BaseException | None, outcomes: list[tuple[bool, Any]]
    ) -> None:
        """Tell each write how it went: the batch's error, or its own outcome."""
        for index, job in enumerate(batch):
            if job.future.done():
                continue  # its caller was cancelled; the write stands
            if error is not None:
                job.future.set_exception(error)
            elif outcomes[index][0]:
                job.future.set_result(outcomes[index][1])
            else:
                job.future.set_exception(outcomes[index][1])


def _bind(work: Callable[..., Any], args: tuple[Any, ...]) -> Work:
    """work(db, *args) as a function of the connection alone."""
    return lambda db: work(db, *args)


def _read(db: sqlite3.Connection, work: Work) -> Any:
    db.execute("BEGIN")
    try:
        return work(db)
    finally:
        # Nothing to make durable: a read ends with ROLLBACK, which would also undo a
        # write that slipped into a read by mistake.
        db.execute("ROLLBACK")


def run_batch(db: sqlite3.Connection, works: list[Work]) -> list[tuple[bool, Any]]:
    """One transaction for all `works`; (True, result) or (False, exception) for each."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if len(works) == 1:
            outcomes = [_alone(db, works[0])]
        else:
            outcomes = _all_or_each(db, works)
        if db.in_transaction:
            db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    return outcomes


def _alone(db: sqlite3.Connection, work: Work) -> tuple[bool, Any]:
    try:
        return True, work(db)
    except Exception as error:
        if db.in_transaction:
            db.execute("ROLLBACK")
        return False, error


def _all_or_each(db: sqlite3.Connection, works: list[Work]) -> list[tuple[bool, Any]]:
    """Every work plainly, one after another; if one is refused, the transaction starts
    again with each work in a savepoint of its own, so the refused one leaves no trace
    and the others land. A refusal is rare (the tables check actions before they are
    stored), and savepoints for every work would cost two statements more each: each
    statement hands the interpreter's lock to the event loop and back, and in a batch of
    dozens of actions those hand-overs, not SQLite, set how long the batch takes."""
    outcomes = []
    for work in works:
        try:
            outcomes.append((True, work(db)))
        except Exception:
            if not db.in_transaction:
                raise  # SQLite rolled the whole transaction back (disk full, I/O error)
            db.execute("ROLLBACK")
            db.execute("BEGIN IMMEDIATE")
            return [_in_savepoint(db, work) for work in works]
    return outcomes


def _in_savepoint(db: sqlite3.Connection, work: Work) -> tuple[bool, Any]:
    db.execute("SAVEPOINT operation")
    try:
        result = work(db)
    except Exception as error:
        if not db.in_transaction:
            raise  # SQLite rolled the whole transaction back (disk full, I/O error)
        db.execute("ROLLBACK TO operation")
        db.execute("RELEASE operation")
        return False, error
    db.execute("RELEASE operation")
    return True, result
