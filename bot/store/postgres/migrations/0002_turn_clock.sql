-- When the current turn of a running hand began, by the bot's clock (as SQLite's 0002).
ALTER TABLE hands ADD COLUMN turn_started_ms BIGINT;
