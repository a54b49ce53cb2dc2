-- A table keeps the options its game's page allows (games.md G3.3: Concentration's
-- `match`, Faro's `max_bet`), as the JSON object each deal's record is given. Tables
-- opened before this had none: every option at its page's default.
ALTER TABLE tables ADD COLUMN options TEXT NOT NULL DEFAULT '{}'
    CHECK (json_valid(options) AND json_type(options) = 'object');
