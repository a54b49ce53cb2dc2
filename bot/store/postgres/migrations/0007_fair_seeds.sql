-- As SQLite's 0007: fair decks. A table's house seeds (64 lowercase hex digits, committed
-- to by their SHA-256; its current seed is its newest unrevealed one) and each player's
-- own seed; and card pictures off unless a server turns them on.
CREATE TABLE house_seeds (
    house_hash      TEXT PRIMARY KEY CHECK (house_hash ~ '^[0-9a-f]{64}$'),
    table_id        BIGINT NOT NULL REFERENCES tables (id),
    seed            TEXT NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
    created_ms      BIGINT NOT NULL,
    revealed_ms     BIGINT
);
CREATE INDEX house_seeds_by_table ON house_seeds (table_id, created_ms);

CREATE TABLE player_seeds (
    user_id         BIGINT PRIMARY KEY,
    seed            TEXT NOT NULL CHECK (seed ~ '^[A-Za-z0-9_-]{1,64}$'),
    set_ms          BIGINT NOT NULL
);

-- Cards are shown as the bot's own emoji faces; pictures were on by default, so a
-- row's 1 was the default, not a server's choice.
UPDATE guild_settings SET pictures = 0;
