-- When the current turn of a running hand began, by the bot's clock, so that
-- after a restart the turn resumes with the time it had left.
ALTER TABLE hands ADD COLUMN turn_started_ms INTEGER;
