-- A table keeps the options its game's page allows (games.md G3.3), as SQLite's 0004.
ALTER TABLE tables ADD COLUMN options TEXT NOT NULL DEFAULT '{}'
    CHECK (json_valid(options) AND jsonb_typeof(options::jsonb) = 'object');
