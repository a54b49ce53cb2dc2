-- A server may turn the card pictures off (its tables then show words only). 1: on.
ALTER TABLE guild_settings ADD COLUMN pictures INTEGER NOT NULL DEFAULT 1
    CHECK (pictures IN (0, 1));
