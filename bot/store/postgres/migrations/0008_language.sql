-- As SQLite's 0008: the language a server's tables speak ('' follows Discord's language
-- of the server).
ALTER TABLE guild_settings ADD COLUMN language TEXT NOT NULL DEFAULT ''
    CHECK (length(language) <= 16 AND language ~ '^[A-Za-z0-9-]*$');
