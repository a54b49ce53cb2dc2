-- The hall of games: a table plays one game, named in its row, and no game's rule
-- stays in the schema. A game's seat count, buy-in and pots are checked by the
-- store from the game itself (engine/games.py), not by CHECKs written for one game.
--
-- SQLite cannot drop a CHECK, so `tables`, `seats` and `carried_posts` are rebuilt:
-- each new table is filled from the old one, row for row, the old one dropped and
-- the new one renamed. The runner applies this with foreign keys off and checks
-- them all before it commits (bot/store/migrate.py). The ledger is not touched.

-- Tables: `game` (every table so far played Game, Flip and Flop); the four pot
-- columns move to `table_pots`; the buy-in and seat count checks go to the store.
CREATE TABLE tables_new (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    host_id         INTEGER NOT NULL,
    game            TEXT NOT NULL CHECK (game GLOB '[a-z]*' AND length(game) <= 32),
    stake           INTEGER NOT NULL CHECK (stake >= 1),
    buy_in          INTEGER NOT NULL CHECK (buy_in >= 1),
    max_players     INTEGER NOT NULL CHECK (max_players >= 1),
    turn_seconds    INTEGER NOT NULL CHECK (turn_seconds BETWEEN 15 AND 600),
    status          TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    opened_ms       INTEGER NOT NULL,
    closed_ms       INTEGER
);
INSERT INTO tables_new (id, guild_id, channel_id, host_id, game, stake, buy_in, max_players,
                        turn_seconds, status, opened_ms, closed_ms)
SELECT id, guild_id, channel_id, host_id, 'gff', stake, buy_in, max_players,
       turn_seconds, status, opened_ms, closed_ms
FROM tables;

-- A table's pots, by the names its game gives them. The ledger account
-- 'pot:<table>:<name>' is this row.
CREATE TABLE table_pots (
    table_id        INTEGER NOT NULL REFERENCES tables (id),
    name            TEXT NOT NULL CHECK (name GLOB '[a-z]*' AND length(name) <= 32),
    amount          INTEGER NOT NULL CHECK (amount >= 0),
    PRIMARY KEY (table_id, name)
) WITHOUT ROWID;
INSERT INTO table_pots (table_id, name, amount)
SELECT id, 'game', pot_game FROM tables
UNION ALL SELECT id, 'flip', pot_flip FROM tables
UNION ALL SELECT id, 'flop', pot_flop FROM tables
UNION ALL SELECT id, 'bonus', pot_bonus FROM tables;

DROP TABLE tables;
ALTER TABLE tables_new RENAME TO tables;
CREATE UNIQUE INDEX tables_one_open_per_channel ON tables (channel_id) WHERE status = 'open';
CREATE INDEX tables_by_guild ON tables (guild_id, status);
-- /history reaches the tables a channel had, newest first.
CREATE INDEX tables_by_channel ON tables (channel_id, id);

-- Who put the chips now carried in a pot, per pot name (a game's own rule says
-- what becomes of them when the table closes).
CREATE TABLE carried_posts_new (
    table_id        INTEGER NOT NULL REFERENCES tables (id),
    pot             TEXT NOT NULL,
    user_id         INTEGER NOT NULL,
    amount          INTEGER NOT NULL CHECK (amount > 0),
    PRIMARY KEY (table_id, pot, user_id)
);
INSERT INTO carried_posts_new (table_id, pot, user_id, amount)
SELECT table_id, pot, user_id, amount FROM carried_posts;
DROP TABLE carried_posts;
ALTER TABLE carried_posts_new RENAME TO carried_posts;

-- Seats: any number of positions; the game says how many a table may have.
-- `house`: the house's own seat (a computer player), whose chips are minted straight
-- into the stack as it sits down and burned straight from it as it leaves, each in
-- that one transaction, so they never rest in a wallet.
CREATE TABLE seats_new (
    table_id        INTEGER NOT NULL REFERENCES tables (id),
    user_id         INTEGER NOT NULL,
    position        INTEGER NOT NULL CHECK (position >= 0),
    stack           INTEGER NOT NULL CHECK (stack >= 0),
    status          TEXT NOT NULL CHECK (status IN ('seated', 'away', 'left')),
    house           INTEGER NOT NULL DEFAULT 0 CHECK (house IN (0, 1)),
    PRIMARY KEY (table_id, user_id)
);
-- The bot has always given computer players ids below 1,000,000 (Discord's are far
-- above): those seats are the house's.
INSERT INTO seats_new (table_id, user_id, position, stack, status, house)
SELECT table_id, user_id, position, stack, status, user_id < 1000000 FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;
CREATE UNIQUE INDEX seats_one_per_position ON seats (table_id, position) WHERE status <> 'left';
CREATE INDEX seats_by_user ON seats (user_id) WHERE stack > 0;

