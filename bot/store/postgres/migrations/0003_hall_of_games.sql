-- The hall of games, as SQLite's 0003: a table names its game, its pots move to
-- `table_pots` by the names its game gives them, and the checks written for one game
-- go (PostgreSQL drops them in place where SQLite rebuilds the tables). The ledger is
-- not touched.
ALTER TABLE tables ADD COLUMN game TEXT NOT NULL DEFAULT 'gff'
    CHECK (game ~ '^[a-z]' AND length(game) <= 32);
ALTER TABLE tables ALTER COLUMN game DROP DEFAULT;
ALTER TABLE tables DROP CONSTRAINT tables_gff_buy_in;
ALTER TABLE tables DROP CONSTRAINT tables_gff_seats;
ALTER TABLE tables ADD CHECK (buy_in >= 1);
ALTER TABLE tables ADD CHECK (max_players >= 1);

CREATE TABLE table_pots (
    table_id        BIGINT NOT NULL REFERENCES tables (id),
    name            TEXT NOT NULL CHECK (name ~ '^[a-z]' AND length(name) <= 32),
    amount          BIGINT NOT NULL CHECK (amount >= 0),
    PRIMARY KEY (table_id, name)
);
INSERT INTO table_pots (table_id, name, amount)
SELECT id, 'game', pot_game FROM tables
UNION ALL SELECT id, 'flip', pot_flip FROM tables
UNION ALL SELECT id, 'flop', pot_flop FROM tables
UNION ALL SELECT id, 'bonus', pot_bonus FROM tables;
ALTER TABLE tables DROP COLUMN pot_game, DROP COLUMN pot_flip, DROP COLUMN pot_flop,
    DROP COLUMN pot_bonus;
CREATE INDEX tables_by_channel ON tables (channel_id, id);

ALTER TABLE carried_posts DROP CONSTRAINT carried_posts_gff_pot;

ALTER TABLE seats DROP CONSTRAINT seats_gff_position;
ALTER TABLE seats ADD CHECK (position >= 0);
-- The house's own seat (a computer player); ids below 1,000,000 always were the house's.
ALTER TABLE seats ADD COLUMN house INTEGER NOT NULL DEFAULT 0 CHECK (house IN (0, 1));
UPDATE seats SET house = 1 WHERE user_id < 1000000;
