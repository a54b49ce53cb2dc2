-- Compact records (bot/store/packing.py). A running hand's record, its action count and
-- its turn clock are kept in a table of their own, `running_hands`, whose row goes when
-- the hand ends; a hand that is over (settled or void) keeps its record and result
-- packed together in one blob, `hands.packed`, written in the transaction that ends it.
-- Read back, a packed hand gives the very texts that were packed: /history, the replay
-- and the players' records are what they were.
--
-- Why the running record leaves `hands`: appended to at every action, it grew in place to
-- a few kB (onto overflow pages) among the rows of hands already over, and shrank to its
-- packed size at the end; the pages it had spread over stayed mostly empty, as rows are
-- only ever added at the end of the table. A `running_hands` row grows, and goes, in a
-- table that only ever holds running hands.
--
-- SQL cannot pack (it has no zstandard): the hands already over keep their text in
-- `record` and `result` and are packed by the store when it opens the file, in batches
-- of their own transactions (packing.pack_all_over); a hand not packed yet is read as it
-- is, text. Hands running now move to `running_hands` as they stand. `hands.seq` is a
-- hand's count of actions once it is over (while it runs, `running_hands.seq` counts);
-- the turn clock is only ever a running hand's, so `hands` no longer has one.
--
-- SQLite cannot drop a NOT NULL, so `hands` is rebuilt as 0003 rebuilt `tables`: the new
-- table filled from the old one row for row, the old one dropped and the new one
-- renamed. The runner applies this with foreign keys off and checks them all before it
-- commits (bot/store/migrate.py): the ledger's, the players' records' and the running
-- hands' rows keep the same hand ids.
CREATE TABLE running_hands (
    hand_id         INTEGER PRIMARY KEY REFERENCES hands (id),
    record          TEXT NOT NULL CHECK (json_valid(record)),  -- rules/replay.md
    seq             INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0),  -- actions so far
    turn_started_ms INTEGER  -- when the current turn began, by the bot's clock
);
INSERT INTO running_hands (hand_id, record, seq, turn_started_ms)
SELECT id, record, seq, turn_started_ms FROM hands WHERE status = 'running';

CREATE TABLE hands_new (
    id              INTEGER PRIMARY KEY,
    table_id        INTEGER NOT NULL REFERENCES tables (id),
    number          INTEGER NOT NULL CHECK (number >= 1),
    record          TEXT CHECK (record IS NULL OR json_valid(record)),  -- not packed yet
    seq             INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0),  -- its actions, once over
    status          TEXT NOT NULL DEFAULT 'running'
                    CHECK (status IN ('running', 'settled', 'void')),
    result          TEXT,  -- the replay result (rules/replay.md), not packed yet
    started_ms      INTEGER NOT NULL,
    ended_ms        INTEGER,
    packed          BLOB,  -- record and result of a hand that is over (packing.py)
    -- A running hand's record is in running_hands; one over has its text or its blob.
    CHECK (CASE WHEN status = 'running' THEN record IS NULL AND packed IS NULL
                ELSE (packed IS NULL) <> (record IS NULL) END),
    CHECK (packed IS NULL OR (typeof(packed) = 'blob' AND result IS NULL)),
    UNIQUE (table_id, number)
);
INSERT INTO hands_new (id, table_id, number, record, seq, status, result, started_ms,
                       ended_ms)
SELECT id, table_id, number, CASE WHEN status = 'running' THEN NULL ELSE record END, seq,
       status, result, started_ms, ended_ms
FROM hands;
DROP TABLE hands;
ALTER TABLE hands_new RENAME TO hands;
CREATE UNIQUE INDEX hands_one_running_per_table ON hands (table_id) WHERE status = 'running';
-- The hands over still to pack: the store finds them at each start without reading the
-- table; empty once they are packed, as every hand is packed when it ends.
CREATE INDEX hands_to_pack ON hands (id) WHERE packed IS NULL AND status <> 'running';
