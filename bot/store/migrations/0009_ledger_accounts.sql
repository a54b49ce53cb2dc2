-- The ledger names its accounts by number. Each account's name ('mint', 'burn',
-- 'wallet:<user>', 'seat:<table>:<user>', 'pot:<table>:<pot>') is written once, in
-- `accounts`, and a ledger row holds the two numbers: a settled hand books a dozen rows,
-- and each of them held two names of some 30 characters, and /audit grouped a server's
-- rows by those names, which sorts text. `mint` is 1 and `burn` 2, here and on every
-- database, so the queries name them as numbers and the indexes of minted and burned
-- chips serve them.
--
-- A hand's rows are its events, booked once each: the engine's transfers of the hand
-- (refs 'hand:<hand>:<i>') and the posts given back when it is void ('hand:<hand>:void:
-- <i>'). Those rows keep their event as (hand_id, n) under the key that already reached
-- a hand's rows, n = i for a transfer and -1 - i for a void's row, and their `ref` is
-- NULL: the ref's text and its own unique key took some 35 bytes a row, nearly as much as
-- the rest of the row (bench/ledger.py). Every other row (a wallet's, a seat's, a player
-- eliminated by a hand: 'hand:<hand>:out:<user>', booked without the hand) keeps its ref
-- text under its unique key as before. The view `ledger` shows every row as it was, names
-- and ref text, for whoever reads the ledger; the store writes `ledger_rows`
-- (bot/store/ledger.py).
--
-- SQLite cannot change a column's type, so the ledger is rebuilt as 0003 rebuilt
-- `tables`: the new table filled from the old one row for row (the same ids), the old
-- one dropped. The runner applies this with foreign keys off and checks them all before
-- it commits (bot/store/migrate.py).
CREATE TABLE accounts (
    id              INTEGER PRIMARY KEY,
    name            TEXT NOT NULL UNIQUE
);
INSERT INTO accounts (id, name) VALUES (1, 'mint'), (2, 'burn');
-- Numbered in the order the ledger first used them, as the store numbers new ones.
INSERT INTO accounts (name)
SELECT name FROM (SELECT source AS name, id FROM ledger UNION ALL SELECT target, id FROM ledger)
WHERE name NOT IN ('mint', 'burn')
GROUP BY name
ORDER BY MIN(id);

-- An account's name is part of every row that uses it: it never changes.
CREATE TRIGGER accounts_no_update BEFORE UPDATE ON accounts
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
CREATE TRIGGER accounts_no_delete BEFORE DELETE ON accounts
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;

CREATE TABLE ledger_rows (
    id              INTEGER PRIMARY KEY,
    at_ms           INTEGER NOT NULL,
    guild_id        INTEGER NOT NULL,
    source          INTEGER NOT NULL REFERENCES accounts (id),
    target          INTEGER NOT NULL REFERENCES accounts (id),
    amount          INTEGER NOT NULL CHECK (amount > 0),
    reason          TEXT NOT NULL,
    ref             TEXT,  -- the event, where it is not (hand_id, n)
    hand_id         INTEGER REFERENCES hands (id),
    n               INTEGER,  -- the hand's event: transfer i is i, void row i is -1 - i
    CHECK (source <> target),
    CHECK ((ref IS NULL) <> (n IS NULL)),
    CHECK (n IS NULL OR hand_id IS NOT NULL)
);
INSERT INTO ledger_rows (id, at_ms, guild_id, source, target, amount, reason, ref, hand_id, n)
SELECT l.id, l.at_ms, l.guild_id, s.id, t.id, l.amount, l.reason,
       CASE WHEN e.n IS NULL THEN l.ref END, l.hand_id, e.n
FROM ledger AS l
JOIN accounts AS s ON s.name = l.source
JOIN accounts AS t ON t.name = l.target
-- The ref's event within the row's own hand, where the ref is exactly what the view
-- below writes back for it: 'hand:<hand>:<i>' or 'hand:<hand>:void:<i>' (the rule of
-- bot/store/ledger.py's HAND_EVENT).
LEFT JOIN (
    SELECT id, n FROM (
        SELECT id, ref, hand_id,
               CASE WHEN rest GLOB 'void:*' THEN -1 - CAST(substr(rest, 6) AS INTEGER)
                    ELSE CAST(rest AS INTEGER) END AS n
        FROM (SELECT id, ref, hand_id,
                     substr(ref, length('hand:' || hand_id || ':') + 1) AS rest
              FROM ledger WHERE hand_id IS NOT NULL AND ref GLOB 'hand:*')
    )
    WHERE ref = CASE WHEN n >= 0 THEN 'hand:' || hand_id || ':' || n
                     ELSE 'hand:' || hand_id || ':void:' || (-1 - n) END
      AND n BETWEEN -1000000000000000000 AND 999999999999999999  -- i of 18 digits at most
) AS e ON e.id = l.id
ORDER BY l.id;

DROP TABLE ledger;  -- its indexes and triggers with it

-- Each event booked once: by its ref, or a hand's by (hand_id, n), which is also the key
-- that reaches a hand's rows. Partial, so that no row pays an entry for a NULL.
CREATE UNIQUE INDEX ledger_ref ON ledger_rows (ref) WHERE ref IS NOT NULL;
CREATE UNIQUE INDEX ledger_by_hand ON ledger_rows (hand_id, n) WHERE hand_id IS NOT NULL;
-- Minted and burned chips per server, for the conservation check.
CREATE INDEX ledger_minted ON ledger_rows (guild_id, amount) WHERE source = 1;
CREATE INDEX ledger_burned ON ledger_rows (guild_id, amount) WHERE target = 2;

CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger_rows
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger_rows
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;

-- The ledger as it always read: each row with its accounts' names and its ref.
CREATE VIEW ledger (id, at_ms, guild_id, source, target, amount, reason, ref, hand_id) AS
SELECT l.id, l.at_ms, l.guild_id, s.name, t.name, l.amount, l.reason,
       CASE WHEN l.n IS NULL THEN l.ref
            WHEN l.n >= 0 THEN 'hand:' || l.hand_id || ':' || l.n
            ELSE 'hand:' || l.hand_id || ':void:' || (-1 - l.n) END,
       l.hand_id
FROM ledger_rows AS l
JOIN accounts AS s ON s.id = l.source
JOIN accounts AS t ON t.id = l.target;

CREATE TRIGGER ledger_view_no_update INSTEAD OF UPDATE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
CREATE TRIGGER ledger_view_no_delete INSTEAD OF DELETE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
