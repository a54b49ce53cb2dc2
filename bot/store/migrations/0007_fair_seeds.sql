-- Fair decks (v1): each deal is shuffled from its table's house seed and its players'
-- own seeds, so that anyone can check the deal once the house seed is revealed.

-- A table's house seeds: 32 random bytes, as 64 lowercase hex digits, committed to by
-- their SHA-256 (`house_hash`, shown before the first deal a seed serves). A table's
-- current seed is its newest unrevealed one; a seed is revealed (`revealed_ms`) when
-- the table rotates to a new one between deals, or closes, and never used again.
CREATE TABLE house_seeds (
    house_hash      TEXT PRIMARY KEY
                    CHECK (length(house_hash) = 64 AND house_hash NOT GLOB '*[^0-9a-f]*'),
    table_id        INTEGER NOT NULL REFERENCES tables (id),
    seed            TEXT NOT NULL CHECK (length(seed) = 64 AND seed NOT GLOB '*[^0-9a-f]*'),
    created_ms      INTEGER NOT NULL,
    revealed_ms     INTEGER  -- NULL while the seed may still deal
);
CREATE INDEX house_seeds_by_table ON house_seeds (table_id, created_ms);

-- A player's own seed, the same at every table: 1 to 64 letters, digits, - or _.
CREATE TABLE player_seeds (
    user_id         INTEGER PRIMARY KEY,
    seed            TEXT NOT NULL
                    CHECK (length(seed) BETWEEN 1 AND 64 AND seed NOT GLOB '*[^A-Za-z0-9_-]*'),
    set_ms          INTEGER NOT NULL
);

-- Card pictures are now off unless a server turns them on: cards are shown as the
-- bot's own emoji faces. The old default was on, so a row's 1 was the default, not a
-- server's choice. (The column's DEFAULT stays 1: the store writes every setting.)
UPDATE guild_settings SET pictures = 0;
