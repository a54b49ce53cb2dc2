-- Chips, tables and hands. Applied once, in one transaction; never edit it once
-- applied: add 0002_... instead. Times are Unix milliseconds. Chip columns are
-- 64-bit integers that never go negative.

-- Per-server house settings (GFF-8); a server without a row uses the bot's defaults.
CREATE TABLE guild_settings (
    guild_id        INTEGER PRIMARY KEY,
    stake           INTEGER NOT NULL CHECK (stake >= 1),
    buy_in_stakes   INTEGER NOT NULL CHECK (buy_in_stakes >= 4),
    starting_chips  INTEGER NOT NULL CHECK (starting_chips >= 0),
    daily_chips     INTEGER NOT NULL CHECK (daily_chips >= 0),
    turn_seconds    INTEGER NOT NULL CHECK (turn_seconds BETWEEN 15 AND 600)
);

-- A player's bankroll on one server.
CREATE TABLE wallets (
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    balance         INTEGER NOT NULL CHECK (balance >= 0),
    created_ms      INTEGER NOT NULL,
    daily_ms        INTEGER,  -- when the daily chips were last taken
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX wallets_by_balance ON wallets (guild_id, balance DESC);

-- Every chip movement, append-only. Accounts: 'mint', 'burn', 'wallet:<user>',
-- 'seat:<table>:<user>', 'pot:<table>:<pot>'. `ref` names the event that moved
-- the chips; its UNIQUE key means one event can never be booked twice.
CREATE TABLE ledger (
    id              INTEGER PRIMARY KEY,
    at_ms           INTEGER NOT NULL,
    guild_id        INTEGER NOT NULL,
    source          TEXT NOT NULL,
    target          TEXT NOT NULL,
    amount          INTEGER NOT NULL CHECK (amount > 0),
    reason          TEXT NOT NULL,
    ref             TEXT NOT NULL UNIQUE,
    hand_id         INTEGER REFERENCES hands (id),
    CHECK (source <> target)
);
CREATE INDEX ledger_by_hand ON ledger (hand_id) WHERE hand_id IS NOT NULL;
-- Minted and burned chips per server, for the conservation check.
CREATE INDEX ledger_minted ON ledger (guild_id, amount) WHERE source = 'mint';
CREATE INDEX ledger_burned ON ledger (guild_id, amount) WHERE target = 'burn';

CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;

-- One table per channel while open. The pots hold a running hand's posts; between
-- hands the game and bonus pots are empty and flip/flop hold what carries (GFF-4.5).
CREATE TABLE tables (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    host_id         INTEGER NOT NULL,
    stake           INTEGER NOT NULL CHECK (stake >= 1),
    buy_in          INTEGER NOT NULL CHECK (buy_in >= 4 * stake),
    max_players     INTEGER NOT NULL CHECK (max_players BETWEEN 2 AND 5),
    turn_seconds    INTEGER NOT NULL CHECK (turn_seconds BETWEEN 15 AND 600),
    status          TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    pot_game        INTEGER NOT NULL DEFAULT 0 CHECK (pot_game >= 0),
    pot_flip        INTEGER NOT NULL DEFAULT 0 CHECK (pot_flip >= 0),
    pot_flop        INTEGER NOT NULL DEFAULT 0 CHECK (pot_flop >= 0),
    pot_bonus       INTEGER NOT NULL DEFAULT 0 CHECK (pot_bonus >= 0),
    opened_ms       INTEGER NOT NULL,
    closed_ms       INTEGER
);
CREATE UNIQUE INDEX tables_one_open_per_channel ON tables (channel_id) WHERE status = 'open';
CREATE INDEX tables_by_guild ON tables (guild_id, status);

-- GFF-4.6: who posted the chips now carried in a flip or flop pot, so that a table
-- that closes gives each chip back to the player who posted it.
CREATE TABLE carried_posts (
    table_id        INTEGER NOT NULL REFERENCES tables (id),
    pot             TEXT NOT NULL CHECK (pot IN ('flip', 'flop')),
    user_id         INTEGER NOT NULL,
    amount          INTEGER NOT NULL CHECK (amount > 0),
    PRIMARY KEY (table_id, pot, user_id)
);

-- A seat keeps its row after the player leaves (stack 0, status 'left'), so the
-- account 'seat:<table>:<user>' is one row for the table's whole life.
CREATE TABLE seats (
    table_id        INTEGER NOT NULL REFERENCES tables (id),
    user_id         INTEGER NOT NULL,
    position        INTEGER NOT NULL CHECK (position BETWEEN 0 AND 4),
    stack           INTEGER NOT NULL CHECK (stack >= 0),
    status          TEXT NOT NULL CHECK (status IN ('seated', 'away', 'left')),
    PRIMARY KEY (table_id, user_id)
);
CREATE UNIQUE INDEX seats_one_per_position ON seats (table_id, position) WHERE status <> 'left';
-- Standings add each player's stacks to their wallet.
CREATE INDEX seats_by_user ON seats (user_id) WHERE stack > 0;

-- A hand's record (rules/replay.md) is the source of truth: accepted actions are
-- appended to it, and `seq` is how many there are.
CREATE TABLE hands (
    id              INTEGER PRIMARY KEY,
    table_id        INTEGER NOT NULL REFERENCES tables (id),
    number          INTEGER NOT NULL CHECK (number >= 1),
    record          TEXT NOT NULL CHECK (json_valid(record)),
    seq             INTEGER NOT NULL DEFAULT 0 CHECK (seq >= 0),
    status          TEXT NOT NULL DEFAULT 'running'
                    CHECK (status IN ('running', 'settled', 'void')),
    result          TEXT,  -- the replay result (rules/replay.md) once settled
    started_ms      INTEGER NOT NULL,
    ended_ms        INTEGER,
    UNIQUE (table_id, number)
);
CREATE UNIQUE INDEX hands_one_running_per_table ON hands (table_id) WHERE status = 'running';
